import { z } from 'zod';
import {
  askList,
  countsResult,
  leaderboardResult,
  marketDetailInput,
  marketDetailResult,
  myOrdersResult,
  offerList,
  pageOnlyInput,
  playerList,
  playerPageInput,
  portfolioResult,
  recentTradesInput,
  shareholdersInput,
  shareholdersResult,
  statisticsResult,
  tradeList,
  userIdInput,
  userPageInput,
  userTradeList,
} from '../../shared/schemas/market.js';
import { pagedRoute, route, type RestRoute } from './route.js';

const none = z.object({});

/** The read paths of the market (SPEC.md §7), all GET. */
export const marketRestRoutes: RestRoute[] = [
  route({
    method: 'GET', path: '/players', tag: 'market', auth: 'none',
    summary: "Every active player with supply, shareholders, last price, and the caller's shares (owned) when signed in",
    input: none, output: playerList,
    cacheForAnonymous: true,
    call: (c) => c.market.players(),
  }),
  route({
    method: 'GET', path: '/players/{id}/shareholders', tag: 'market', auth: 'none',
    summary: 'A player and a page of its shareholders, most shares first (`nextCursor` continues the list)',
    input: shareholdersInput, output: shareholdersResult,
    call: (c, input) => c.market.shareholders(input),
  }),
  route({
    method: 'GET', path: '/market/{playerId}', tag: 'market', auth: 'none',
    summary: "A player's detail: the first page of open asks, offers and shareholders, latest 50 trades, offer price range, the book's depth by price and the first sells a buy would take",
    input: marketDetailInput, output: marketDetailResult,
    call: (c, input) => c.market.detail(input),
  }),
  pagedRoute({
    method: 'GET', path: '/market/{playerId}/asks', tag: 'market', auth: 'none',
    summary: "A page of a player's open asks, highest price first, then oldest",
    input: playerPageInput, output: askList,
    call: (c, input) => c.market.itemAsks({ itemType: 'player', itemId: input.playerId, limit: input.limit, cursor: input.cursor }),
  }),
  pagedRoute({
    method: 'GET', path: '/market/{playerId}/offers', tag: 'market', auth: 'none',
    summary: "A page of a player's open offers, lowest price first, then oldest",
    input: playerPageInput, output: offerList,
    call: (c, input) => c.market.itemOffers({ itemType: 'player', itemId: input.playerId, limit: input.limit, cursor: input.cursor }),
  }),
  pagedRoute({
    method: 'GET', path: '/offers', tag: 'market', auth: 'none',
    summary: 'Every open offer (Shares for Sale), lowest price first, then oldest: a page at a time',
    input: pageOnlyInput, output: offerList,
    call: (c, input) => c.market.offers(input),
  }),
  pagedRoute({
    method: 'GET', path: '/asks/relevant/{userId}', tag: 'market', auth: 'user',
    summary: "Open asks on what the caller holds (Offers For You), except the caller's own and declined ones, best first, a page at a time; userId must be the caller",
    input: userPageInput, output: askList,
    call: (c, input) => c.market.relevantAsks(input),
  }),
  route({
    method: 'GET', path: '/counts', tag: 'market', auth: 'user',
    summary: 'The navigation badges: every open offer (Shares for Sale) and the asks shown to the caller (Offers For You)',
    input: none, output: countsResult,
    call: (c) => c.market.counts(),
  }),
  route({
    method: 'GET', path: '/asks/mine', tag: 'market', auth: 'user',
    summary: "The caller's open asks and offers, newest first",
    input: none, output: myOrdersResult,
    call: (c) => c.market.myOrders(),
  }),
  route({
    method: 'GET', path: '/portfolio/{userId}', tag: 'portfolio', auth: 'none',
    summary: "Any user's portfolio, read-only: cash, escrow, holdings valued at last trade prices, daily change",
    input: userIdInput, output: portfolioResult,
    call: (c, input) => c.portfolio.get(input),
  }),
  route({
    method: 'GET', path: '/trades/recent', tag: 'trades', auth: 'none',
    summary: 'The latest trades of every player and team (limit 1-50, default 10)',
    input: recentTradesInput, output: tradeList,
    call: (c, input) => c.trades.recent(input),
  }),
  pagedRoute({
    method: 'GET', path: '/trades/user/{userId}', tag: 'trades', auth: 'user',
    summary: "The caller's own trades, newest first, a page at a time; userId must be the caller",
    input: userPageInput, output: userTradeList,
    call: (c, input) => c.trades.user(input),
  }),
  route({
    method: 'GET', path: '/leaderboard', tag: 'stats', auth: 'none',
    summary: 'The top 10 users by share value',
    input: none, output: leaderboardResult,
    call: (c) => c.stats.leaderboard(),
  }),
  route({
    method: 'GET', path: '/statistics', tag: 'stats', auth: 'none',
    summary: 'Most valuable and most active players (24 h), most shareholders, islands',
    input: none, output: statisticsResult,
    call: (c) => c.stats.statistics(),
  }),
];
