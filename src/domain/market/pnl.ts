/**
 * Profit and loss (docs/rules.md §5 "Prices and values"), in integer cents.
 *
 * A holding keeps its cost basis (what the shares held cost, `holding.ts`), not its average: the
 * average buy price is cost basis / shares. So:
 *
 * - the cost of shares sold is what the sale takes off the cost basis (`sold` keeps the average,
 *   rounding the cost left half up): realized profit = proceeds − that cost. Over a holding's
 *   life, every realized profit plus the cost basis left adds up to what was paid, to the cent: no
 *   rounding is lost or counted twice;
 * - unrealized profit = shares × mark − cost basis (exact, no rounding); its percent is of the
 *   cost basis, to two decimals;
 * - a contract change's rescale keeps the cost basis (only the share count changes), so P&L is
 *   unchanged by a split at the same value; a season's start returns every holding to the open
 *   market, so the new season starts with no cost basis and nothing realized.
 */
import { sold, type Holding } from './holding.js';

/** What a sale of `shares` takes off the holding's cost basis: the shares' cost at the average buy price (to the cent). */
export function costOfSold(h: Pick<Holding, 'shares' | 'costBasisCents'>, shares: number): number {
  return h.costBasisCents - sold({ ...NO_EXTRAS, ...h }, shares).costBasisCents;
}

const NO_EXTRAS = { minSellPriceCents: 0, minSellCustom: false, minSellSeq: 0, lockedUntil: 0 };

/** Realized profit of a sale: shares × price − the shares' cost at the average buy price at the time. */
export function realizedProfit(h: Pick<Holding, 'shares' | 'costBasisCents'>, shares: number, priceCents: number): number {
  return shares * priceCents - costOfSold(h, shares);
}

/** Percent of `base`, to 2 decimals; 0 without a base. */
export function percentOf(cents: number, base: number): number {
  if (base === 0) return 0;
  return Math.round((cents / base) * 100 * 100) / 100;
}

export interface Unrealized {
  /** shares × mark − cost basis. */
  cents: number;
  /** Of the cost basis, to 2 decimals. */
  percent: number;
}

/** Unrealized profit of a holding valued at `markCents`. */
export function unrealizedProfit(h: Pick<Holding, 'shares' | 'costBasisCents'>, markCents: number): Unrealized {
  const cents = h.shares * markCents - h.costBasisCents;
  return { cents, percent: percentOf(cents, h.costBasisCents) };
}

/** Today's change of a holding: its value at the mark against its value at the weekly average price (as the portfolio's daily change). */
export function todayChange(shares: number, markCents: number, weeklyAvgCents: number): number {
  return shares * (markCents - weeklyAvgCents);
}

/** How a portfolio's share value is split between its holdings: each one's part, in basis points (1/100 of a percent), summing to 10,000. */
export function splitOf(values: readonly number[]): number[] {
  const total = values.reduce((s, v) => s + v, 0);
  if (total <= 0) return values.map(() => 0);
  // Largest remainder: the parts add up to exactly 100.00%.
  const exact = values.map((v) => (v * 10_000) / total);
  const parts = exact.map(Math.floor);
  let left = 10_000 - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
