import { inboxPageInput, inboxPageOut, markAllInboxReadInput, markInboxReadInput, unreadCountOut } from '../../shared/schemas/inbox.js';
import { once, type Remember } from '../idempotency/once.js';
import { authedProcedure, router, checkedBy } from '../trpc.js';

/** `remember` as the inbox's `keep`: the answer kept under the call's key, in the write's transaction. */
const keepAs =
  <T>(remember: Remember<T>) =>
  (value: T) =>
    remember?.({ ok: true, value });

/**
 * The caller's inbox in the league (docs/inbox.md): a page, the unread count (the nav's badge),
 * and marking read, one entry or all, each with its idempotency key kept in the league's file.
 */
export const inboxRouter = router({
  list: authedProcedure
    .input(inboxPageInput)
    .output(checkedBy(inboxPageOut))
    .query(({ ctx, input }) => ctx.services.inbox.page(ctx.user.id, input)),

  unread: authedProcedure.output(checkedBy(unreadCountOut)).query(({ ctx }) => ctx.services.inbox.unread(ctx.user.id)),

  markRead: authedProcedure
    .input(markInboxReadInput)
    .output(checkedBy(unreadCountOut))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.leagueKeys }, (remember) =>
        ctx.services.inbox.markRead(ctx.user.id, input.entryId, keepAs(remember)),
      ),
    ),

  markAllRead: authedProcedure
    .input(markAllInboxReadInput)
    .output(checkedBy(unreadCountOut))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.leagueKeys }, (remember) => ctx.services.inbox.markAllRead(ctx.user.id, keepAs(remember))),
    ),
});
