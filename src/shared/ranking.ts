/**
 * How a league ranks its members (docs/rules.md §5): by the value of their shares (the default
 * league's, as the original leaderboard did) or by net worth (cash, cash in open asks and shares).
 */
export const RANKINGS = ['shareValue', 'netWorth'] as const;
export type Ranking = (typeof RANKINGS)[number];

/** A new league's rule; the default league keeps "Share value". */
export const NEW_LEAGUE_RANKING: Ranking = 'netWorth';
export const DEFAULT_LEAGUE_RANKING: Ranking = 'shareValue';

export const RANKING_LABEL: Record<Ranking, string> = { shareValue: 'Share value', netWorth: 'Net worth' };

/** What the figure each rule ranks by is, in a phrase. */
export const RANKING_MEANING: Record<Ranking, string> = {
  shareValue: 'the value of their shares',
  netWorth: 'cash, cash in open bids and shares',
};

/** A place as shown: "3", or "T-2" when others share it. */
export const placeLabel = (rank: number, tied: boolean): string => (tied ? `T-${rank}` : String(rank));
