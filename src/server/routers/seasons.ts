import {
  endSeasonInput,
  endSeasonResult,
  seasonArchiveOut,
  seasonFinishesOut,
  seasonList,
  seasonNumberInput,
  seasonsOfUserInput,
} from '../../shared/schemas/seasons.js';
import { once, rememberExclusive } from '../idempotency/once.js';
import { endedAnswer, seasonsOf } from '../seasons/seasons.js';
import { authedProcedure, publicProcedure, router } from '../trpc.js';

/** Seasons of the call's league (docs/seasons.md): reads for anyone who may read the league, the end for its commissioner. */
export const seasonsRouter = router({
  list: publicProcedure.output(seasonList).query(({ ctx }) => seasonsOf(ctx.services).list()),

  get: publicProcedure
    .input(seasonNumberInput)
    .output(seasonArchiveOut)
    .query(({ ctx, input }) => seasonsOf(ctx.services).archive(input.season)),

  finishes: publicProcedure
    .input(seasonsOfUserInput)
    .output(seasonFinishesOut)
    .query(({ ctx, input }) => seasonsOf(ctx.services).finishes(input.userId)),

  end: authedProcedure
    .input(endSeasonInput)
    .output(endSeasonResult)
    .mutation(({ ctx, input, path }) => {
      const seasons = seasonsOf(ctx.services);
      seasons.mayEnd(ctx.user, input.confirm);
      return once(ctx, { command: path, input, store: ctx.services.leagueKeys }, (remember) =>
        seasons.end(ctx.user, input.confirm, input.season, rememberExclusive(remember, endedAnswer)),
      );
    }),
});
