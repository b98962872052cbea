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

/** What the dump prompt read: the shares to dump (capped at the holding), or why it cannot. */
export type DumpAnswer = { ok: true; shares: number; capped: boolean } | { ok: false; message: string };

export const DUMP_TEXT = {
  empty: 'Enter how many shares to dump, or choose All.',
  notANumber: 'Enter a whole number of shares, like 1,000.',
  notWhole: 'Shares must be a whole number.',
  tooFew: 'Enter at least 1 share.',
} as const;

/**
 * The dump prompt (docs/rules.md §11 Input, and "Every number a person reads is formatted"): what
 * people type, "1000" or "1,000" alike, read as a number of shares; more than held is capped to the
 * holding. Anything else is refused with a message saying why, never silently ignored.
 */
export function readDumpShares(text: string, held: number): DumpAnswer {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: DUMP_TEXT.empty };
  // Thousands separated by commas (1,000,000) or written out (1000000); spaces and underscores too.
  const grouped = /^\d{1,3}([,\s_]\d{3})+$/.test(trimmed);
  const digits = grouped ? trimmed.replace(/[,\s_]/g, '') : trimmed;
  if (/^\d+\.\d+$/.test(digits)) return { ok: false, message: DUMP_TEXT.notWhole };
  if (!/^\d+$/.test(digits)) return { ok: false, message: DUMP_TEXT.notANumber };
  const value = Number(digits);
  if (value < 1) return { ok: false, message: DUMP_TEXT.tooFew };
  return value > held ? { ok: true, shares: held, capped: true } : { ok: true, shares: value, capped: false };
}
