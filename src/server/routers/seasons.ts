import {
  endSeasonInput,
  endSeasonResult,
  scheduleSeasonInput,
  scheduleSeasonResult,
  seasonArchiveOut,
  seasonFinishesOut,
  seasonList,
  seasonNumberInput,
  seasonsOfUserInput,
} from '../../shared/schemas/seasons.js';
import { once } from '../idempotency/once.js';
import { seasonsOf } from '../seasons/seasons.js';
import { authedProcedure, publicProcedure, router, checkedBy } from '../trpc.js';

/** Seasons of the call's league (docs/seasons.md): reads for anyone who may read the league, the end for its commissioner. */
export const seasonsRouter = router({
  list: publicProcedure.output(checkedBy(seasonList)).query(({ ctx }) => seasonsOf(ctx.services).list()),

  get: publicProcedure
    .input(seasonNumberInput)
    .output(checkedBy(seasonArchiveOut))
    .query(({ ctx, input }) => seasonsOf(ctx.services).archive(input.season)),

  finishes: publicProcedure
    .input(seasonsOfUserInput)
    .output(checkedBy(seasonFinishesOut))
    .query(({ ctx, input }) => seasonsOf(ctx.services).finishes(input.userId)),

  /** When the running season ends by itself (its commissioner; the default league's: an admin). */
  schedule: authedProcedure
    .input(scheduleSeasonInput)
    .output(checkedBy(scheduleSeasonResult))
    .mutation(({ ctx, input, path }) => {
      const seasons = seasonsOf(ctx.services);
      seasons.maySchedule(ctx.user);
      return once(ctx, { command: path, input, store: ctx.services.leagueKeys }, (remember) => seasons.schedule(ctx.user, input.endsAt, remember));
    }),

  end: authedProcedure
    .input(endSeasonInput)
    .output(checkedBy(endSeasonResult))
    .mutation(({ ctx, input, path }) => {
      const seasons = seasonsOf(ctx.services);
      seasons.mayEnd(ctx.user, input.confirm);
      return once(ctx, { command: path, input, store: ctx.services.leagueKeys }, (remember) => seasons.end(ctx.user, input.confirm, input.season, remember));
    }),
});
