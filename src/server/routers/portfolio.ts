import { portfolioHistoryResult } from '../../shared/schemas/account.js';
import { portfolioResult, userIdInput } from '../../shared/schemas/market.js';
import { portfolioHistoryOf } from '../reads/history.js';
import { readsOf } from '../reads/service.js';
import { publicProcedure, router, checkedBy } from '../trpc.js';

export const portfolioRouter = router({
  /** Anyone's portfolio, read-only (the public page shows it too). */
  get: publicProcedure
    .input(userIdInput)
    .output(checkedBy(portfolioResult))
    .query(({ ctx, input }) => readsOf(ctx.services).portfolio(input.userId)),

  /** Anyone's portfolio value over time, for a chart (see createPortfolioHistoryRepo). */
  history: publicProcedure
    .input(userIdInput)
    .output(checkedBy(portfolioHistoryResult))
    .query(({ ctx, input }) => portfolioHistoryOf(ctx.services, input.userId)),
});
