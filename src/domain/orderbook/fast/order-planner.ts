/**
 * Plans the order flow — buys, listings, cancels: nearly every command the book sees — straight
 * from the book's records and into the plan's own lists, without the PlanBuilder. The result is
 * exactly the builder's (the property test compares with the reference book); the rarer commands
 * are in book-planner.ts.
 */
import { OPEN_MARKET_PRICE_CENTS } from '../../../shared/money.js';
import { LEVEL_RECORD } from './book-side.js';
import type { BookState, Planned } from './book-state.js';
import { bookErrors } from '../errors.js';
import { ABSENT } from './id-index.js';
import { NIL, SLOT } from './order-slots.js';
import { AccountSet } from '../plan-accounts.js';
import { makePlan } from '../plan-builder.js';
import { append, NONE } from '../plan-lists.js';
import type { BuyCommand, CancelAskCommand, CancelOfferCommand, Fill, ListOfferCommand, OrderUpdate, StandingSell, UserId } from '../types.js';
import { checkAmount, checkOrder } from '../validation.js';

// The slot and level records (see SLOT, LEVEL_RECORD), as local constants for the hot loops.
const ID = 0;
const USER = 1;
const PRICE = 2;
const SHARES = 3;
const SEQ = 4;
const VAL_STRIDE = 5;
const NEXT = 1;
const KIND = 3;
const LINK_STRIDE = 4;
const L_HEAD = 0;
const L_STRIDE = 4;
if (
  SLOT.ID !== ID ||
  SLOT.USER !== USER ||
  SLOT.PRICE !== PRICE ||
  SLOT.SHARES !== SHARES ||
  SLOT.SEQ !== SEQ ||
  SLOT.VAL_STRIDE !== VAL_STRIDE ||
  SLOT.NEXT !== NEXT ||
  SLOT.KIND !== KIND ||
  SLOT.LINK_STRIDE !== LINK_STRIDE ||
  LEVEL_RECORD.HEAD !== L_HEAD ||
  LEVEL_RECORD.STRIDE !== L_STRIDE
) {
  throw new Error('order-planner: SLOT or LEVEL_RECORD changed');
}

/**
 * Buy `shares` at up to `price`: the open market first, then offers and standing sells at or
 * below the price, lowest then oldest, never the buyer's own; the rest rests as an ask.
 */
export function planBuy(state: BookState, c: BuyCommand): Planned {
  const bad = checkOrder(c.shares, c.price) ?? checkAmount('Cash', c.cash);
  if (bad) return bad;
  if (state.askById.has(c.orderId)) return bookErrors.duplicateOrderId('ask', c.orderId);
  if (c.cash < c.shares * c.price) return bookErrors.insufficientCash(c.shares, c.price, c.cash);
  const sells = state.sells;
  const best = sells.level(0);
  if (!(state.remaining > 0) && (best === NIL || sells.levelPrice(best) > c.price)) return restAsk(state, c);

  const userId = c.userId;
  const accounts = new AccountSet();
  const buyer = accounts.of(userId);
  let left = c.shares;
  let remaining = state.remaining;
  let fills: Fill[] | null = null;
  let offerUpdates: OrderUpdate[] | null = null;
  let standingUpdates: StandingSell[] | null = null;
  const fromMarket = Math.min(left, remaining);
  if (fromMarket > 0) {
    fills = [
      { buyerId: userId, sellerId: null, shares: fromMarket, price: OPEN_MARKET_PRICE_CENTS, askId: null, offerId: null, standingSell: false, escrowRefund: 0 },
    ];
    buyer.cash -= fromMarket * OPEN_MARKET_PRICE_CENTS;
    buyer.shares += fromMarket;
    remaining -= fromMarket;
    left -= fromMarket;
  }
  const val = sells.val;
  const link = sells.link;
  const lv = sells.lv;
  for (let i = 0; left > 0; i++) {
    const level = sells.level(i);
    if (level === NIL || sells.levelPrice(level) > c.price) break;
    for (let s = lv[level * L_STRIDE + L_HEAD]!; s !== NIL && left > 0; s = link[s * LINK_STRIDE + NEXT]!) {
      const o = s * VAL_STRIDE;
      const sellerId = val[o + USER]!;
      if (sellerId === userId) continue;
      const had = val[o + SHARES]!;
      const price = val[o + PRICE]!;
      const take = Math.min(left, had);
      let fill: Fill;
      if (link[s * LINK_STRIDE + KIND] === 1) {
        fill = { buyerId: userId, sellerId, shares: take, price, askId: null, offerId: null, standingSell: true, escrowRefund: 0 };
        standingUpdates = append(standingUpdates, { userId: sellerId, price, shares: had - take, seq: val[o + SEQ]! });
      } else {
        const offerId = val[o + ID]!;
        fill = { buyerId: userId, sellerId, shares: take, price, askId: null, offerId, standingSell: false, escrowRefund: 0 };
        offerUpdates = append(offerUpdates, { id: offerId, userId: sellerId, shares: had - take });
      }
      fills = append(fills, fill);
      const value = take * price;
      buyer.cash -= value;
      buyer.shares += take;
      const seller = accounts.of(sellerId);
      seller.shares -= take;
      seller.cash += value;
      left -= take;
    }
  }
  let newAsk = null;
  if (left > 0) {
    newAsk = { id: c.orderId, userId, price: c.price, shares: left, seq: c.seq };
    const escrow = left * c.price;
    buyer.cash -= escrow;
    buyer.escrow += escrow;
  }
  // prettier-ignore
  return makePlan('buy', userId, state.version, false, fills ?? NONE, c.shares - left, 0, remaining, newAsk, null,
    NONE, offerUpdates ?? NONE, standingUpdates ?? NONE, null, accounts.sorted());
}

/** A buy that meets nothing rests whole, its cash in escrow. */
function restAsk(state: BookState, c: BuyCommand): Planned {
  const escrow = c.shares * c.price;
  const newAsk = { id: c.orderId, userId: c.userId, price: c.price, shares: c.shares, seq: c.seq };
  const accounts = [{ userId: c.userId, cash: 0 - escrow, escrow, shares: 0 }];
  const plan = makePlan('buy', c.userId, state.version, false, NONE, 0, 0, state.remaining, newAsk, null, NONE, NONE, NONE, null, accounts);
  return plan;
}

/**
 * List `shares` at `price`: resting asks at or above the price fill at once, highest then oldest,
 * at the ask's price, never the seller's own; the rest rests as an offer. The seller's standing
 * sell shrinks to what stays unlisted.
 */
export function planListOffer(state: BookState, c: ListOfferCommand): Planned {
  const bad = checkOrder(c.shares, c.price) ?? checkAmount('Unlisted shares', c.unlisted);
  if (bad) return bad;
  if (state.offerById.has(c.orderId)) return bookErrors.duplicateOrderId('offer', c.orderId);
  if (c.shares > c.unlisted) return bookErrors.insufficientShares(c.shares, c.unlisted);
  const userId = c.userId;
  const asks = state.asks;
  const val = asks.val;
  const link = asks.link;
  const lv = asks.lv;
  let left = c.shares;
  let fills: Fill[] | null = null;
  let askUpdates: OrderUpdate[] | null = null;
  let accounts: AccountSet | null = null;
  for (let i = 0; left > 0; i++) {
    const level = asks.level(i);
    if (level === NIL || asks.levelPrice(level) < c.price) break;
    for (let s = lv[level * L_STRIDE + L_HEAD]!; s !== NIL && left > 0; s = link[s * LINK_STRIDE + NEXT]!) {
      const o = s * VAL_STRIDE;
      const buyerId = val[o + USER]!;
      if (buyerId === userId) continue;
      const had = val[o + SHARES]!;
      const price = val[o + PRICE]!;
      const askId = val[o + ID]!;
      const take = Math.min(left, had);
      fills = append(fills, { buyerId, sellerId: userId, shares: take, price, askId, offerId: null, standingSell: false, escrowRefund: 0 });
      askUpdates = append(askUpdates, { id: askId, userId: buyerId, shares: had - take });
      if (accounts === null) accounts = new AccountSet();
      const value = take * price;
      const buyer = accounts.of(buyerId);
      buyer.shares += take;
      buyer.escrow -= value;
      const seller = accounts.of(userId);
      seller.shares -= take;
      seller.cash += value;
      left -= take;
    }
  }
  const newOffer = left > 0 ? { id: c.orderId, userId, price: c.price, shares: left, seq: c.seq } : null;
  const plan = makePlan(
    'listOffer',
    userId,
    state.version,
    false,
    fills ?? NONE,
    0,
    c.shares - left,
    state.remaining,
    null,
    newOffer,
    askUpdates ?? NONE,
    NONE,
    shrunkStanding(state, userId, c.unlisted - c.shares),
    null,
    accounts === null ? NONE : accounts.sorted(),
  );
  return plan;
}

/** The update of the user's standing sell when their unlisted shares drop to `unlistedAfter`. */
function shrunkStanding(state: BookState, userId: UserId, unlistedAfter: number): readonly StandingSell[] {
  if (state.standingByUser.size === 0) return NONE;
  const s = state.standingByUser.get(userId);
  if (s === ABSENT) return NONE;
  const val = state.sells.val;
  const o = s * VAL_STRIDE;
  const had = val[o + SHARES]!;
  const shares = Math.max(0, Math.min(had, unlistedAfter));
  if (shares === had) return NONE;
  return [{ userId: val[o + USER]!, price: val[o + PRICE]!, shares, seq: val[o + SEQ]! }];
}

export function planCancelAsk(state: BookState, c: CancelAskCommand): Planned {
  const s = state.askById.get(c.askId);
  if (s === ABSENT) return bookErrors.askNotFound(c.askId);
  const val = state.asks.val;
  const o = s * VAL_STRIDE;
  const userId = val[o + USER]!;
  if (userId !== c.userId) return bookErrors.notYourAsk(c.askId);
  const id = val[o + ID]!;
  const shares = val[o + SHARES]!;
  const price = val[o + PRICE]!;
  const escrow = shares * price;
  const cancelled = { id, userId, price, shares, seq: val[o + SEQ]! };
  const accounts = [{ userId: c.userId, cash: escrow, escrow: 0 - escrow, shares: 0 }];
  const plan = makePlan(
    'cancelAsk',
    c.userId,
    state.version,
    false,
    NONE,
    0,
    0,
    state.remaining,
    null,
    null,
    [{ id, userId, shares: 0 }],
    NONE,
    NONE,
    cancelled,
    accounts,
  );
  return plan;
}

export function planCancelOffer(state: BookState, c: CancelOfferCommand): Planned {
  const s = state.offerById.get(c.offerId);
  if (s === ABSENT) return bookErrors.offerNotFound(c.offerId);
  const val = state.sells.val;
  const o = s * VAL_STRIDE;
  const userId = val[o + USER]!;
  if (userId !== c.userId) return bookErrors.notYourOffer(c.offerId);
  const id = val[o + ID]!;
  const cancelled = { id, userId, price: val[o + PRICE]!, shares: val[o + SHARES]!, seq: val[o + SEQ]! };
  const plan = makePlan(
    'cancelOffer',
    c.userId,
    state.version,
    false,
    NONE,
    0,
    0,
    state.remaining,
    null,
    null,
    NONE,
    [{ id, userId, shares: 0 }],
    NONE,
    cancelled,
    NONE,
  );
  return plan;
}
