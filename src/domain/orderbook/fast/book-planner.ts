/**
 * Plans commands on the fast book's memory without changing it: dispatches the order flow to
 * order-planner.ts, and plans the rarer commands here with the PlanBuilder.
 */
import { OPEN_MARKET_PRICE_CENTS, type UnbrandedCents as Cents } from '../../../shared/money.js';
import type { BookState, Planned } from './book-state.js';
import { bookErrors } from '../errors.js';
import { ABSENT } from './id-index.js';
import { NIL } from './order-slots.js';
import { planBuy, planCancelAsk, planCancelOffer, planListOffer } from './order-planner.js';
import type { PlanBuilder } from '../plan-builder.js';
import type { AcceptAskCommand, AcceptOfferCommand, Command, DumpCommand, RemoveStandingSellCommand, SetStandingSellCommand, UserId } from '../types.js';
import { checkAmount, checkPrice, checkShares } from '../validation.js';

/** Plans `command` on `state` with `b`, a scratch builder that this call resets: the plan, or why not. */
export function planOnState(state: BookState, command: Command, b: PlanBuilder): Planned {
  switch (command.kind) {
    case 'buy':
      return planBuy(state, command);
    case 'listOffer':
      return planListOffer(state, command);
    case 'setStandingSell':
      return planSetStandingSell(state, command, b);
    case 'removeStandingSell':
      return planRemoveStandingSell(state, command, b);
    case 'acceptAsk':
      return planAcceptAsk(state, command, b);
    case 'acceptOffer':
      return planAcceptOffer(state, command, b);
    case 'cancelAsk':
      return planCancelAsk(state, command);
    case 'cancelOffer':
      return planCancelOffer(state, command);
    case 'dump':
      return planDump(state, command, b);
  }
}

/**
 * Sells up to `shares` to resting asks priced ≥ `limit`, highest first then oldest, skipping the
 * seller's own. A user sells at the ask's price; the open market (`sellerId` null) at $1.00.
 * Returns the shares left unsold.
 */
function sellToAsks(state: BookState, b: PlanBuilder, sellerId: UserId | null, limit: Cents, shares: number, standing: boolean): number {
  const asks = state.asks;
  let left = shares;
  for (let i = 0; left > 0; i++) {
    const lv = asks.level(i);
    if (lv === NIL || asks.levelPrice(lv) < limit) break;
    for (let s = asks.head(lv); s !== NIL && left > 0; s = asks.next(s)) {
      const buyerId = asks.userId(s);
      if (buyerId === sellerId) continue;
      const had = asks.shares(s);
      const askPrice = asks.price(s);
      const askId = asks.id(s);
      const take = Math.min(left, had);
      const price = sellerId === null ? OPEN_MARKET_PRICE_CENTS : askPrice;
      const escrowRefund = take * (askPrice - price);
      b.fill({ buyerId, sellerId, shares: take, price, askId, offerId: null, standingSell: standing, escrowRefund });
      b.askUpdate({ id: askId, userId: buyerId, shares: had - take });
      left -= take;
    }
  }
  return left;
}

/** The seller's unlisted shares drop to `unlistedAfter`: their standing sell, if any, can offer no more. */
function shrinkStanding(state: BookState, b: PlanBuilder, userId: UserId, unlistedAfter: number): void {
  const s = state.standingByUser.get(userId);
  const sells = state.sells;
  if (s !== ABSENT) b.shrinkStandingSell(sells.userId(s), sells.price(s), sells.shares(s), sells.seq(s), unlistedAfter);
}

function planSetStandingSell(state: BookState, c: SetStandingSellCommand, b: PlanBuilder): Planned {
  const bad = checkPrice(c.price) ?? checkAmount('Shares', c.shares);
  if (bad) return bad;
  b.reset('setStandingSell', c.userId, state.version, state.remaining);
  const left = sellToAsks(state, b, c.userId, c.price, c.shares, true);
  b.standingSellUpdate({ userId: c.userId, price: c.price, shares: left, seq: c.seq });
  return b.build();
}

function planRemoveStandingSell(state: BookState, c: RemoveStandingSellCommand, b: PlanBuilder): Planned {
  b.reset('removeStandingSell', c.userId, state.version, state.remaining);
  const s = state.standingByUser.get(c.userId);
  if (s !== ABSENT) b.standingSellUpdate({ userId: state.sells.userId(s), price: state.sells.price(s), shares: 0, seq: state.sells.seq(s) });
  else b.noop = true;
  return b.build();
}

function planAcceptAsk(state: BookState, c: AcceptAskCommand, b: PlanBuilder): Planned {
  const bad = checkShares(c.shares) ?? checkAmount('Unlisted shares', c.unlisted);
  if (bad) return bad;
  const s = state.askById.get(c.askId);
  if (s === ABSENT) return bookErrors.askNotFound(c.askId);
  const asks = state.asks;
  const buyerId = asks.userId(s);
  if (buyerId === c.userId) return bookErrors.ownAsk();
  const had = asks.shares(s);
  const take = Math.min(c.shares, had, c.unlisted);
  if (take === 0) return bookErrors.nothingToSell();

  b.reset('acceptAsk', c.userId, state.version, state.remaining);
  const price = asks.price(s);
  const askId = asks.id(s);
  b.fill({ buyerId, sellerId: c.userId, shares: take, price, askId, offerId: null, standingSell: false, escrowRefund: 0 });
  b.askUpdate({ id: askId, userId: buyerId, shares: had - take });
  shrinkStanding(state, b, c.userId, c.unlisted - take);
  return b.build();
}

function planAcceptOffer(state: BookState, c: AcceptOfferCommand, b: PlanBuilder): Planned {
  const bad = (c.shares === undefined ? null : checkShares(c.shares)) ?? checkAmount('Cash', c.cash);
  if (bad) return bad;
  const s = state.offerById.get(c.offerId);
  if (s === ABSENT) return bookErrors.offerNotFound(c.offerId);
  const sells = state.sells;
  const sellerId = sells.userId(s);
  if (sellerId === c.userId) return bookErrors.ownOffer();
  const had = sells.shares(s);
  const price = sells.price(s);
  const take = Math.min(c.shares ?? had, had);
  if (c.cash < take * price) return bookErrors.insufficientCash(take, price, c.cash);

  b.reset('acceptOffer', c.userId, state.version, state.remaining);
  const offerId = sells.id(s);
  b.fill({ buyerId: c.userId, sellerId, shares: take, price, askId: null, offerId, standingSell: false, escrowRefund: 0 });
  b.offerUpdate({ id: offerId, userId: sellerId, shares: had - take });
  return b.build();
}

function planDump(state: BookState, c: DumpCommand, b: PlanBuilder): Planned {
  b.reset('dump', c.userId, state.version, state.remaining);
  // 0, negative, empty or non-numeric does nothing (docs/rules.md §4 Matching); a fraction is a mistake.
  if (!(c.shares > 0)) {
    b.noop = true;
    return b.build();
  }
  const bad = checkShares(c.shares) ?? checkAmount('Unlisted shares', c.unlisted);
  if (bad) return bad;
  const dumped = Math.min(c.shares, c.unlisted);
  if (dumped === 0) {
    b.noop = true;
    return b.build();
  }
  const price = OPEN_MARKET_PRICE_CENTS;
  b.fill({ buyerId: null, sellerId: c.userId, shares: dumped, price, askId: null, offerId: null, standingSell: false, escrowRefund: 0 });
  shrinkStanding(state, b, c.userId, c.unlisted - dumped);
  // The book never stays crossed: open-market supply fills every resting ask it can at $1.00.
  b.remaining = sellToAsks(state, b, null, 0, state.remaining + dumped, false);
  return b.build();
}
