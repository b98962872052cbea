import { z } from 'zod';
import { id, keyed } from './common.js';
import { ranking } from './leagues.js';
import { instrumentType, statisticsResult, userIdInput } from './market.js';

/** Seasons of a league (docs/seasons.md): money in dollars, times as ISO strings. */

export const SEASON_TEXT = {
  notFound: 'Season not found',
  notEnded: 'This season has not ended yet',
  confirmMismatch: 'Type the league’s name exactly to end its season',
  alreadyEnded: (season: number) => `Season ${season} has already ended`,
  commissionerOnly: 'Only the league’s commissioner can end its season',
  adminOnly: 'Only the server’s admins can end the default league’s season',
} as const;

const isoTime = z.string();
const dollars = z.number();
const count = z.number().int().nonnegative();

export const endSeasonInput = z.object({
  confirm: z.string({ error: SEASON_TEXT.confirmMismatch }).max(200, SEASON_TEXT.confirmMismatch),
  /** The season the caller means to end: a second click (or a retry) after it ended ends nothing more. */
  season: z.number().int().positive().optional(),
  ...keyed,
});
export const endSeasonResult = z.object({ season: z.object({ number: z.number().int().positive(), endedAt: isoTime }) });
export type EndSeasonResult = z.infer<typeof endSeasonResult>;

export const seasonNumberInput = z.object({ season: id('Season') });
/** A list of trades narrowed to one season (it may come as a query string). */
export const seasonFilter = {
  season: z.coerce.number({ error: 'Season must be a number' }).int('Season must be a whole number').positive('Season must be positive').optional(),
};
export const seasonsOfUserInput = userIdInput;

export const seasonOut = z.object({
  number: z.number().int().positive(),
  startedAt: isoTime,
  endedAt: isoTime.optional(),
  /** An ended season's first place: one name, or every co-winner of a tie. */
  winners: z.array(z.string()).optional(),
});
export type SeasonOut = z.infer<typeof seasonOut>;
export const seasonList = z.object({ seasons: z.array(seasonOut) });
export type SeasonList = z.infer<typeof seasonList>;

export const seasonHoldingOut = z.object({
  itemType: instrumentType,
  itemId: z.number().int(),
  name: z.string(),
  shares: count,
  /** The last trade price when the season closed; null when it never traded between users. */
  lastPrice: dollars.nullable(),
  /** The price it was valued at: its mark when the season closed (seasons before the mark: the last trade price, or the average paid). */
  price: dollars,
  value: dollars,
});

export const standingOut = z.object({
  rank: z.number().int().positive(),
  /** Another member finished with the same figure: the place is shared ("T-2"). */
  tied: z.boolean(),
  userId: z.number().int(),
  username: z.string(),
  cash: dollars,
  shareValue: dollars,
  total: dollars,
  holdings: z.array(seasonHoldingOut),
});
export type StandingOut = z.infer<typeof standingOut>;

export const seasonArchiveOut = z.object({
  season: seasonOut.extend({
    endedAt: isoTime,
    tradeCount: count,
    volume: dollars,
    /** What the standings ranked by. */
    ranking,
    /** Everyone in first place: one winner, or every co-winner of a tie. */
    winners: z.array(z.object({ userId: z.number().int(), username: z.string() })),
  }),
  standings: z.array(standingOut),
  statistics: statisticsResult,
});
export type SeasonArchiveOut = z.infer<typeof seasonArchiveOut>;

/** A member's final place in each ended season, newest first. */
export const seasonFinishesOut = z.object({
  finishes: z.array(
    z.object({ season: z.number().int().positive(), endedAt: isoTime, rank: z.number().int().positive(), tied: z.boolean(), of: count, total: dollars }),
  ),
});
export type SeasonFinishesOut = z.infer<typeof seasonFinishesOut>;
