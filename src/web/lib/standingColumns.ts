import { RANKING_LABEL, type Ranking } from '../../shared/ranking';

/** The three figures of a place on the leaderboard or in a season's final standings. */
export interface StandingFigures {
  shareValue: number;
  cash: number;
  total: number;
}

export interface StandingColumn {
  header: string;
  figure: keyof StandingFigures;
}

/** The money columns in order: the figure the league ranks by first, since it is the one that stays in view on a phone. */
export const STANDING_COLUMNS: Record<Ranking, readonly StandingColumn[]> = {
  shareValue: [
    { header: RANKING_LABEL.shareValue, figure: 'shareValue' },
    { header: 'Cash', figure: 'cash' },
    { header: 'Total', figure: 'total' },
  ],
  netWorth: [
    { header: RANKING_LABEL.netWorth, figure: 'total' },
    { header: RANKING_LABEL.shareValue, figure: 'shareValue' },
    { header: 'Cash', figure: 'cash' },
  ],
};
