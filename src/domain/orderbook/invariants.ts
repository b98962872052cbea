/** Checks of a book's state that must hold after every command. */
import type { BookSnapshot, UserId } from './types.js';

interface Sell {
  readonly userId: UserId;
  readonly price: number;
}

/**
 * Why the book is crossed, or null. Crossed: an ask rests while the open market has shares, or
 * an ask meets a sell (offer or standing sell) of another user. A user's own ask and sell may
 * overlap, since nobody trades with themselves.
 */
export function findCrossing(book: BookSnapshot): string | null {
  if (book.asks.length > 0 && book.remaining > 0) {
    return `ask ${book.asks[0]?.id} rests while the open market has ${book.remaining} shares`;
  }
  // The cheapest sell, and the cheapest sell of anyone else, are all an ask can meet.
  let best: Sell | null = null;
  let bestOther: Sell | null = null;
  for (const sell of [...book.offers, ...book.standingSells]) {
    if (sell.shares <= 0) continue;
    if (best === null || sell.price < best.price) {
      if (best !== null && best.userId !== sell.userId) bestOther = best;
      best = sell;
    } else if (sell.userId !== best.userId && (bestOther === null || sell.price < bestOther.price)) {
      bestOther = sell;
    }
  }
  for (const ask of book.asks) {
    const sell = best !== null && best.userId === ask.userId ? bestOther : best;
    if (sell !== null && ask.price >= sell.price) {
      return `ask ${ask.id} of user ${ask.userId} at ${ask.price} meets a sell of user ${sell.userId} at ${sell.price}`;
    }
  }
  return null;
}

/** Why a quantity in the book is not a positive whole number, or null. */
export function findBadQuantity(book: BookSnapshot): string | null {
  if (!Number.isSafeInteger(book.remaining) || book.remaining < 0) return `open market holds ${book.remaining} shares`;
  for (const o of book.asks) if (!Number.isSafeInteger(o.shares) || o.shares <= 0) return `ask ${o.id} holds ${o.shares} shares`;
  for (const o of book.offers) if (!Number.isSafeInteger(o.shares) || o.shares <= 0) return `offer ${o.id} holds ${o.shares} shares`;
  for (const s of book.standingSells) {
    if (!Number.isSafeInteger(s.shares) || s.shares <= 0) return `standing sell of user ${s.userId} holds ${s.shares} shares`;
  }
  return null;
}
