import { portfolioResult, userIdInput } from '../../shared/schemas/market.js';
import { readsOf } from '../reads/service.js';
import { publicProcedure, router } from '../trpc.js';

export const portfolioRouter = router({
  /** Anyone's portfolio, read-only (the public page shows it too). */
  get: publicProcedure
    .input(userIdInput)
    .output(portfolioResult)
    .query(({ ctx, input }) => readsOf(ctx.services).portfolio(input.userId)),
});
