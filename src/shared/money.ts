/**
 * Money is an integer number of cents everywhere inside the game. Dollars exist only at the
 * edges: API payloads (at most two decimals) and what the UI shows.
 */
export type Cents = number;

export const CENTS_PER_DOLLAR = 100;
export const START_BALANCE_CENTS: Cents = 80_000_000 * CENTS_PER_DOLLAR;
export const OPEN_MARKET_PRICE_CENTS: Cents = 100;
export const DUMP_PRICE_CENTS: Cents = 100;
export const MIN_ORDER_PRICE_CENTS: Cents = 100;
export const DEFAULT_TEAM_MIN_SELL_CENTS: Cents = 200;

/** True when `dollars` is a finite number with at most two decimals. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  const cents = dollars * CENTS_PER_DOLLAR;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Dollars (≤ 2 decimals, already validated) to integer cents. */
export function dollarsToCents(dollars: number): Cents {
  if (!hasAtMostTwoDecimals(dollars)) {
    throw new RangeError(`${dollars} is not an amount of dollars with at most two decimals`);
  }
  return Math.round(dollars * CENTS_PER_DOLLAR);
}

/** Integer cents to dollars for payloads; exact for every safe integer amount of cents. */
export function centsToDollars(cents: Cents): number {
  return cents / CENTS_PER_DOLLAR;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$80,000,000.00` style text for people. */
export function formatCents(cents: Cents): string {
  return usd.format(cents / CENTS_PER_DOLLAR);
}

/**
 * Default minimum sell price of a holding: 10% over its average buy price (total cost / shares),
 * rounded up to the cent exactly (no floating point), and never under $1.00, the lowest minimum
 * there is (a contract change can bring the average under $1).
 */
export function defaultMinSellFromCost(costBasisCents: Cents, shares: number): Cents {
  const numerator = BigInt(costBasisCents) * 11n;
  const denominator = BigInt(shares) * 10n;
  return Math.max(MIN_ORDER_PRICE_CENTS, Number((numerator + denominator - 1n) / denominator));
}

/** `part × numerator / denominator`, rounded to the nearest integer, exactly for any safe integers. */
export function scaleRounded(part: number, numerator: number, denominator: number): number {
  const n = BigInt(part) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}
