import type { LeagueRow } from '../../db/repos/leagues.js';
import type { LeagueServices } from '../leagues/league-services.js';

/** How a league ranks its members (docs/rules.md §5): one rule per league, named on its screens. */
export interface RankingRule {
  key: 'shareValue';
  label: string;
  description: string;
}

/**
 * The league's ranking rule. Every league ranks by share value today; when leagues choose their
 * rule, this is the one place that reads it.
 */
export function rankingRuleOf(_league: Pick<LeagueRow, 'id'>): RankingRule {
  return { key: 'shareValue', label: 'Share value', description: 'the value of your shares at their prices (cash does not count); equal values share a place' };
}

export interface Standing {
  userId: number;
  username: string;
  /** What the rule ranks by, in cents. */
  figureCents: number;
  /** Cash, escrow and shares, in cents. */
  netWorthCents: number;
  /** 1 + how many members have more: equal figures share a place. */
  rank: number;
}

/**
 * Every current member of the league ranked by its rule, best first: the one function the rivalry
 * notices and the weekly recap read the standings through. It costs one lookup per member in the
 * writer's read models.
 */
export function standingsOf(league: Pick<LeagueServices, 'db' | 'reads'>, _rule: RankingRule): Standing[] {
  const members = league.db.$client
    .prepare<[], { userId: number; username: string; cashCents: number }>(
      'SELECT id AS userId, username, balance_cents AS cashCents FROM users WHERE left_at IS NULL',
    )
    .all();
  const valued = members.map((m) => {
    const v = league.reads.valueOf(m.userId);
    return { userId: m.userId, username: m.username, figureCents: v.shareValueCents, netWorthCents: m.cashCents + v.escrowCents + v.shareValueCents };
  });
  valued.sort((a, b) => b.figureCents - a.figureCents || a.userId - b.userId);
  let rank = 0;
  return valued.map((s, i) => {
    if (i === 0 || valued[i - 1]!.figureCents !== s.figureCents) rank = i + 1;
    return { ...s, rank };
  });
}
