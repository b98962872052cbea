import { formatDollars } from './format';
/** Formatting for the account pages: percentages and locks. */

const percent2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "0.25%" of a player's shares; "<0.01%" for a sliver. */
export function formatShareOfTotal(shares: number, total: number): string {
  if (!(total > 0)) return '—';
  const pct = (shares / total) * 100;
  if (pct > 0 && pct < 0.01) return '<0.01%';
  // Not all of them: never rounded up to 100%.
  if (pct < 100 && pct > 99.99) return '>99.99%';
  return `${percent2.format(pct)}%`;
}

/** "+1.25%", "−0.50%", "0.00%" for a change in percent. */
export function formatChangePercent(pct: number): string {
  if (!Number.isFinite(pct)) return '—';
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '';
  return `${sign}${percent2.format(Math.abs(pct))}%`;
}

/** Whether a team holding's lock is still running. */
export function isLocked(lockedUntil: string, now = Date.now()): boolean {
  const t = Date.parse(lockedUntil);
  return Number.isFinite(t) && t > now;
}

/** "+$1,234.50", "−$12.00", "$0.00" for a profit or a change in dollars. */
export function formatSignedDollars(dollars: number): string {
  const cents = Math.round(dollars * 100);
  const sign = cents > 0 ? '+' : cents < 0 ? '−' : '';
  return `${sign}${formatDollars(Math.abs(cents) / 100)}`;
}

/** The class that colours a figure: 'gain', 'loss' or none. */
export function toneOf(value: number): string {
  return value > 0 ? 'gain' : value < 0 ? 'loss' : '';
}
