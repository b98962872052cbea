/**
 * Labels for a chart's money axis with the precision its range needs: "$80M" when the ticks are
 * millions apart, "$80.002M" when they are thousands apart, whole dollars (then cents) when even
 * thousandths of a million would not tell two ticks apart.
 */

const UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Decimals a compact label may carry before whole dollars read better. */
const MAX_COMPACT_DECIMALS = 3;

/** The fewest decimals (up to `max`) that write every value exactly in units of `size`, or null. */
function decimalsFor(values: readonly number[], size: number, max: number): number | null {
  for (let d = 0; d <= max; d += 1) {
    const scale = 10 ** d;
    if (values.every((v) => Math.abs((v / size) * scale - Math.round((v / size) * scale)) < 1e-6)) return d;
  }
  return null;
}

function fixed(value: number, decimals: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** The labels of one set of axis ticks (all formatted alike, so they line up). */
export function formatMoneyTicks(values: readonly number[]): string[] {
  if (values.length === 0) return [];
  const largest = Math.max(...values.map(Math.abs));
  const unit = UNITS.find((u) => largest >= u.size);
  const d = unit ? decimalsFor(values, unit.size, MAX_COMPACT_DECIMALS) : null;
  if (unit && d !== null) return values.map((v) => `${v < 0 ? '−' : ''}$${fixed(Math.abs(v) / unit.size, d)}${unit.suffix}`);
  const cents = (decimalsFor(values, 1, 2) ?? 2) > 0;
  return values.map((v) => `${v < 0 ? '−' : ''}$${fixed(Math.abs(v), cents ? 2 : 0)}`);
}

/** The least height of a money axis, as a share of the value it shows: a flat line gets room around it. */
const LEAST_SPAN = 0.1;

/**
 * The range a money axis shows for values from `min` to `max`: at least a tenth of the value high
 * (at least 10 cents), so that a flat line sits mid-chart with distinct ticks around it; and never
 * below zero for values that are not (a price or a portfolio is never negative).
 */
export function moneyAxisRange(min: number, max: number): { minValue: number; maxValue: number } {
  const least = Math.max(Math.abs(max) * LEAST_SPAN, 0.1);
  let low = min;
  let high = max;
  if (high - low < least) {
    const middle = (low + high) / 2;
    low = middle - least / 2;
    high = middle + least / 2;
  }
  if (min >= 0 && low < 0) {
    high -= low;
    low = 0;
  }
  return { minValue: low, maxValue: high };
}

/** How long before the time axis needs no time of day (dates only), and below which it shows seconds. */
const DATES_ONLY_S = 7 * 24 * 60 * 60;
const SECONDS_BELOW_S = 10 * 60;

/** The time axis's options for points at these times (seconds): ticks precise enough to be told apart, never two alike. */
export function timeAxisFor(times: readonly number[]): { timeVisible: boolean; secondsVisible: boolean } {
  if (times.length < 2) return { timeVisible: true, secondsVisible: false };
  const span = Math.max(...times) - Math.min(...times);
  return { timeVisible: span < DATES_ONLY_S, secondsVisible: span < SECONDS_BELOW_S };
}
