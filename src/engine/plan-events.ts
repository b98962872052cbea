import type { BestAsk, Plan } from '../domain/orderbook/index.js';
import type { TradeReason } from '../shared/instrument.js';
import type { InstrumentRef } from './commands.js';
import type { GameEvent } from './events.js';

/** The names events carry, as the ledger knows them. */
export interface Names {
  instrumentName(kind: InstrumentRef['kind'], id: number): string;
  username(userId: number): string | null;
}

/** One trade as it was written: who bought and sold, how many at what price, and its row's id. */
export interface WrittenTrade {
  tradeId: number;
  buyerId: number | null;
  sellerId: number | null;
  shares: number;
  price: number;
  /** Set when no order made it (a retirement's buy-back). */
  reason?: TradeReason | null;
}

/** The ticker's line for a trade: every trade is one, whatever made it (an order, a dump, a retirement). */
export function tradeCompleted(ref: InstrumentRef, trade: WrittenTrade, names: Names, at: number): GameEvent {
  return {
    type: 'tradeCompleted',
    userId: null,
    trade: {
      tradeId: trade.tradeId,
      itemType: ref.kind,
      itemId: ref.id,
      itemName: names.instrumentName(ref.kind, ref.id),
      buyerId: trade.buyerId,
      sellerId: trade.sellerId,
      buyerUsername: trade.buyerId === null ? null : names.username(trade.buyerId),
      sellerUsername: trade.sellerId === null ? null : names.username(trade.sellerId),
      shares: trade.shares,
      priceCents: trade.price,
      at,
      reason: trade.reason ?? null,
    },
  };
}

/** The resting order a fill took from, when it belongs to someone other than the one who sent the command. */
function passiveSide(plan: Plan, fill: Plan['fills'][number]) {
  if (fill.askId !== null && fill.buyerId !== null && fill.buyerId !== plan.userId) return { userId: fill.buyerId, side: 'ask' as const, orderId: fill.askId };
  if (fill.sellerId !== null && fill.sellerId !== plan.userId) return { userId: fill.sellerId, side: 'offer' as const, orderId: fill.offerId ?? 0 };
  return null;
}

/**
 * What a plan tells the league, in order: each trade (and its resting order's owner), the bidder a
 * new ask outbids (`bestBefore`: the best other ask before the plan), a new offer, and which lists changed.
 */
export function planEvents(
  ref: InstrumentRef,
  plan: Plan,
  tradeIds: readonly number[],
  names: Names,
  context: { at: number; bestBefore: BestAsk | undefined },
): GameEvent[] {
  const { kind, id } = ref;
  const itemName = names.instrumentName(kind, id);
  const events: GameEvent[] = [];
  plan.fills.forEach((fill, i) => {
    events.push(tradeCompleted(ref, { ...fill, tradeId: tradeIds[i]! }, names, context.at));
    const passive = passiveSide(plan, fill);
    if (passive) events.push({ type: 'orderFilled', ...passive, itemType: kind, itemId: id, itemName, shares: fill.shares, priceCents: fill.price });
  });
  const best = context.bestBefore;
  if (plan.newAsk && best && best.price < plan.newAsk.price) {
    events.push({ type: 'outbid', userId: best.userId, itemType: kind, itemId: id, itemName, yourPriceCents: best.price, bestPriceCents: plan.newAsk.price });
  }
  const o = plan.newOffer;
  if (o)
    events.push({
      type: 'offerPosted',
      userId: null,
      itemType: kind,
      itemId: id,
      itemName,
      sellerId: o.userId,
      sellerUsername: names.username(o.userId) ?? '',
      offerId: o.id,
      shares: o.shares,
      priceCents: o.price,
    });
  if (plan.newAsk || plan.askUpdates.length || (plan.cancelled && plan.kind === 'cancelAsk'))
    events.push({ type: 'asksUpdated', userId: null, itemType: kind, itemId: id });
  if (plan.newOffer || plan.offerUpdates.length || (plan.cancelled && plan.kind === 'cancelOffer'))
    events.push({ type: 'offersUpdated', userId: null, itemType: kind, itemId: id });
  return events;
}
