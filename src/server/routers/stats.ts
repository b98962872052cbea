import { z } from 'zod';
import { ranking } from '../../shared/schemas/leagues.js';
import { leaderboardResult, statisticsResult } from '../../shared/schemas/market.js';
import { readsOf } from '../reads/service.js';
import { publicProcedure, router, checkedBy } from '../trpc.js';

export const statsRouter = router({
  /** The top 10 members by the league's ranking rule (docs/rules.md §5): share value, or net worth. */
  leaderboard: publicProcedure.output(checkedBy(leaderboardResult)).query(({ ctx }) => readsOf(ctx.services).leaderboard(ctx.services.league.ranking)),

  /** What the league's leaderboard and season standings rank by. */
  ranking: publicProcedure.output(checkedBy(z.object({ ranking }))).query(({ ctx }) => ({ ranking: ctx.services.league.ranking })),

  /** The four tables of the statistics page. */
  statistics: publicProcedure.output(checkedBy(statisticsResult)).query(({ ctx }) => readsOf(ctx.services).statistics()),
});
