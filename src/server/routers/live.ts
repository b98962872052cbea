import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { PublishedEvent } from '../../engine/events.js';
import { withoutRepeatedNotices } from '../../engine/exchange.js';
import { TICKER_INTERVAL_MS, type LiveEvent } from '../../shared/live.js';
import { Inbox } from '../live/inbox.js';
import { resumeInput } from '../live/resume.js';
import { liveEvent } from '../live/shape.js';
import type { Tick } from '../live/ticker.js';
import { publicProcedure, router } from '../trpc.js';

type UserEvent = Exclude<PublishedEvent, { type: 'tradeCompleted' | 'offerPosted' }>;

/**
 * Market notices go to every signed-in user, the rest only to the user it names; trades go by the
 * ticker; a posted offer reaches followers as offersUpdated (its details are for push notifications).
 */
function visibleTo(userId: number | null, event: PublishedEvent): event is UserEvent {
  return event.type !== 'tradeCompleted' && event.type !== 'offerPosted' && userId !== null && (event.userId === null || event.userId === userId);
}

// Every subscriber gets the same tracked object for the same event, so the WebSocket encoder
// serialises it once (and nothing is allocated per subscriber here).
const shaped = new WeakMap<PublishedEvent, TrackedEnvelope<LiveEvent>>();

function toLive(event: UserEvent): TrackedEnvelope<LiveEvent> {
  let live = shaped.get(event);
  if (!live) {
    live = tracked(String(event.id), liveEvent(event));
    shaped.set(event, live);
  }
  return live;
}

export const liveRouter = router({
  /**
   * The public ticker: at most one message per interval with the trades since the last one. A
   * client that reconnects with the last id it saw (`lastEventId`) first gets what it missed, as far
   * as the server still remembers. Over WebSocket the ticker feed (live/ticker-feed.ts) answers these
   * subscriptions itself, with the same messages, and leaves this to other transports and to
   * requests it does not take (an invalid input gets tRPC's error from here).
   */
  ticker: publicProcedure.input(resumeInput).subscription(async function* ({ ctx, input, signal }) {
    const { ticker } = ctx.services;
    const inbox = new Inbox<Tick>((push) => ticker.subscribe(push), signal);
    const leave = ctx.services.metrics?.followed('ticker');
    try {
      const missed = input?.lastEventId ? ticker.since(Number(input.lastEventId)) : null;
      if (missed) yield missed.envelope;
      for (let tick = await inbox.next(); tick; tick = await inbox.next()) yield tick.envelope;
    } finally {
      inbox.close();
      leave?.();
    }
  }),

  /**
   * A signed-in user's events (market notices, their portfolio, fills of their orders, being
   * outbid), each with its id, gathered per ticker interval with each notice once; resumes after
   * `lastEventId` like the ticker. Anonymous clients get none.
   */
  events: publicProcedure.input(resumeInput).subscription(async function* ({ ctx, input, signal }) {
    const { bus, sessions } = ctx.services;
    const session = ctx.session;
    let userId = ctx.user?.id ?? null;
    /** A connection whose session ended (logout, password reset, expiry) gets nothing more: checked once per batch. */
    const checkSession = () => {
      if (userId !== null && session && !sessions.isLive(session.id)) userId = null;
    };
    const inbox = new Inbox<UserEvent>((push) => bus.subscribe((event) => visibleTo(userId, event) && push(event)), signal);
    const leave = ctx.services.metrics?.followed('events');
    try {
      let last = input?.lastEventId ? Number(input.lastEventId) : bus.lastId;
      checkSession();
      for (const event of bus.since(last)) {
        if (!visibleTo(userId, event)) continue;
        last = event.id;
        yield toLive(event);
      }
      // Gathered for a moment, so that a busy market's repeated notices reach the user once.
      for (let batch = await inbox.nextBatch(TICKER_INTERVAL_MS); batch.length > 0; batch = await inbox.nextBatch(TICKER_INTERVAL_MS)) {
        checkSession();
        for (const event of withoutRepeatedNotices(batch)) {
          if (event.id <= last || !visibleTo(userId, event)) continue;
          last = event.id;
          yield toLive(event);
        }
      }
    } finally {
      inbox.close();
      leave?.();
    }
  }),
});
