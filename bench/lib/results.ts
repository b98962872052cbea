/** The rows every scenario reports, the table `npm run bench` prints, and bench/results.json. */

export interface Figure {
  figure: string;
  /** The target of issue 7 as text ('≥ 10,000', '≤ 2'), or '-' when the issue sets none. */
  target: string;
  measured: number | string;
  unit: string;
  /** true/false against the target; null when there is no target (or it could not be judged). */
  pass: boolean | null;
}

export interface Target {
  text: string;
  check: (measured: number) => boolean;
}

export const atLeast = (n: number, text = `≥ ${fmt(n)}`): Target => ({ text, check: (m) => m >= n });
export const atMost = (n: number, text = `≤ ${fmt(n)}`): Target => ({ text, check: (m) => m <= n });
export const below = (n: number, text = `< ${fmt(n)}`): Target => ({ text, check: (m) => m < n });

/** One row; `measured` is rounded for the table (3 significant digits below 100, integers above). */
export function figure(name: string, measured: number | string, unit: string, target?: Target): Figure {
  if (typeof measured === 'string') return { figure: name, target: target?.text ?? '-', measured, unit, pass: null };
  const rounded = round(measured);
  return { figure: name, target: target?.text ?? '-', measured: rounded, unit, pass: target && Number.isFinite(measured) ? target.check(measured) : null };
}

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

/** Nearest-rank percentile of an unsorted sample (sorts a copy). NaN when empty. */
export function percentiles(sample: ArrayLike<number>, ps: readonly number[]): number[] {
  const sorted = Float64Array.from(sample).sort();
  if (sorted.length === 0) return ps.map(() => NaN);
  return ps.map((p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!);
}

export function printTable(rows: readonly Figure[]): string {
  const verdict = (p: boolean | null) => (p === null ? '-' : p ? 'PASS' : 'FAIL');
  // NaN (nothing to measure, e.g. no trade in a phase) arrives from a scenario process as null: JSON has no NaN.
  const shown = (m: Figure['measured'] | null) => (typeof m === 'number' && Number.isFinite(m) ? fmt(m) : typeof m === 'string' ? m : 'n/a');
  const cells = rows.map((r) => [r.figure, r.target, shown(r.measured), r.unit, verdict(r.pass)]);
  const head = ['figure', 'target', 'measured', 'unit', 'verdict'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export const MB = 1024 * 1024;

/** Peak resident set of this process so far, in MB (the kernel's high-water mark). */
export const peakRssMb = (): number => (process.resourceUsage().maxRSS * 1024) / MB;
