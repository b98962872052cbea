/** Counts as people read them: every number a person reads is formatted. */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `1,234,567` style text for a whole number. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? integer.format(value) : '—';
}

/** `1 share`, `1,000,000 shares`. */
export function formatShares(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'share' : 'shares'}`;
}
