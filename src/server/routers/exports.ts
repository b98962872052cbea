import { portfolioExport, transactionsExport } from '../../shared/schemas/exports.js';
import { userIdInput } from '../../shared/schemas/market.js';
import { authedProcedure, router, checkedBy } from '../trpc.js';
import { assertSelf } from './guards.js';

/** One's own data as JSON (the pages turn the same rows into CSV). Only for the session's user. */
export const exportsRouter = router({
  transactions: authedProcedure
    .input(userIdInput)
    .output(checkedBy(transactionsExport))
    .query(({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return ctx.services.exports.transactions(ctx.user);
    }),

  portfolio: authedProcedure
    .input(userIdInput)
    .output(checkedBy(portfolioExport))
    .query(({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return ctx.services.exports.portfolio(input.userId);
    }),
});
