import type { InstrumentKind } from '../../shared/instrument.js';
import type { Ranking } from '../../shared/ranking.js';
import { rankBy } from './ranking.js';

/** A holding as the season closed: valued at its mark (docs/rules.md §5). */
export interface FinalHolding {
  userId: number;
  kind: InstrumentKind;
  id: number;
  name: string;
  shares: number;
  /** The mark it was valued at. */
  priceCents: number;
  /** The last trade price between users, null when it never traded between users. */
  lastPriceCents: number | null;
  valueCents: number;
}

export interface FinalMember {
  userId: number;
  username: string;
  cashCents: number;
}

export interface Standing extends FinalMember {
  rank: number;
  /** Another member finished with the same figure: the place is shared. */
  tied: boolean;
  shareValueCents: number;
  totalCents: number;
  holdings: Omit<FinalHolding, 'userId'>[];
}

/**
 * The final standings by the league's ranking rule (docs/rules.md §5): every member with cash,
 * share value, total and holdings (largest first); equal figures share a place, listed by user id.
 * Orders are cancelled before a season ends, so a member's net worth is cash + share value.
 */
export function rankStandings(rule: Ranking, members: readonly FinalMember[], holdings: readonly FinalHolding[]): Standing[] {
  const byUser = new Map<number, Omit<FinalHolding, 'userId'>[]>();
  for (const { userId, ...h } of holdings) {
    const list = byUser.get(userId);
    if (list) list.push(h);
    else byUser.set(userId, [h]);
  }
  const lines = members.map((m) => {
    const held = [...(byUser.get(m.userId) ?? [])].sort((a, b) => b.valueCents - a.valueCents || a.name.localeCompare(b.name));
    const shareValueCents = held.reduce((sum, h) => sum + h.valueCents, 0);
    const totalCents = m.cashCents + shareValueCents;
    return { ...m, shareValueCents, totalCents, netWorthCents: totalCents, holdings: held };
  });
  return rankBy(rule, lines).map(({ netWorthCents: _n, ...s }) => s);
}
