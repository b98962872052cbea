import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/routers/index.js';

/** What the server's read and write calls answer, as the web app receives them (money in dollars). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export type Player = RouterOutputs['market']['players'][number];
export type MarketDetail = RouterOutputs['market']['detail'];
export type TeamDetail = RouterOutputs['teams']['detail'];
export type Team = RouterOutputs['teams']['list'][number];
export type Offer = RouterOutputs['market']['offers']['items'][number];
export type Ask = RouterOutputs['market']['relevantAsks']['items'][number];
export type Trade = RouterOutputs['trades']['recent'][number];
export type Shareholder = MarketDetail['shareholders'][number];
export type QueuedSell = MarketDetail['sellQueue'][number];
export type DepthLevelOut = MarketDetail['depth']['sells'][number];
export type UserTrade = RouterOutputs['trades']['user']['items'][number];
export type TradeResult = RouterOutputs['trade']['buy'];
