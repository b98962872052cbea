import { tracked } from '@trpc/server';
import { isModerator } from '../../domain/chat/moderation.js';
import { CHAT_PAGE_MAX } from '../../shared/chat.js';
import {
  chatPage,
  chatPageInput,
  deleteMessageInput,
  deleteMessageResult,
  markReadInput,
  muteInput,
  muteResult,
  mutesResult,
  postMessageInput,
  postMessageResult,
  reactInput,
  reactResult,
  unmuteInput,
  unmuteResult,
  unreadResult,
  type ChatLiveEvent,
} from '../../shared/schemas/chat.js';
import { chatRefusal, chatWatch } from '../chat/access.js';
import type { Keep } from '../chat/feed.js';
import { once, type Remember } from '../idempotency/once.js';
import type { Context } from '../context.js';
import { Inbox } from '../live/inbox.js';
import { resumeInput } from '../live/resume.js';
import { authedProcedure, publicProcedure, router, checkedBy } from '../trpc.js';

/** The league's feed, for a caller who may read it: a member removed from the league reads none of it, whatever the league. */
function feedFor(ctx: Context) {
  const refusal = chatRefusal(ctx);
  if (refusal) throw refusal;
  return ctx.services.feed;
}

type Authed = Context & { user: NonNullable<Context['user']> };

const moderatorOf = (ctx: Authed) => isModerator(ctx.services.league, ctx.user);

/**
 * A chat command with its idempotency key (docs/architecture.md §3): the key and the answer are
 * kept in the league's file, in the transaction that writes the message, reaction or mute.
 */
const keyed = <T>(ctx: Authed, path: string, input: { idempotencyKey?: string | undefined }, run: (remember: Remember<T>) => T): Promise<T> =>
  once(ctx, { command: path, input, store: ctx.services.leagueKeys }, run);

/** `remember` as the feed's `keep`, the feed's answer shaped into the procedure's (as it is, unless `shape` says). */
function keepAs<V, T = V>(remember: Remember<T>, shape: (value: V) => T = (value) => value as unknown as T): Keep<V> | undefined {
  return remember ? (value) => remember({ ok: true, value: shape(value) }) : undefined;
}

/**
 * The league's chat and feed (docs/chat.md): reads for whoever may read the league (never a removed
 * member), writes for its members, moderation for its commissioner (the default league's: its
 * admins). The league's access is checked for every call by the procedures (trpc.ts).
 */
export const chatRouter = router({
  list: publicProcedure
    .input(chatPageInput)
    .output(checkedBy(chatPage))
    .query(({ ctx, input }) => feedFor(ctx).page(input, ctx.user?.id ?? null)),

  post: authedProcedure
    .input(postMessageInput)
    .output(checkedBy(postMessageResult))
    .mutation(async ({ ctx, input, path }) => {
      const feed = feedFor(ctx);
      await ctx.services.chatLimiter(ctx.services.league.id, ctx.user.id);
      return keyed(ctx, path, input, (remember) => ({
        message: feed.post(
          ctx.user,
          input.text,
          keepAs(remember, (message) => ({ message })),
        ),
      }));
    }),

  delete: authedProcedure
    .input(deleteMessageInput)
    .output(checkedBy(deleteMessageResult))
    .mutation(({ ctx, input, path }) => {
      const feed = feedFor(ctx);
      return keyed(ctx, path, input, (remember) => feed.remove(ctx.user, input.messageId, moderatorOf(ctx), keepAs(remember)));
    }),

  react: authedProcedure
    .input(reactInput)
    .output(checkedBy(reactResult))
    .mutation(({ ctx, input, path }) => {
      const feed = feedFor(ctx);
      return keyed(ctx, path, input, (remember) => feed.react(ctx.user, input.messageId, input.emoji, input.on, keepAs(remember)));
    }),

  mute: authedProcedure
    .input(muteInput)
    .output(checkedBy(muteResult))
    .mutation(({ ctx, input, path }) => {
      const feed = feedFor(ctx);
      const facts = { moderator: moderatorOf(ctx), commissionerId: ctx.services.league.commissionerId };
      return keyed(ctx, path, input, (remember) => feed.mute(ctx.user, facts, input.userId, input.minutes, keepAs(remember)));
    }),

  unmute: authedProcedure
    .input(unmuteInput)
    .output(checkedBy(unmuteResult))
    .mutation(({ ctx, input, path }) => {
      const feed = feedFor(ctx);
      return keyed(ctx, path, input, (remember) => feed.unmute(ctx.user, moderatorOf(ctx), input.userId, keepAs(remember)));
    }),

  mutes: authedProcedure.output(checkedBy(mutesResult)).query(({ ctx }) => feedFor(ctx).mutes(moderatorOf(ctx))),

  /** Only a member has unread items: a visitor of an open league reads the feed without a mark. */
  unread: authedProcedure
    .output(checkedBy(unreadResult))
    .query(({ ctx }) => (ctx.access === 'member' ? feedFor(ctx).unread(ctx.user.id) : { count: 0, capped: false })),

  markRead: authedProcedure
    .input(markReadInput)
    .output(checkedBy(unreadResult))
    .mutation(({ ctx, input, path }) => {
      const feed = feedFor(ctx);
      return keyed(ctx, path, input, (remember) => feed.markRead(ctx.user.id, input.lastReadId, keepAs(remember)));
    }),

  /**
   * New messages and moments, deletions and reactions as they happen. Who the subscriber is, and
   * whether they may still read the league, is judged again whenever it may have changed (as for a
   * call): a session that ended ends the subscription with 401; a member removed (whatever the
   * league) or a league made invite-only, with 403. The connection's guard closes it besides.
   */
  live: publicProcedure.input(resumeInput).subscription(async function* ({ ctx, input, signal }) {
    const feed = feedFor(ctx);
    const refusal = chatWatch(ctx);
    // The league stays open while someone follows its chat, however quiet it is.
    const held = ctx.services.hub.hold(ctx.services.league.id);
    const inbox = new Inbox<ChatLiveEvent>((push) => feed.subscribe(push), signal);
    const readerId = ctx.user?.id ?? null;
    const allowed = () => {
      const refused = refusal();
      if (refused) throw refused;
    };
    // Every message carries the id of the newest item the subscriber has: where a returning one resumes.
    let last = input?.lastEventId ? Number(input.lastEventId) : feed.lastId();
    const envelope = (event: ChatLiveEvent) => {
      if (event.type === 'posted') last = Math.max(last, event.message.id);
      return tracked(String(last), event);
    };
    try {
      if (input?.lastEventId) for (const message of feed.since(last, CHAT_PAGE_MAX, readerId)) yield envelope({ type: 'posted', message });
      for (let event = await inbox.next(); event; event = await inbox.next()) {
        allowed();
        yield envelope(event);
      }
    } finally {
      inbox.close();
      held?.release();
    }
  }),
});
