import { z } from 'zod';
import { id, keyed } from './common.js';
import { instrumentType } from './market.js';

/** How many players and teams a member may star in a league. */
export const WATCHLIST_MAX = 100;

export const WATCHLIST_TEXT = {
  full: `Your watchlist is full: it holds at most ${WATCHLIST_MAX} players and teams. Remove a star first.`,
  unknown: 'That player or team is not on the market.',
} as const;

/** Star (or unstar) a player or team: the state wanted, so a retry or a double-click changes nothing more. */
export const setWatchInput = z.object({ itemType: instrumentType, itemId: id('Item id'), starred: z.boolean({ error: 'Say whether to star it' }), ...keyed });

export const watchItemOut = z.object({ kind: instrumentType, id: z.number().int() });

/** The caller's stars in this league, oldest first. */
export const watchlistOut = z.object({ items: z.array(watchItemOut) });
export type WatchlistOut = z.infer<typeof watchlistOut>;
