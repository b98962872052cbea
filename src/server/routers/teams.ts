import { teamDetailResult, teamIdInput, teamList } from '../../shared/schemas/teams.js';
import { publicProcedure, router, checkedBy } from '../trpc.js';

export const teamsRouter = router({
  /** Every team; `owned` is the caller's shares (0 when not logged in). */
  list: publicProcedure.output(checkedBy(teamList)).query(({ ctx }) => ctx.services.teamReads.teams(ctx.user?.id ?? null)),

  detail: publicProcedure
    .input(teamIdInput)
    .output(checkedBy(teamDetailResult))
    .query(({ ctx, input }) => ctx.services.teamReads.detail(input.teamId, ctx.user?.id ?? null)),
});
