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
  scheduleCommissionerOnly: 'Only the league’s commissioner can set when its season ends',
  scheduleAdminOnly: 'Only the server’s admins can set when the default league’s season ends',
  endsAtFormat: 'The end time must be an ISO date and time with its offset, like 2025-07-03T20:00:00Z',
  endsAtPast: 'The end time must be in the future',
  endsAtTooFar: 'The end time must be within a year from now',
  notRunning: 'This season is no longer running',
} as const;

/** The furthest ahead a season's end time may be set. */
export const MAX_SEASON_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000;

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
/** The recap card of a league's season; `share` is the share link's key (needed by those who may not read the league). */
export const seasonCardInput = z.object({ leagueId: id('League id'), season: id('Season'), share: z.string().max(64).optional() });
export const seasonCardOut = z.object({ contentType: z.literal('image/png'), width: z.number().int(), height: z.number().int(), base64: z.string() });
/** A list of trades narrowed to one season (it may come as a query string). */
export const seasonFilter = {
  season: z.coerce.number({ error: 'Season must be a number' }).int('Season must be a whole number').positive('Season must be positive').optional(),
};
export const seasonsOfUserInput = userIdInput;

export const seasonOut = z.object({
  number: z.number().int().positive(),
  startedAt: isoTime,
  endedAt: isoTime.optional(),
  /** The running season's end time, when its commissioner set one: it ends by itself then. */
  endsAt: isoTime.optional(),
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

/** `PATCH /seasons/current {endsAt}`: an ISO time in the future (with its offset), or null to clear it. */
export const scheduleSeasonInput = z.object({
  endsAt: z.iso.datetime({ offset: true, error: SEASON_TEXT.endsAtFormat }).nullable(),
  ...keyed,
});
export const scheduleSeasonResult = z.object({
  season: z.object({ number: z.number().int().positive(), startedAt: isoTime, endsAt: isoTime.nullable() }),
});
export type ScheduleSeasonResult = z.infer<typeof scheduleSeasonResult>;

const who = { userId: z.number().int(), username: z.string() };
/** A season's champions and awards (docs/seasons.md, "Recap"), money in dollars. */
export const seasonRecapOut = z.object({
  /** Everyone in first place by the league's rule (the season's `winners`): a tie names them all. */
  champions: z.array(z.object({ ...who, total: dollars, shareValue: dollars })),
  awards: z.object({
    /** The largest total against the starting cash. */
    bestReturn: z.object({ ...who, returnPct: z.number(), total: dollars }).nullable(),
    /** The purchase that gained its buyer the most by the close: shares × (the mark at the close − price paid). */
    bestTrade: z
      .object({
        ...who,
        itemType: instrumentType,
        itemId: z.number().int(),
        itemName: z.string(),
        shares: count,
        price: dollars,
        closingPrice: dollars,
        profit: dollars,
        at: isoTime,
      })
      .nullable(),
    /** The most trades, buying or selling. */
    mostActive: z.object({ ...who, trades: count }).nullable(),
    /** Of the holdings in profit at the close, the one held longest (since its first purchase of the season). */
    longestHeldWinner: z
      .object({ ...who, itemType: instrumentType, itemId: z.number().int(), itemName: z.string(), since: isoTime, days: count, gainPct: z.number() })
      .nullable(),
  }),
});
export type SeasonRecapOut = z.infer<typeof seasonRecapOut>;

/** The recap's shareable card and the link that previews it (docs/seasons.md, "Sharing"). */
export const seasonShareOut = z.object({
  /** The archive page's address to share: it carries a key, so a group chat's preview shows the card even of an invite-only league. */
  url: z.string(),
  /** The card: a PNG of CARD_WIDTH × CARD_HEIGHT. */
  cardUrl: z.string(),
});

/** The recap card's size in pixels: Open Graph's large image. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

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
  recap: seasonRecapOut,
  share: seasonShareOut,
});
export type SeasonArchiveOut = z.infer<typeof seasonArchiveOut>;

/** A member's final place in each ended season, newest first. */
export const seasonFinishesOut = z.object({
  finishes: z.array(
    z.object({ season: z.number().int().positive(), endedAt: isoTime, rank: z.number().int().positive(), tied: z.boolean(), of: count, total: dollars }),
  ),
});
export type SeasonFinishesOut = z.infer<typeof seasonFinishesOut>;
