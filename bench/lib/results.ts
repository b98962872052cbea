/** The rows every scenario reports, the table `npm run bench` prints, and bench/results.json. */

export interface Figure {
  figure: string;
  /** The target as text ('≥ 50', '≤ 25'), or '-' when there is none. */
  target: string;
  /** A number, or text: a pair of figures, or 'n/a' / '∞' for a figure that could not be measured or never came. */
  measured: number | string;
  unit: string;
  /** true/false against the target (false when it could not be measured); null when there is no target. */
  pass: boolean | null;
}

export interface Target {
  text: string;
  check: (measured: number) => boolean;
}

export const atLeast = (n: number, text = `≥ ${fmt(n)}`): Target => ({ text, check: (m) => m >= n });
export const atMost = (n: number, text = `≤ ${fmt(n)}`): Target => ({ text, check: (m) => m <= n });
export const below = (n: number, text = `< ${fmt(n)}`): Target => ({ text, check: (m) => m < n });

/** 'n/a' for NaN (nothing to measure), '∞' for a latency that includes calls never answered. */
function unmeasured(n: number): string {
  if (Number.isNaN(n)) return 'n/a';
  return n > 0 ? '∞' : '-∞';
}

/**
 * One row; `measured` is rounded for the table (3 significant digits below 100, integers above).
 * A figure with a target that could not be measured fails: a verdict is never left open.
 */
export function figure(name: string, measured: number | string, unit: string, target?: Target): Figure {
  const t = target?.text ?? '-';
  if (typeof measured === 'string') return { figure: name, target: t, measured, unit, pass: target ? false : null };
  if (!Number.isFinite(measured)) return { figure: name, target: t, measured: unmeasured(measured), unit, pass: target ? false : null };
  return { figure: name, target: t, measured: round(measured), unit, pass: target ? target.check(measured) : null };
}

/** The figures whose target failed (their verdict is false). */
export const failures = (rows: readonly Figure[]): Figure[] => rows.filter((r) => r.pass === false);

export function round(n: number): number {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  if (abs >= 100) return Math.round(n);
  if (abs >= 10) return Math.round(n * 10) / 10;
  if (abs >= 1) return Math.round(n * 100) / 100;
  return Math.round(n * 1000) / 1000;
}

export function fmt(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/** Nearest-rank percentile of an unsorted sample (sorts a copy). NaN when empty; Infinity counts as the slowest. */
export function percentiles(sample: ArrayLike<number>, ps: readonly number[]): number[] {
  const sorted = Float64Array.from(sample).sort();
  if (sorted.length === 0) return ps.map(() => NaN);
  return ps.map((p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!);
}

/** The median: the middle value, or the mean of the two middle values of an even count. NaN when empty. */
export function median(sample: readonly number[]): number {
  if (sample.length === 0) return NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function printTable(rows: readonly Figure[]): string {
  const verdict = (p: boolean | null) => (p === null ? '-' : p ? 'PASS' : 'FAIL');
  // A NaN from an older report arrives as null: JSON has no NaN.
  const shown = (m: Figure['measured'] | null) => (typeof m === 'number' && Number.isFinite(m) ? fmt(m) : typeof m === 'string' ? m : 'n/a');
  const cells = rows.map((r) => [r.figure, r.target, shown(r.measured), r.unit, verdict(r.pass)]);
  const head = ['figure', 'target', 'measured', 'unit', 'verdict'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export const MB = 1024 * 1024;

/** Peak resident set of this process so far, in MB (the kernel's high-water mark). */
export const peakRssMb = (): number => (process.resourceUsage().maxRSS * 1024) / MB;
