import { recentTradesInput, tradeList, userPageInput, userTradePage } from '../../shared/schemas/market.js';
import { seasonFilter } from '../../shared/schemas/seasons.js';
import { readsOf } from '../reads/service.js';
import { authedProcedure, publicProcedure, router, checkedBy } from '../trpc.js';
import { assertSelf } from './guards.js';

export const tradesRouter = router({
  /** The latest trades of every player and team (10 unless `limit` says otherwise, at most 50). */
  recent: publicProcedure
    .input(recentTradesInput)
    .output(checkedBy(tradeList))
    .query(({ ctx, input }) => readsOf(ctx.services).recentTrades(input.limit)),

  /** The caller's own trades, newest first, with Bought/Sold from the caller's side: a page at a time. */
  user: authedProcedure
    .input(userPageInput.extend(seasonFilter))
    .output(checkedBy(userTradePage))
    .query(({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return readsOf(ctx.services).userTrades(input.userId, input, input.season);
    }),
});
