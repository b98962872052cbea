import type { Agent } from 'node:https';
import type { Logger } from 'pino';
import webpush, { WebPushError } from 'web-push';
import type { PushSubscriptionsRepo, PushTarget } from '../../db/repos/push-subscriptions.js';
import type { EventBus, PublishedEvent } from '../../engine/events.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import { leaguePath } from '../../shared/league-paths.js';
import { PUSH_WINDOW_MS, type PushPayload } from '../../shared/push.js';
import { isAllowedPushService } from './allow-list.js';
import { WindowBatcher } from './batcher.js';
import { composeNotification, type PushIntent } from './messages.js';
import type { VapidKeys } from './vapid.js';

export interface PushSenderOptions {
  bus: EventBus;
  subscriptions: PushSubscriptionsRepo;
  /** The users holding shares of an instrument in the bus's league. */
  holdersOf: (kind: InstrumentKind, id: number) => number[];
  keys: VapidKeys;
  /** VAPID subject: how a push service can reach whoever runs this server. */
  subject: string;
  logger: Logger;
  /** How long the first notice of a quiet kind and instrument waits for more (a burst of fills is one message). */
  gatherMs?: number;
  /** At most one notification per user, kind and instrument in this window. */
  windowMs?: number;
  /** The HTTPS agent for requests to push services (tests trust their own endpoint's certificate with it). */
  agent?: Agent;
  /** The push services the server sends to (see allow-list.ts), checked again before every message. */
  hosts: readonly string[];
  /** The league's address name (read when a message goes): its links open that league, whichever the app's tab shows. */
  leagueSlug?: () => string | undefined;
}

const GONE = new Set([404, 410]);
/** How long a push service keeps an undelivered message (seconds): news of a fill is stale after a day. */
const TTL_SECONDS = 24 * 60 * 60;

type PushEvent = Extract<PublishedEvent, { type: 'orderFilled' | 'outbid' | 'offerPosted' | 'playerRetired' | 'notice' }>;
const PUSH_EVENTS = new Set<PublishedEvent['type']>(['orderFilled', 'outbid', 'offerPosted', 'playerRetired']);
const isPushEvent = (e: PublishedEvent): e is PushEvent => PUSH_EVENTS.has(e.type) || (e.type === 'notice' && e.notice.kind === 'passed');

/** Messages sent, failed, and subscriptions removed. */
interface PushStats {
  sent: number;
  failed: number;
  removed: number;
}

/** The event's inbox entry, when it has one: the notification opens it. */
const inbox = (e: { inboxId?: number }) => (e.inboxId === undefined ? {} : { inboxId: e.inboxId });

/** What one event is to tell, and whom: the user it names, or the holders (but the seller) who opted into new offers. */
function intentsOf(e: PushEvent, options: Pick<PushSenderOptions, 'subscriptions' | 'holdersOf'>): PushIntent[] {
  const { subscriptions } = options;
  if (e.type === 'notice') {
    const n = e.notice;
    return [{ kind: 'passed', userId: e.userId, item: { type: 'player', id: n.leagueId, name: '' }, title: n.title, body: n.body, url: n.url, ...inbox(e) }];
  }
  const item = { type: e.itemType, id: e.itemId, name: e.itemName };
  switch (e.type) {
    case 'orderFilled': {
      const minSellPriceCents = e.automatic ? e.minSellPriceCents : null;
      return [{ kind: 'orderFilled', userId: e.userId, item, side: e.side, shares: e.shares, priceCents: e.priceCents, minSellPriceCents, ...inbox(e) }];
    }
    case 'outbid':
      return [{ kind: 'outbid', userId: e.userId, item, yourPriceCents: e.yourPriceCents, bestPriceCents: e.bestPriceCents, ...inbox(e) }];
    case 'playerRetired':
      return [{ kind: 'retired', userId: e.userId, item, shares: e.shares, priceCents: e.priceCents, ...inbox(e) }];
    case 'offerPosted': {
      const holders = new Set(
        subscriptions
          .ofUsers(
            options.holdersOf(e.itemType, e.itemId).filter((id) => id !== e.sellerId),
            'newOffer',
          )
          .map((t) => t.userId),
      );
      return [...holders].map((userId) => ({ kind: 'newOffer', userId, item, sellerUsername: e.sellerUsername, shares: e.shares, priceCents: e.priceCents }));
    }
  }
}

/**
 * Sends one message to one subscription with `web-push`; a subscription on a push service no longer
 * allowed, or one the service reports gone (404/410), is removed instead.
 */
async function send(options: PushSenderOptions, stats: PushStats, target: PushTarget, payload: PushPayload): Promise<void> {
  const { subscriptions, keys, subject, logger, agent } = options;
  // Saved when its service was allowed, and no longer is: nothing goes there, and it goes.
  if (!isAllowedPushService(target.endpoint, options.hosts)) {
    subscriptions.removeById(target.id);
    stats.removed += 1;
    logger.warn({ subscription: target.id }, 'Push subscription on a push service no longer allowed: removed');
    return;
  }
  try {
    await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      timeout: 10_000,
      ...(agent ? { agent } : {}),
    });
    stats.sent += 1;
  } catch (error) {
    try {
      if (error instanceof WebPushError && GONE.has(error.statusCode)) {
        subscriptions.removeById(target.id);
        stats.removed += 1;
        logger.info({ subscription: target.id, status: error.statusCode }, 'Push subscription gone: removed');
        return;
      }
      stats.failed += 1;
      logger.warn(
        { subscription: target.id, err: error instanceof WebPushError ? `${error.statusCode} ${error.body}` : error },
        'Push notification not delivered',
      );
    } catch (inner) {
      // The database closed under a late answer (shutdown): nothing more to do.
      logger.warn({ err: inner }, 'Push answer not recorded');
    }
  }
}

/**
 * Sends Web Push notifications to the fans who opted in. It follows the exchange's events (published
 * after commit) and does everything later, off the write path: looks up who opted in, batches per
 * user, kind and instrument (at most one notification per window), and sends with `web-push`. A
 * subscription the push service reports gone (404/410) is deleted.
 */
export function createPushSender(options: PushSenderOptions) {
  const { bus, subscriptions, keys, logger } = options;
  const stats: PushStats = { sent: 0, failed: 0, removed: 0 };
  const queue: PushEvent[] = [];
  let draining = false;

  const batcher = new WindowBatcher<PushIntent>(
    (key, intents) => {
      try {
        deliver(intents);
      } catch (error) {
        logger.error({ err: error, key }, 'Push notification failed');
      }
    },
    options.gatherMs ?? 2_000,
    options.windowMs ?? PUSH_WINDOW_MS,
  );

  function drain(): void {
    draining = false;
    const events = queue.splice(0);
    if (!subscriptions.any()) return;
    for (const event of events) {
      try {
        for (const intent of intentsOf(event, options)) {
          // Only those who opted into this kind; checked again when the batch is sent.
          if (intent.kind !== 'newOffer' && subscriptions.ofUser(intent.userId, intent.kind).length === 0) continue;
          batcher.add(`${intent.userId}:${intent.kind}:${intent.item.type}:${intent.item.id}`, intent);
        }
      } catch (error) {
        logger.error({ err: error }, 'Push notification lookup failed');
      }
    }
  }

  function deliver(intents: PushIntent[]): void {
    const first = intents[0]!;
    const composed = composeNotification(intents);
    const payload = { ...composed, url: leaguePath(options.leagueSlug?.() ?? null, composed.url) };
    for (const target of subscriptions.ofUser(first.userId, first.kind)) void send(options, stats, target, payload);
  }

  const unsubscribe = bus.subscribe((event) => {
    if (!isPushEvent(event)) return;
    queue.push(event);
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  });

  return {
    publicKey: keys.publicKey,
    stats: () => ({ ...stats }),
    stop(): void {
      unsubscribe();
      batcher.stop();
      queue.length = 0;
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
