import { leaderboardResult, statisticsResult } from '../../shared/schemas/market.js';
import { readsOf } from '../reads/service.js';
import { publicProcedure, router } from '../trpc.js';

export const statsRouter = router({
  /** The top 10 users by share value. */
  leaderboard: publicProcedure.output(leaderboardResult).query(({ ctx }) => readsOf(ctx.services).leaderboard(ctx.services.league.ranking)),

  /** The four tables of the statistics page. */
  statistics: publicProcedure.output(statisticsResult).query(({ ctx }) => readsOf(ctx.services).statistics()),
});
