/**
 * Money is an integer number of cents everywhere inside the game. Dollars exist only at the
 * edges: API payloads (at most two decimals, decoded by dollarsAsCents in schemas/price.ts) and
 * what the UI shows.
 */
declare const centsUnit: unique symbol;
/** An integer number of cents. Made only by `cents` (a constant or a computed amount) or from dollars by `dollarsToCents`. */
export type Cents = number & { readonly [centsUnit]: true };
/** Cents as a plain number, for arithmetic-heavy code (the order book) that has not taken the brand. */
export type UnbrandedCents = number;

/** A whole number of cents as `Cents`; throws on anything else. */
export function cents(amount: number): Cents {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${amount} is not a whole number of cents`);
  return amount as Cents;
}

export const CENTS_PER_DOLLAR = 100;
export const START_BALANCE_CENTS = cents(80_000_000 * CENTS_PER_DOLLAR);
export const OPEN_MARKET_PRICE_CENTS = cents(100);
export const DUMP_PRICE_CENTS = cents(100);
export const MIN_ORDER_PRICE_CENTS = cents(100);
export const MAX_ORDER_PRICE_CENTS = cents(1_000_000 * CENTS_PER_DOLLAR);
export const DEFAULT_TEAM_MIN_SELL_CENTS = cents(200);

/** True when `dollars` is a finite number with at most two decimals. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  const amount = dollars * CENTS_PER_DOLLAR;
  return Math.abs(amount - Math.round(amount)) < 1e-6;
}

/** Dollars (≤ 2 decimals) to integer cents; throws on more decimals, never rounds them away. */
export function dollarsToCents(dollars: number): Cents {
  if (!hasAtMostTwoDecimals(dollars)) {
    throw new RangeError(`${dollars} is not an amount of dollars with at most two decimals`);
  }
  return Math.round(dollars * CENTS_PER_DOLLAR) as Cents;
}

/** Integer cents to dollars for payloads; exact for every safe integer amount of cents. */
export function centsToDollars(amount: Cents | number): number {
  return amount / CENTS_PER_DOLLAR;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$80,000,000.00` style text for people. */
export function formatCents(amount: Cents | number): string {
  return usd.format(centsToDollars(amount));
}

/**
 * Default minimum sell price of a holding: 10% over its average buy price (total cost / shares),
 * rounded up to the cent exactly (no floating point), and never under $1.00, the lowest minimum
 * there is (a contract change can bring the average under $1).
 */
export function defaultMinSellFromCost(costBasisCents: number, shares: number): Cents {
  const numerator = BigInt(costBasisCents) * 11n;
  const denominator = BigInt(shares) * 10n;
  return cents(Math.max(MIN_ORDER_PRICE_CENTS, Number((numerator + denominator - 1n) / denominator)));
}

/** `part × numerator / denominator`, rounded to the nearest integer, exactly for any safe integers. */
export function scaleRounded(part: number, numerator: number, denominator: number): number {
  const n = BigInt(part) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}
