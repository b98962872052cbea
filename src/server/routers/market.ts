import {
  askList,
  marketDetailInput,
  marketDetailResult,
  myOrdersResult,
  offerList,
  playerIdInput,
  playerList,
  shareholdersResult,
  userIdInput,
} from '../../shared/schemas/market.js';
import { readsOf } from '../reads/service.js';
import { authedProcedure, publicProcedure, router } from '../trpc.js';
import { assertSelf } from './guards.js';

export const marketRouter = router({
  /** Every active player; `owned` is the caller's shares (0 when not logged in). */
  players: publicProcedure.output(playerList).query(({ ctx }) => readsOf(ctx.services).players(ctx.user?.id ?? null)),

  shareholders: publicProcedure
    .input(playerIdInput)
    .output(shareholdersResult)
    .query(({ ctx, input }) => readsOf(ctx.services).shareholders(input.id, ctx.user?.id ?? null)),

  detail: publicProcedure
    .input(marketDetailInput)
    .output(marketDetailResult)
    .query(({ ctx, input }) => readsOf(ctx.services).marketDetail(input.playerId, ctx.user?.id ?? null)),

  /** Every open offer ("Shares for Sale"), players and teams. */
  offers: publicProcedure.output(offerList).query(({ ctx }) => readsOf(ctx.services).offers()),

  /** Asks on what the caller holds ("Offers For You"): not the caller's own, not declined. */
  relevantAsks: authedProcedure
    .input(userIdInput)
    .output(askList)
    .query(({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return readsOf(ctx.services).relevantAsks(input.userId);
    }),

  /** The caller's open asks and offers. */
  myOrders: authedProcedure.output(myOrdersResult).query(({ ctx }) => readsOf(ctx.services).myOrders(ctx.user.id)),
});
