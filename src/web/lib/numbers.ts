/**
 * What the trading forms do with typed numbers besides reading them (forms.ts reads them with the
 * server's schemas): docs/rules.md §11 Input's clamping and the dump prompt.
 */

/** Player and team pages clamp a price below $1.00 up to $1.00 (docs/rules.md §11 Input); other text stays as typed. */
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

/**
 * The dump prompt (docs/rules.md §11 Input): empty, non-numeric or ≤ 0 is ignored (null); more than held is
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
