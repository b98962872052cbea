import { tracked } from '@trpc/server';
import { z } from 'zod';
import type { EventBus, PublishedEvent } from '../../engine/events.js';
import { withoutRepeatedNotices } from '../../engine/exchange.js';
import { TICKER_INTERVAL_MS, type LiveEventBody } from '../../shared/live.js';
import { Inbox } from '../live/inbox.js';
import { resumeInput } from '../live/resume.js';
import { liveEvent } from '../live/shape.js';
import type { Tick } from '../live/ticker.js';
import { publicProcedure, router } from '../trpc.js';
import type { Context } from '../context.js';
import type { ReadService } from '../reads/service.js';

/** The events subscription's resume point: one id (the call's league), or `leagueId=id` pairs. */
const eventsResumeInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^(\d{1,16}|\d{1,12}=\d{1,16}(,\d{1,12}=\d{1,16}){0,99})$/)
      .nullish(),
  })
  .optional();

type UserEvent = Exclude<PublishedEvent, { type: 'tradeCompleted' | 'offerPosted' }>;

/** What a subscriber may be sent: market notices of the call's league while they may read it, their own events of the leagues they belong to. */
interface Audience {
  userId: number | null;
  readsCurrent: boolean;
  memberOf: ReadonlySet<number>;
  /** When the session ends unless it is used. */
  expiresAt: number;
}

function audienceOf(ctx: Context, userId: number | null): Audience {
  const same = ctx.user !== null && ctx.user.id === userId;
  return {
    userId: same ? userId : null,
    readsCurrent: ctx.access !== 'none',
    memberOf: new Set(same ? ctx.services.registry.leagueIdsOf(ctx.user!.id) : []),
    expiresAt: ctx.session?.expiresAt ?? Infinity,
  };
}

/**
 * Trades go by the ticker and a posted offer reaches followers as offersUpdated (its details are
 * for push notifications); market notices go to every signed-in reader of the league, the rest
 * only to the user it names, while a member.
 */
function visibleTo(audience: Audience, current: number, leagueId: number, event: PublishedEvent): event is UserEvent {
  if (event.type === 'tradeCompleted' || event.type === 'offerPosted' || audience.userId === null) return false;
  if (event.userId === null) return leagueId === current && audience.readsCurrent;
  return event.userId === audience.userId && audience.memberOf.has(leagueId);
}

/**
 * Judges a subscriber again when their access may have changed (RULES.md, Accounts): the context
 * renewed whenever the access watch moved or the session's time ran out.
 */
function audienceWatch(ctx: Context) {
  const { access, now } = ctx.services;
  const userId = ctx.user?.id ?? null;
  let audience = audienceOf(ctx, userId);
  let seen = access.revision;
  return () => {
    if (access.revision !== seen || audience.expiresAt <= now()) {
      seen = access.revision;
      audience = audienceOf(ctx.renew(), userId);
    }
    return audience;
  };
}

/** What an order change does to a member's badges (see `sentBody`). */
type BadgeFields = { sharesForSale: number } | { forYou: boolean };

/**
 * A change of an instrument's orders with what it does to the member's badges, as of when it is
 * sent: the figure of offers for sale (set by the client, not asked for), and whether asks changed on what
 * they hold (when not, their badges stay). Null for any other event.
 */
function badgesOf(event: UserEvent, reads: Pick<ReadService, 'badgeFacts'>, userId: number): BadgeFields | null {
  if (event.type !== 'offersUpdated' && event.type !== 'asksUpdated') return null;
  const facts = reads.badgeFacts(userId, event.itemType, event.itemId);
  return event.type === 'offersUpdated' ? { sharesForSale: facts.sharesForSale } : { forYou: facts.holds };
}

type SentBody = LiveEventBody & { leagueId: number };

/**
 * Each event's body as sent, one frozen object per variant (its league, the badge figures): every
 * member who gets the same one gets the same object, which the WebSocket encoder serialises once
 * (`createSharedPayloadEncoder`) instead of once per member.
 */
const sentBodies = new WeakMap<UserEvent, Map<string, SentBody>>();

function sentBody(event: UserEvent, leagueId: number, badges: BadgeFields | null): SentBody {
  let variants = sentBodies.get(event);
  if (!variants) sentBodies.set(event, (variants = new Map()));
  const key = badges === null ? `${leagueId}` : `${leagueId}:${'forYou' in badges ? badges.forYou : badges.sharesForSale}`;
  let body = variants.get(key);
  if (!body) variants.set(key, (body = Object.freeze({ ...liveEvent(event), ...badges, leagueId })));
  return body;
}

interface LeagueEvent {
  leagueId: number;
  event: UserEvent;
}

/** Where each league's events resume: the ids a returning client saw, else now. */
function resumePoint(lastEventId: string | null | undefined, current: number, feeds: { leagueId: number; bus: EventBus }[]): Map<number, number> {
  const seen = new Map<number, number>();
  if (lastEventId && /^\d+$/.test(lastEventId)) seen.set(current, Number(lastEventId));
  else for (const part of lastEventId?.split(',') ?? []) seen.set(Number(part.split('=')[0]), Number(part.split('=')[1]));
  return new Map(feeds.map(({ leagueId, bus }) => [leagueId, seen.get(leagueId) ?? bus.lastId]));
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
    // The league stays open while someone follows it, however quiet it is.
    const held = ctx.services.hub.hold(ctx.services.league.id);
    const { ticker } = ctx.services;
    const inbox = new Inbox<Tick>((push) => ticker.subscribe(push), signal);
    const leave = ctx.services.metrics?.followed('ticker');
    const audience = audienceWatch(ctx);
    try {
      const missed = input?.lastEventId ? ticker.since(Number(input.lastEventId)) : null;
      if (missed) yield missed.envelope;
      // A follower who may no longer read the league (made invite-only, a member removed) gets nothing more.
      for (let tick = await inbox.next(); tick && audience().readsCurrent; tick = await inbox.next()) yield tick.envelope;
    } finally {
      inbox.close();
      leave?.();
      held?.release();
    }
  }),

  /**
   * A signed-in user's events in their leagues, each with its league's id: from the call's league,
   * market notices and their own events; from their other leagues, only their own (fills, being
   * outbid, their portfolio). Gathered per ticker interval with each notice once; resumes after
   * `lastEventId` (`"<leagueId>=<id>,…"`, or the call's league's id alone) like the ticker.
   * Anonymous clients get none.
   */
  events: publicProcedure.input(eventsResumeInput).subscription(async function* ({ ctx, input, signal }) {
    const { registry, hub } = ctx.services;
    const current = ctx.services.league.id;
    const audience = audienceWatch(ctx);
    const userId = audience().userId;
    const held = hub.hold(current);
    const shows = (leagueId: number, event: PublishedEvent): event is UserEvent => visibleTo(audience(), current, leagueId, event);
    // The call's league, and the user's other leagues while they are open: none is opened (or kept open) for them.
    const others = userId === null ? [] : registry.leagueIdsOf(userId).filter((id) => id !== current);
    const atStart = [{ leagueId: current, bus: ctx.services.bus }, ...others.flatMap((id) => (hub.peek(id) ? [{ leagueId: id, bus: hub.peek(id)!.bus }] : []))];
    const inbox = new Inbox<LeagueEvent>((push) => {
      const following = new Map<number, () => void>();
      const follow = (leagueId: number, bus: EventBus) =>
        following.set(
          leagueId,
          bus.subscribe((e) => shows(leagueId, e) && push({ leagueId, event: e })),
        );
      for (const { leagueId, bus } of atStart) follow(leagueId, bus);
      const stopOpened = hub.onOpened((id) => {
        const open = hub.peek(id);
        if (open && id !== current && !following.has(id) && audience().memberOf.has(id)) follow(id, open.bus);
      });
      const stopClosed = hub.onClosed((id) => {
        following.get(id)?.();
        following.delete(id);
      });
      return () => {
        stopOpened();
        stopClosed();
        for (const stop of following.values()) stop();
      };
    }, signal);
    const leave = ctx.services.metrics?.followed('events');
    const last = resumePoint(input?.lastEventId, current, atStart);
    const envelope = (e: LeagueEvent) => {
      last.set(e.leagueId, e.event.id);
      const badges = e.leagueId === current && userId !== null ? badgesOf(e.event, ctx.services.reads, userId) : null;
      return tracked([...last].map(([id, n]) => `${id}=${n}`).join(','), sentBody(e.event, e.leagueId, badges));
    };
    try {
      for (const { leagueId, bus } of atStart) {
        for (const event of bus.since(last.get(leagueId)!)) if (shows(leagueId, event)) yield envelope({ leagueId, event });
      }
      // Gathered for a moment, so that a busy market's repeated notices reach the user once.
      for (let batch = await inbox.nextBatch(TICKER_INTERVAL_MS); batch.length > 0; batch = await inbox.nextBatch(TICKER_INTERVAL_MS)) {
        for (const leagueId of new Set(batch.map((e) => e.leagueId))) {
          const mine = batch.filter((e) => e.leagueId === leagueId).map((e) => e.event);
          for (const event of withoutRepeatedNotices(mine)) {
            if (event.id <= (last.get(leagueId) ?? 0) || !shows(leagueId, event)) continue;
            yield envelope({ leagueId, event });
          }
        }
      }
    } finally {
      inbox.close();
      leave?.();
      held?.release();
    }
  }),
});
