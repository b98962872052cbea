import { CENTS_PER_DOLLAR, formatCents } from '../../shared/money';

/** `$80,000,000.00` style text for an amount in dollars (API payloads are in dollars). */
export function formatDollars(dollars: number): string {
  if (!Number.isFinite(dollars)) return '—';
  return formatCents(Math.round(dollars * CENTS_PER_DOLLAR));
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `1,234,567` style text for share counts and other whole numbers. */
export function formatInteger(value: number): string {
  return Number.isFinite(value) ? integer.format(value) : '—';
}

const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A change in basis points as a signed percentage: "+12.5%", "−3.0%" (a real minus sign), "0.0%". */
export function formatChange(bp: number): string {
  if (!Number.isFinite(bp)) return '—';
  const text = percent.format(Math.abs(bp) / 100);
  if (text === '0.0') return '0.0%';
  return `${bp > 0 ? '+' : '−'}${text}%`;
}

/** A count with its noun: "1 trade", "1,204 trades", "2 holders". */
export function formatCount(value: number, noun: string, plural = `${noun}s`): string {
  return `${formatInteger(value)} ${value === 1 ? noun : plural}`;
}

/** Up to two initials for an avatar placeholder: "magic_johnson" → "MJ", "kobe" → "K". */
export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter((p) => p.length > 0);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!].map((p) => p[0]) : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}
