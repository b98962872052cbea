/**
 * Reading the numbers people type into the trading forms (SPEC.md §5): shares are whole numbers of
 * at least 1; prices are dollars of at least $1.00 with at most two decimals.
 */

/** A whole number of shares ≥ 1, or null. */
export function parseShares(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** A price in dollars ≥ `min` with at most two decimals, or null. */
export function parsePrice(text: string, min = 1): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= min ? value : null;
}

/** Player and team pages clamp a price below $1.00 up to $1.00 (SPEC.md §5); other text stays as typed. */
export function clampPriceText(text: string, min = 1): string {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return text;
  return value < min ? min.toFixed(2) : text;
}

/** Player and team pages clamp shares below 1 up to 1. */
export function clampSharesText(text: string): string {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return text;
  return value < 1 ? '1' : text;
}

/** Dollars to whole cents, for exact sums. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * The dump prompt (SPEC.md §5): empty, non-numeric or ≤ 0 is ignored (null); more than held is
 * capped to the holding; a fraction is rounded down.
 */
export function dumpShares(text: string, held: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  const whole = Math.floor(value);
  if (whole <= 0) return null;
  return Math.min(whole, held) || null;
}
