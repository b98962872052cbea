/** Plans commands on the fast book's memory without changing it. */
import { OPEN_MARKET_PRICE_CENTS, type Cents } from '../../shared/money.js';
import type { BookState } from './book-state.js';
import { bookErrors, type BookError } from './errors.js';
import type { PlanBuilder } from './plan-builder.js';
import type {
  AcceptAskCommand,
  AcceptOfferCommand,
  BuyCommand,
  CancelAskCommand,
  CancelOfferCommand,
  Command,
  DumpCommand,
  ListOfferCommand,
  PlanResult,
  RemoveStandingSellCommand,
  SetStandingSellCommand,
  UserId,
} from './types.js';
import { checkAmount, checkOrder, checkPrice, checkShares } from './validation.js';

const refuse = (error: BookError): PlanResult => ({ ok: false, error });
const done = (b: PlanBuilder): PlanResult => ({ ok: true, plan: b.build() });

/** Plans `command` on `state` with `b`, a scratch builder that this call resets. */
export function planOnState(state: BookState, command: Command, b: PlanBuilder): PlanResult {
  switch (command.kind) {
    case 'buy':
      return planBuy(state, command, b);
    case 'listOffer':
      return planListOffer(state, command, b);
    case 'setStandingSell':
      return planSetStandingSell(state, command, b);
    case 'removeStandingSell':
      return planRemoveStandingSell(state, command, b);
    case 'acceptAsk':
      return planAcceptAsk(state, command, b);
    case 'acceptOffer':
      return planAcceptOffer(state, command, b);
    case 'cancelAsk':
      return planCancelAsk(state, command, b);
    case 'cancelOffer':
      return planCancelOffer(state, command, b);
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
  let left = shares;
  for (let i = 0; left > 0; i++) {
    const level = state.asks.level(i);
    if (!level || level.price < limit) break;
    for (let node = level.head; node !== null && left > 0; node = node.next) {
      const ask = node.item;
      if (ask.userId === sellerId) continue;
      const take = Math.min(left, ask.shares);
      const price = sellerId === null ? OPEN_MARKET_PRICE_CENTS : ask.price;
      const escrowRefund = take * (ask.price - price);
      b.fill({ buyerId: ask.userId, sellerId, shares: take, price, askId: ask.id, offerId: null, standingSell: standing, escrowRefund });
      b.askUpdate({ id: ask.id, userId: ask.userId, shares: ask.shares - take });
      left -= take;
    }
  }
  return left;
}

function planBuy(state: BookState, c: BuyCommand, b: PlanBuilder): PlanResult {
  const bad = checkOrder(c.shares, c.price) ?? checkAmount('Cash', c.cash);
  if (bad) return refuse(bad);
  if (state.askById.has(c.orderId)) return refuse(bookErrors.duplicateOrderId('ask', c.orderId));
  if (c.cash < c.shares * c.price) return refuse(bookErrors.insufficientCash(c.shares, c.price, c.cash));

  b.reset('buy', c.userId, state.version, state.remaining);
  let left = c.shares;
  const fromMarket = Math.min(left, state.remaining);
  if (fromMarket > 0) {
    const price = OPEN_MARKET_PRICE_CENTS;
    b.fill({ buyerId: c.userId, sellerId: null, shares: fromMarket, price, askId: null, offerId: null, standingSell: false, escrowRefund: 0 });
    b.remaining -= fromMarket;
    left -= fromMarket;
  }
  for (let i = 0; left > 0; i++) {
    const level = state.sells.level(i);
    if (!level || level.price > c.price) break;
    for (let node = level.head; node !== null && left > 0; node = node.next) {
      const sell = node.item;
      if (sell.userId === c.userId) continue;
      const take = Math.min(left, sell.shares);
      const standing = sell.standing;
      const offerId = standing ? null : sell.id;
      b.fill({ buyerId: c.userId, sellerId: sell.userId, shares: take, price: sell.price, askId: null, offerId, standingSell: standing, escrowRefund: 0 });
      if (standing) b.standingSellUpdate({ userId: sell.userId, price: sell.price, shares: sell.shares - take, seq: sell.seq });
      else b.offerUpdate({ id: sell.id, userId: sell.userId, shares: sell.shares - take });
      left -= take;
    }
  }
  if (left > 0) {
    b.newAsk = { id: c.orderId, userId: c.userId, price: c.price, shares: left, seq: c.seq };
    b.escrow(c.userId, left * c.price);
  }
  return done(b);
}

function planListOffer(state: BookState, c: ListOfferCommand, b: PlanBuilder): PlanResult {
  const bad = checkOrder(c.shares, c.price) ?? checkAmount('Unlisted shares', c.unlisted);
  if (bad) return refuse(bad);
  if (state.offerById.has(c.orderId)) return refuse(bookErrors.duplicateOrderId('offer', c.orderId));
  if (c.shares > c.unlisted) return refuse(bookErrors.insufficientShares(c.shares, c.unlisted));

  b.reset('listOffer', c.userId, state.version, state.remaining);
  const left = sellToAsks(state, b, c.userId, c.price, c.shares, false);
  if (left > 0) b.newOffer = { id: c.orderId, userId: c.userId, price: c.price, shares: left, seq: c.seq };
  b.shrinkStandingSell(state.standingByUser.get(c.userId)?.item, c.unlisted - c.shares);
  return done(b);
}

function planSetStandingSell(state: BookState, c: SetStandingSellCommand, b: PlanBuilder): PlanResult {
  const bad = checkPrice(c.price) ?? checkAmount('Shares', c.shares);
  if (bad) return refuse(bad);
  b.reset('setStandingSell', c.userId, state.version, state.remaining);
  const left = sellToAsks(state, b, c.userId, c.price, c.shares, true);
  b.standingSellUpdate({ userId: c.userId, price: c.price, shares: left, seq: c.seq });
  return done(b);
}

function planRemoveStandingSell(state: BookState, c: RemoveStandingSellCommand, b: PlanBuilder): PlanResult {
  b.reset('removeStandingSell', c.userId, state.version, state.remaining);
  const entry = state.standingByUser.get(c.userId)?.item;
  if (entry) b.standingSellUpdate({ userId: c.userId, price: entry.price, shares: 0, seq: entry.seq });
  else b.noop = true;
  return done(b);
}

function planAcceptAsk(state: BookState, c: AcceptAskCommand, b: PlanBuilder): PlanResult {
  const bad = checkShares(c.shares) ?? checkAmount('Unlisted shares', c.unlisted);
  if (bad) return refuse(bad);
  const ask = state.askById.get(c.askId)?.item;
  if (!ask) return refuse(bookErrors.askNotFound(c.askId));
  if (ask.userId === c.userId) return refuse(bookErrors.ownAsk());
  const take = Math.min(c.shares, ask.shares, c.unlisted);
  if (take === 0) return refuse(bookErrors.nothingToSell());

  b.reset('acceptAsk', c.userId, state.version, state.remaining);
  b.fill({ buyerId: ask.userId, sellerId: c.userId, shares: take, price: ask.price, askId: ask.id, offerId: null, standingSell: false, escrowRefund: 0 });
  b.askUpdate({ id: ask.id, userId: ask.userId, shares: ask.shares - take });
  b.shrinkStandingSell(state.standingByUser.get(c.userId)?.item, c.unlisted - take);
  return done(b);
}

function planAcceptOffer(state: BookState, c: AcceptOfferCommand, b: PlanBuilder): PlanResult {
  const bad = (c.shares === undefined ? null : checkShares(c.shares)) ?? checkAmount('Cash', c.cash);
  if (bad) return refuse(bad);
  const offer = state.offerById.get(c.offerId)?.item;
  if (!offer) return refuse(bookErrors.offerNotFound(c.offerId));
  if (offer.userId === c.userId) return refuse(bookErrors.ownOffer());
  const take = Math.min(c.shares ?? offer.shares, offer.shares);
  if (c.cash < take * offer.price) return refuse(bookErrors.insufficientCash(take, offer.price, c.cash));

  b.reset('acceptOffer', c.userId, state.version, state.remaining);
  b.fill({ buyerId: c.userId, sellerId: offer.userId, shares: take, price: offer.price, askId: null, offerId: offer.id, standingSell: false, escrowRefund: 0 });
  b.offerUpdate({ id: offer.id, userId: offer.userId, shares: offer.shares - take });
  return done(b);
}

function planCancelAsk(state: BookState, c: CancelAskCommand, b: PlanBuilder): PlanResult {
  const ask = state.askById.get(c.askId)?.item;
  if (!ask) return refuse(bookErrors.askNotFound(c.askId));
  if (ask.userId !== c.userId) return refuse(bookErrors.notYourAsk(c.askId));
  b.reset('cancelAsk', c.userId, state.version, state.remaining);
  b.askUpdate({ id: ask.id, userId: ask.userId, shares: 0 });
  b.escrow(c.userId, -ask.shares * ask.price);
  b.cancelled = { id: ask.id, userId: ask.userId, price: ask.price, shares: ask.shares, seq: ask.seq };
  return done(b);
}

function planCancelOffer(state: BookState, c: CancelOfferCommand, b: PlanBuilder): PlanResult {
  const offer = state.offerById.get(c.offerId)?.item;
  if (!offer) return refuse(bookErrors.offerNotFound(c.offerId));
  if (offer.userId !== c.userId) return refuse(bookErrors.notYourOffer(c.offerId));
  b.reset('cancelOffer', c.userId, state.version, state.remaining);
  b.offerUpdate({ id: offer.id, userId: offer.userId, shares: 0 });
  b.cancelled = { id: offer.id, userId: offer.userId, price: offer.price, shares: offer.shares, seq: offer.seq };
  return done(b);
}

function planDump(state: BookState, c: DumpCommand, b: PlanBuilder): PlanResult {
  b.reset('dump', c.userId, state.version, state.remaining);
  // 0, negative, empty or non-numeric does nothing (RULES.md); a fraction is a mistake.
  if (!(c.shares > 0)) {
    b.noop = true;
    return done(b);
  }
  const bad = checkShares(c.shares) ?? checkAmount('Unlisted shares', c.unlisted);
  if (bad) return refuse(bad);
  const dumped = Math.min(c.shares, c.unlisted);
  if (dumped === 0) {
    b.noop = true;
    return done(b);
  }
  const price = OPEN_MARKET_PRICE_CENTS;
  b.fill({ buyerId: null, sellerId: c.userId, shares: dumped, price, askId: null, offerId: null, standingSell: false, escrowRefund: 0 });
  b.shrinkStandingSell(state.standingByUser.get(c.userId)?.item, c.unlisted - dumped);
  // The book never stays crossed: open-market supply fills every resting ask it can at $1.00.
  b.remaining = sellToAsks(state, b, null, 0, state.remaining + dumped, false);
  return done(b);
}
