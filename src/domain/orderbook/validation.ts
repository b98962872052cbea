/** Checks of command arguments, shared by every book so they refuse alike. */
import { MIN_ORDER_PRICE_CENTS } from '../../shared/money.js';
import { bookErrors, type BookError } from './errors.js';

export const isShareCount = (n: number): boolean => Number.isSafeInteger(n) && n >= 1;
export const isAmount = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;
export const isPrice = (n: number): boolean => Number.isSafeInteger(n) && n >= MIN_ORDER_PRICE_CENTS;

export function checkShares(shares: number): BookError | null {
  return isShareCount(shares) ? null : bookErrors.invalidShares(shares);
}

export function checkPrice(price: number): BookError | null {
  return isPrice(price) ? null : bookErrors.invalidPrice(price);
}

export function checkAmount(what: string, value: number): BookError | null {
  return isAmount(value) ? null : bookErrors.invalidAmount(what, value);
}

/** Shares and price of an order, and that shares × price stays an exact integer. */
export function checkOrder(shares: number, price: number): BookError | null {
  const bad = checkShares(shares) ?? checkPrice(price);
  if (bad) return bad;
  return Number.isSafeInteger(shares * price) ? null : bookErrors.tooLarge(shares, price);
}
