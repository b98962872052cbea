import { tracked, type TrackedEnvelope } from '@trpc/server';
import { z } from 'zod';
import type { PublishedEvent } from '../../engine/events.js';
import type { LiveEvent } from '../../shared/live.js';
import { centsToDollars } from '../../shared/money.js';
import { publicProcedure, router } from '../trpc.js';

/** Anonymous clients follow the public trade feed; a signed-in user also gets the market's updates and their own events. */
function visibleTo(userId: number | null, event: PublishedEvent): boolean {
  if (event.userId !== null) return event.userId === userId;
  return userId !== null || event.type === 'tradeCompleted';
}

// Every subscriber gets the same tracked object for the same event, so the WebSocket encoder
// serialises it once (and nothing is allocated per subscriber here).
const shaped = new WeakMap<PublishedEvent, TrackedEnvelope<LiveEvent>>();

function toLive(event: PublishedEvent): TrackedEnvelope<LiveEvent> {
  let live = shaped.get(event);
  if (!live) {
    live = tracked(String(event.id), shape(event));
    shaped.set(event, live);
  }
  return live;
}

function shape(event: PublishedEvent): LiveEvent {
  switch (event.type) {
    case 'tradeCompleted': {
      const t = event.trade;
      return {
        type: 'tradeCompleted',
        trade: {
          tradeId: t.tradeId, itemType: t.itemType, playerId: t.itemId, playerName: t.itemName,
          buyer_id: t.buyerId, seller_id: t.sellerId, buyerUsername: t.buyerUsername, sellerUsername: t.sellerUsername,
          shares_transferred: t.shares, price_per_share: centsToDollars(t.priceCents), total_value: centsToDollars(t.shares * t.priceCents),
          created_at: new Date(t.at).toISOString(),
        },
      };
    }
    case 'portfolioUpdated':
      return { type: 'portfolioUpdated' };
    case 'orderFilled':
      return { type: 'orderFilled', side: event.side, orderId: event.orderId, itemType: event.itemType, itemId: event.itemId, itemName: event.itemName, shares: event.shares, price_per_share: centsToDollars(event.priceCents) };
    case 'outbid':
      return { type: 'outbid', itemType: event.itemType, itemId: event.itemId, itemName: event.itemName, your_price: centsToDollars(event.yourPriceCents), best_price: centsToDollars(event.bestPriceCents) };
    default:
      return { type: event.type, itemType: event.itemType, itemId: event.itemId };
  }
}

export const liveRouter = router({
  /**
   * Every event the caller may see, each with its id; a client that reconnects with the last id it
   * saw (`lastEventId`) first gets what it missed, as far as the server still remembers.
   */
  events: publicProcedure.input(z.object({ lastEventId: z.string().regex(/^\d{1,16}$/).nullish() }).optional()).subscription(async function* ({ ctx, input, signal }) {
    const { bus, sessions } = ctx.services;
    const session = ctx.session;
    let userId = ctx.user?.id ?? null;
    /** A connection whose session ended (logout, password reset, expiry) falls back to the public feed. */
    const viewer = (event: PublishedEvent): number | null => {
      if (userId !== null && event.type !== 'tradeCompleted' && session && !sessions.isLive(session.id)) userId = null;
      return userId;
    };
    const pending: PublishedEvent[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = bus.subscribe((event) => {
      if (!visibleTo(viewer(event), event)) return;
      pending.push(event);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      let last = input?.lastEventId ? Number(input.lastEventId) : bus.lastId;
      for (const event of bus.since(last)) {
        if (!visibleTo(viewer(event), event)) continue;
        last = event.id;
        yield toLive(event);
      }
      while (!signal?.aborted) {
        const event = pending.shift();
        if (!event) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        if (event.id <= last) continue;
        last = event.id;
        yield toLive(event);
      }
    } finally {
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
    }
  }),
});
