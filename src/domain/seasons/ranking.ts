import type { Ranking } from '../../shared/ranking.js';

/** What a rule ranks a member by. Cents. */
export interface RankFigures {
  userId: number;
  shareValueCents: number;
  netWorthCents: number;
}

export const figureOf = (rule: Ranking, r: RankFigures): number => (rule === 'shareValue' ? r.shareValueCents : r.netWorthCents);

/**
 * Members in order of a league's ranking rule (docs/rules.md §5), highest first, each with a place:
 * equal figures share the place ("T-2", then 4), and are listed by user id. `rows` may be the
 * first of a longer ranking as long as it holds every member ahead of the last one it places.
 */
export function rankBy<T extends RankFigures>(rule: Ranking, rows: readonly T[]): (T & { rank: number; tied: boolean })[] {
  const sorted = [...rows].sort((a, b) => figureOf(rule, b) - figureOf(rule, a) || a.userId - b.userId);
  const figures = sorted.map((r) => figureOf(rule, r));
  let first = 0;
  return sorted.map((r, i) => {
    if (i > 0 && figures[i - 1] !== figures[i]) first = i;
    const tied = first < i || (i + 1 < figures.length && figures[i + 1] === figures[i]);
    return { ...r, rank: first + 1, tied };
  });
}

/** Those in first place: one winner, or every co-winner of a tie at the top. */
export function winnersOf<T extends { rank: number }>(ranked: readonly T[]): T[] {
  return ranked.filter((r) => r.rank === 1);
}
