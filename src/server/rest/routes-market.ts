import { z } from 'zod';
import {
  askList,
  leaderboardResult,
  marketDetailInput,
  marketDetailResult,
  myOrdersResult,
  offerList,
  playerIdInput,
  playerList,
  portfolioResult,
  recentTradesInput,
  shareholdersResult,
  statisticsResult,
  tradeList,
  userIdInput,
  userTradeList,
} from '../../shared/schemas/market.js';
import { route, type RestRoute } from './route.js';

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
    summary: 'A player and its shareholders, most shares first',
    input: playerIdInput, output: shareholdersResult,
    call: (c, input) => c.market.shareholders(input),
  }),
  route({
    method: 'GET', path: '/market/{playerId}', tag: 'market', auth: 'none',
    summary: "A player's detail: open asks and offers, latest 50 trades, shareholders, offer price range",
    input: marketDetailInput, output: marketDetailResult,
    call: (c, input) => c.market.detail(input),
  }),
  route({
    method: 'GET', path: '/offers', tag: 'market', auth: 'none',
    summary: 'Every open offer (Shares for Sale), lowest price first, then oldest',
    input: none, output: offerList,
    call: (c) => c.market.offers(),
  }),
  route({
    method: 'GET', path: '/asks/relevant/{userId}', tag: 'market', auth: 'user',
    summary: "Open asks on what the caller holds (Offers For You), except the caller's own and declined ones; userId must be the caller",
    input: userIdInput, output: askList,
    call: (c, input) => c.market.relevantAsks(input),
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
  route({
    method: 'GET', path: '/trades/user/{userId}', tag: 'trades', auth: 'user',
    summary: "The caller's own trades, newest first (up to 500); userId must be the caller",
    input: userIdInput, output: userTradeList,
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
