import type { BestAsk, Plan } from '../domain/orderbook/index.js';
import type { TradeReason } from '../shared/instrument.js';
import type { InstrumentRef } from './commands.js';
import type { GameEvent } from './events.js';

/** The names events carry, as the ledger knows them. */
export interface Names {
  instrumentName(kind: InstrumentRef['kind'], id: number): string;
  /** A team's code, or a player's team's. */
  teamCode(kind: InstrumentRef['kind'], id: number): string;
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
      teamCode: names.teamCode(ref.kind, ref.id),
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

/**
 * Who a fill happened to without their sending anything: the owner of the ask it took, and the
 * seller whose offer or minimum sell price (standing sell) it took; never the command's sender.
 */
function passiveSides(plan: Plan, fill: Plan['fills'][number], sender: number, standingPrice: (userId: number) => number | null) {
  const sides: { userId: number; side: 'ask' | 'offer'; orderId: number; automatic: boolean; minSellPriceCents: number | null }[] = [];
  if (fill.askId !== null && fill.buyerId !== null && fill.buyerId !== sender)
    sides.push({ userId: fill.buyerId, side: 'ask', orderId: fill.askId, automatic: false, minSellPriceCents: null });
  if (fill.sellerId !== null && fill.sellerId !== sender) {
    const automatic = fill.standingSell;
    sides.push({
      userId: fill.sellerId,
      side: 'offer',
      orderId: fill.offerId ?? 0,
      automatic,
      minSellPriceCents: automatic ? (standingPrice(fill.sellerId) ?? fill.price) : null,
    });
  }
  return sides;
}

/** The price of the holder's standing sell as the plan leaves it (set or taken from), if it touched it. */
const standingAfter = (plan: Plan, userId: number): number | null => plan.standingSellUpdates.find((s) => s.userId === userId)?.price ?? null;

/**
 * What a plan tells the league, in order: each trade (and its resting order's owner), the bidder a
 * new ask outbids (`bestBefore`: the best other ask before the plan), a new offer, and which lists changed.
 */
export function planEvents(
  ref: InstrumentRef,
  plan: Plan,
  tradeIds: readonly number[],
  names: Names,
  context: {
    at: number;
    bestBefore: BestAsk | undefined;
    /** Who sent the command that set this plan off (0: the server); only others are told their orders filled. */
    sender: number;
    /** A holder's minimum sell price before the plan, if they had a standing sell. */
    standingPrice: (userId: number) => number | null;
  },
): GameEvent[] {
  const { kind, id } = ref;
  const itemName = names.instrumentName(kind, id);
  const events: GameEvent[] = [];
  plan.fills.forEach((fill, i) => {
    events.push(tradeCompleted(ref, { ...fill, tradeId: tradeIds[i]! }, names, context.at));
    for (const passive of passiveSides(plan, fill, context.sender, (userId) => standingAfter(plan, userId) ?? context.standingPrice(userId)))
      events.push({ type: 'orderFilled', ...passive, itemType: kind, itemId: id, itemName, shares: fill.shares, priceCents: fill.price });
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
