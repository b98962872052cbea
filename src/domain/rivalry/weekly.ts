/**
 * The weekly recap of a league (docs/chat.md, "Rivalry"): the week's biggest gainer and loser, best
 * trade by profit, most active member and the standings' moves. Pure: the server reads the facts.
 */
import { formatCents } from '../../shared/money.js';
import { ordinal } from './overtakes.js';

export interface WeekStanding {
  userId: number;
  username: string;
  rank: number;
  netWorthCents: number;
}

/** What a recap remembers of the standings, for the next week's comparison. */
export type Snapshot = Record<string, { rank: number; netWorthCents: number }>;

export interface WeekFacts {
  week: number;
  standings: readonly WeekStanding[];
  /** The standings of the last recap (none: the season's start, everyone at the starting cash). */
  previous: Snapshot | null;
  startingCashCents: number;
  bestTrade: { username: string; name: string; shares: number; priceCents: number; profitCents: number } | null;
  mostActive: { username: string; trades: number } | null;
}

const signed = (cents: number) => `${cents >= 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;

/** The recap's sentence, its figures (for the screens) and the snapshot the next one compares with. */
export function weeklyRecap(f: WeekFacts): { text: string; data: Record<string, unknown> } {
  const change = f.standings.map((s) => ({ ...s, deltaCents: s.netWorthCents - (f.previous?.[s.userId]?.netWorthCents ?? f.startingCashCents) }));
  const byChange = [...change].sort((a, b) => b.deltaCents - a.deltaCents || a.rank - b.rank);
  const gainer = byChange[0] && byChange[0].deltaCents > 0 ? byChange[0] : null;
  const loser = byChange.at(-1) && byChange.at(-1)!.deltaCents < 0 ? byChange.at(-1)! : null;
  const moves = f.previous
    ? f.standings
        .filter((s) => f.previous![s.userId] && f.previous![s.userId]!.rank !== s.rank)
        .map((s) => ({ username: s.username, from: f.previous![s.userId]!.rank, to: s.rank }))
        .sort((a, b) => a.to - b.to)
    : [];
  const parts = [
    gainer ? `biggest gainer ${gainer.username} (${signed(gainer.deltaCents)})` : null,
    loser ? `biggest loser ${loser.username} (${signed(loser.deltaCents)})` : null,
    f.bestTrade && f.bestTrade.profitCents > 0
      ? `best trade ${f.bestTrade.username} (${f.bestTrade.shares.toLocaleString('en-US')} ${f.bestTrade.name} at ${formatCents(f.bestTrade.priceCents)}, ${signed(f.bestTrade.profitCents)})`
      : null,
    f.mostActive ? `most active ${f.mostActive.username} (${f.mostActive.trades.toLocaleString('en-US')} trades)` : null,
  ].filter((p): p is string => p !== null);
  const moveText =
    moves.length === 0
      ? 'no moves in the standings'
      : moves
          .slice(0, 5)
          .map((m) => `${m.username} ${m.to < m.from ? '↑' : '↓'}${Math.abs(m.from - m.to)} to ${ordinal(m.to)}`)
          .join(', ');
  const text = `Week ${f.week} recap: ${parts.length > 0 ? `${parts.join(', ')}; ` : 'a quiet week; '}${moveText}`;
  const snapshot: Snapshot = Object.fromEntries(f.standings.map((s) => [String(s.userId), { rank: s.rank, netWorthCents: s.netWorthCents }]));
  return {
    text,
    data: {
      week: f.week,
      gainer: gainer && { username: gainer.username, changeCents: gainer.deltaCents },
      loser: loser && { username: loser.username, changeCents: loser.deltaCents },
      bestTrade: f.bestTrade,
      mostActive: f.mostActive,
      moves,
      snapshot,
    },
  };
}
