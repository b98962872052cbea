/**
 * A season's recap (docs/seasons.md): its champions and awards, from the final standings and the
 * facts read as it closed. Pure: the writer reads the facts in the season's closing transaction.
 */
import type { InstrumentKind } from '../../shared/instrument.js';

export interface RecapStanding {
  userId: number;
  username: string;
  rank: number;
  shareValueCents: number;
  totalCents: number;
}

export interface RecapFacts {
  bestTrade: {
    userId: number;
    username: string;
    kind: InstrumentKind;
    id: number;
    name: string;
    shares: number;
    priceCents: number;
    closeCents: number;
    at: number;
  } | null;
  mostActive: { userId: number; username: string; trades: number } | null;
  longestHeld: {
    userId: number;
    username: string;
    kind: InstrumentKind;
    id: number;
    name: string;
    since: number;
    costCents: number;
    valueCents: number;
  } | null;
}

export interface SeasonRecap {
  champions: { userId: number; username: string; totalCents: number; shareValueCents: number }[];
  bestReturn: { userId: number; username: string; totalCents: number; startingCashCents: number; returnPct: number } | null;
  bestTrade: (NonNullable<RecapFacts['bestTrade']> & { profitCents: number }) | null;
  mostActive: RecapFacts['mostActive'];
  longestHeld: (NonNullable<RecapFacts['longestHeld']> & { days: number; gainPct: number }) | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A percentage with one decimal. */
const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/**
 * The champions: every member ranked first (equal figures share a rank, so a tie names them all),
 * when anyone finished with anything; then the awards.
 * - best return: the largest total against the starting cash (ties: the better rank);
 * - best single trade: the purchase that gained its buyer the most by the close, when one did;
 * - most active trader: the most trades, buying or selling;
 * - longest-held winner: of the holdings in profit at the close, the one held since the earliest
 *   purchase of the season.
 */
export function seasonRecap(standings: readonly RecapStanding[], facts: RecapFacts, startingCashCents: number, endedAt: number): SeasonRecap {
  const leaders = standings.filter((s) => s.rank === 1);
  const anyone = standings.some((s) => s.totalCents !== startingCashCents || s.shareValueCents > 0);
  const champions = anyone ? leaders.map(({ userId, username, totalCents, shareValueCents }) => ({ userId, username, totalCents, shareValueCents })) : [];
  const best = [...standings].sort((a, b) => b.totalCents - a.totalCents || a.rank - b.rank)[0];
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
