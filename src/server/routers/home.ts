import { homeResult } from '../../shared/schemas/home.js';
import { homeOf } from '../home/home.js';
import { readsOf } from '../reads/service.js';
import { authedProcedure, router, checkedBy } from '../trpc.js';

/** The signed-in home: one read (docs/screens.md "Home"). */
export const homeRouter = router({
  get: authedProcedure
    .output(checkedBy(homeResult))
    .query(({ ctx }) => homeOf(readsOf(ctx.services), ctx.services.inbox, ctx.services.league.ranking, ctx.user.id)),
});
