import { createWatchlistRepo } from '../../db/repos/watchlist.js';
import { setWatchInput, WATCHLIST_MAX, WATCHLIST_TEXT, watchlistOut, type WatchlistOut } from '../../shared/schemas/watchlist.js';
import { AppError } from '../errors.js';
import { once } from '../idempotency/once.js';
import type { Context } from '../context.js';
import { authedProcedure, router, checkedBy } from '../trpc.js';

const repoOf = (ctx: Context) => createWatchlistRepo(ctx.services.db);

const listOf = (ctx: Context, userId: number): WatchlistOut => ({ items: repoOf(ctx).list(userId, WATCHLIST_MAX) });

/**
 * A member's watchlist in a league (the market's stars), kept in the league's file by the member's
 * key. Reads: the caller's own. The star is a command with an idempotency key, its key and answer
 * written in the transaction that writes the star; a member of the league only (trpc.ts).
 */
export const watchlistRouter = router({
  /** The caller's stars in this league. */
  list: authedProcedure.output(checkedBy(watchlistOut)).query(({ ctx }) => listOf(ctx, ctx.user.id)),

  /** Stars or unstars a player or team on the market; answers the caller's stars. */
  set: authedProcedure
    .input(setWatchInput)
    .output(checkedBy(watchlistOut))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.leagueKeys }, (remember) => {
        const { db } = ctx.services;
        const userId = ctx.user.id;
        const known = ctx.services.exchange.readModels().instruments.get(input.itemType, input.itemId);
        return db.$client.transaction(() => {
          const repo = repoOf(ctx);
          if (input.starred && !repo.has(userId, input.itemType, input.itemId)) {
            const refusal = !known?.active
              ? new AppError('NOT_FOUND', WATCHLIST_TEXT.unknown)
              : repo.count(userId) >= WATCHLIST_MAX
                ? new AppError('BAD_REQUEST', WATCHLIST_TEXT.full)
                : null;
            // Thrown: the transaction writes nothing, and `once` keeps the refusal under the key.
            if (refusal) throw refusal;
            repo.add(userId, input.itemType, input.itemId, ctx.services.now());
          } else if (!input.starred) repo.remove(userId, input.itemType, input.itemId);
          const answer = listOf(ctx, userId);
          remember?.({ ok: true, value: answer });
          return answer;
        })();
      }),
    ),
});
