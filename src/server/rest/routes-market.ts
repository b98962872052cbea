import type { z } from 'zod';
import { marketGlanceOut, playerList, playerPageInput, userPageInput } from '../../shared/schemas/market.js';
import { mappedRoute, paged, route, type RestRoute } from './route.js';

/** `/market/{playerId}/…`: the player's page of an instrument's list. */
const playerPage = (input: z.output<typeof playerPageInput>) => ({
  itemType: 'player' as const,
  itemId: input.playerId,
  limit: input.limit,
  cursor: input.cursor,
});

/** The read paths of the market (docs/api.md §2 Paths), all GET. */
export const marketRestRoutes: RestRoute[] = [
  route('market.players', {
    method: 'GET',
    path: '/players',
    tag: 'market',
    auth: 'none',
    summary: "Every active player with supply, shareholders, last price, and the caller's shares (owned) when signed in",
    cacheForAnonymous: true,
    // The procedure checks its answer with checkedPlayerList (each row once per change of the market).
    output: playerList,
  }),
  route('market.glance', {
    method: 'GET',
    path: '/glance',
    tag: 'market',
    auth: 'none',
    summary:
      "Every active player and team at a glance: the mark's 24-hour change (basis points) and 7-day sparkline (cents, 4-hour steps), trades today and holders; top movers up and down, most traded today, most held",
    // Built once per change (reads/glance.ts), and its sparklines move with the clock: no cache by event here.
    output: marketGlanceOut,
  }),
  route('market.shareholders', {
    method: 'GET',
    path: '/players/{id}/shareholders',
    tag: 'market',
    auth: 'none',
    summary: 'A player and a page of its shareholders, most shares first (`nextCursor` continues the list)',
  }),
  route('market.detail', {
    method: 'GET',
    path: '/market/{playerId}',
    tag: 'market',
    auth: 'none',
    summary:
      "A player's detail: the first page of open asks, offers and shareholders, latest 50 trades, offer price range, the book's depth by price and the first sells a buy would take",
  }),
  paged(
    mappedRoute('market.itemAsks', {
      method: 'GET',
      path: '/market/{playerId}/asks',
      tag: 'market',
      auth: 'none',
      summary: "A page of a player's open asks, highest price first, then oldest",
      input: playerPageInput,
      toProcedure: playerPage,
    }),
  ),
  paged(
    mappedRoute('market.itemOffers', {
      method: 'GET',
      path: '/market/{playerId}/offers',
      tag: 'market',
      auth: 'none',
      summary: "A page of a player's open offers, lowest price first, then oldest",
      input: playerPageInput,
      toProcedure: playerPage,
    }),
  ),
  paged(
    route('market.offers', {
      method: 'GET',
      path: '/offers',
      tag: 'market',
      auth: 'none',
      summary: 'Every open offer (Shares for Sale), lowest price first, then oldest: a page at a time',
    }),
  ),
  paged(
    route('market.relevantAsks', {
      method: 'GET',
      path: '/asks/relevant/{userId}',
      tag: 'market',
      auth: 'user',
      summary:
        "Open asks on what the caller holds (Offers For You), except the caller's own and declined ones, best first, a page at a time; userId must be the caller",
    }),
  ),
  route('market.counts', {
    method: 'GET',
    path: '/counts',
    tag: 'market',
    auth: 'user',
    summary: 'The navigation badges: every open offer (Shares for Sale) and the asks shown to the caller (Offers For You)',
  }),
  route('market.myOrders', {
    method: 'GET',
    path: '/asks/mine',
    tag: 'market',
    auth: 'user',
    summary: "The caller's open asks and offers, newest first",
  }),
  route('portfolio.get', {
    method: 'GET',
    path: '/portfolio/{userId}',
    tag: 'portfolio',
    auth: 'none',
    summary: "Any user's portfolio, read-only: cash, escrow, holdings valued at last trade prices, daily change",
  }),
  route('trades.recent', {
    method: 'GET',
    path: '/trades/recent',
    tag: 'trades',
    auth: 'none',
    summary: 'The latest trades of every player and team (limit 1-50, default 10)',
  }),
  paged(
    // Of every season; /seasons/{season}/trades/user/{userId} gives one season's.
    mappedRoute('trades.user', {
      method: 'GET',
      path: '/trades/user/{userId}',
      tag: 'trades',
      auth: 'user',
      summary: "The caller's own trades, newest first, a page at a time; userId must be the caller",
      input: userPageInput,
      toProcedure: ({ userId, limit, cursor }) => ({ userId, limit, cursor }),
    }),
  ),
  route('stats.leaderboard', {
    method: 'GET',
    path: '/leaderboard',
    tag: 'stats',
    auth: 'none',
    summary: 'The top 10 users by share value',
  }),
  route('stats.statistics', {
    method: 'GET',
    path: '/statistics',
    tag: 'stats',
    auth: 'none',
    summary: 'Most valuable and most active players (24 h), most shareholders, islands',
  }),
];
