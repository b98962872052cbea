/**
 * A season's recap (docs/seasons.md): its champions and awards, from the final standings and the
 * facts read as it closes. Pure: the writer reads the facts in the season's closing transaction.
 */
import type { RecapFacts, SeasonRecap } from '../../shared/recap.js';
import { winnersOf } from './ranking.js';

export type { RecapFacts, SeasonRecap };

/** A line of the final standings as ranked by the league's rule (standings.ts): equal figures share a place. */
export interface RecapStanding {
  userId: number;
  username: string;
  rank: number;
  shareValueCents: number;
  totalCents: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A percentage with one decimal. */
const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/**
 * The champions: the season's winners as the standings rank them (ranking.ts `winnersOf`: every
 * member in first place, so a tie names them all); then the awards, none of them given when nobody won it:
 * - best return: the largest total against the starting cash (ties: the better place), once anyone played;
 * - best single trade: the purchase that gained its buyer the most by the close, when one did;
 * - most active trader: the most trades, buying or selling;
 * - longest-held winner: of the holdings in profit at the close, the one held since the earliest
 *   purchase of the season.
 */
export function seasonRecap(standings: readonly RecapStanding[], facts: RecapFacts, startingCashCents: number, endedAt: number): SeasonRecap {
  const champions = winnersOf(standings).map(({ userId, username, totalCents, shareValueCents }) => ({ userId, username, totalCents, shareValueCents }));
  const anyone = standings.some((s) => s.totalCents !== startingCashCents || s.shareValueCents > 0);
  const best = [...standings].sort((a, b) => b.totalCents - a.totalCents || a.rank - b.rank || a.userId - b.userId)[0];
  const bestReturn =
    best && startingCashCents > 0 && anyone
      ? {
          userId: best.userId,
          username: best.username,
          totalCents: best.totalCents,
          startingCashCents,
          returnPct: pct(best.totalCents - startingCashCents, startingCashCents),
        }
      : null;
  const trade = facts.bestTrade;
  const profitCents = trade ? trade.shares * (trade.closeCents - trade.priceCents) : 0;
  const held = facts.longestHeld;
  return {
    champions,
    bestReturn,
    bestTrade: trade && profitCents > 0 ? { ...trade, profitCents } : null,
    mostActive: facts.mostActive && facts.mostActive.trades > 0 ? facts.mostActive : null,
    longestHeld:
      held && held.costCents > 0
        ? { ...held, days: Math.max(0, Math.floor((endedAt - held.since) / DAY_MS)), gainPct: pct(held.valueCents - held.costCents, held.costCents) }
        : null,
  };
}
