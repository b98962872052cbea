/**
 * The market at a glance: how an instrument's mark moved over the last day (its 24-hour change) and
 * the last week (a sparkline). Pure: the mark over time is given as a MarkLine, times are given.
 *
 * The sparkline is the mark at the end of each 4-hour step of the clock (steps aligned on the epoch,
 * so every instrument and every caller shares them) over the last 7 days, then the mark now: at
 * most SPARK_POINTS points, whatever the history holds.
 */
import { markOnLine, type MarkLine } from './mark.js';

export const HOUR_MS = 60 * 60 * 1000;
export const TREND_DAY_MS = 24 * HOUR_MS;
export const SPARK_STEP_MS = 4 * HOUR_MS;
/** 7 days of 4-hour steps, the last one being now. */
export const SPARK_POINTS = (7 * TREND_DAY_MS) / SPARK_STEP_MS;

/** The start of the 4-hour step that `at` is in. */
export const stepStart = (at: number): number => Math.floor(at / SPARK_STEP_MS) * SPARK_STEP_MS;

/** The sparkline's times at `now`, oldest first: the last SPARK_POINTS - 1 step boundaries up to now, then now. */
export function sparkTimes(now: number): number[] {
  const last = stepStart(now);
  const boundaries = last === now ? SPARK_POINTS : SPARK_POINTS - 1;
  const times: number[] = [];
  for (let k = boundaries - 1; k >= 0; k--) times.push(last - k * SPARK_STEP_MS);
  if (last !== now) times.push(now);
  return times;
}

/** The mark on a line at each of `times` (ascending), walking the line once. */
export function sampleLine(line: MarkLine, times: readonly number[]): number[] {
  const out: number[] = [];
  for (const at of times) out.push(markOnLine(line, at));
  return out;
}

/**
 * The change from `before` to `after`, in basis points (hundredths of a percent), rounded half
 * away from zero. Marks are never below $1.00, so `before` is never 0.
 */
export function changeBasisPoints(before: number, after: number): number {
  const bp = ((after - before) * 10_000) / before;
  return Math.sign(bp) * Math.round(Math.abs(bp));
}

/** One instrument at a glance. Cents. */
export interface Trend {
  /** The mark 24 hours ago. */
  dayAgoCents: number;
  /** The mark now. */
  markCents: number;
  /** From the mark 24 hours ago to now, in basis points. */
  changeBp: number;
  /** The mark over the last week (see `sparkTimes`), the last point being now. */
  spark: number[];
}

/** An instrument's trend at `now`, from scratch, from its mark over time (which must reach back a week). */
export function trendOf(line: MarkLine, now: number): Trend {
  const spark = sampleLine(line, sparkTimes(now));
  const markCents = spark[spark.length - 1]!;
  const dayAgoCents = markOnLine(line, now - TREND_DAY_MS);
  return { dayAgoCents, markCents, changeBp: changeBasisPoints(dayAgoCents, markCents), spark };
}

/** Until when a trend made at `now` stands with no new change of the mark: the next step boundary, or the mark 24 hours ago changing. */
export function trendStandsUntil(now: number, nextChangeAfterDayAgo: number): number {
  return Math.min(stepStart(now) + SPARK_STEP_MS, nextChangeAfterDayAgo + TREND_DAY_MS);
}

/** The first `limit` of `items` by `score`, highest first, ties to `tie` ascending; those scoring 0 or less are left out. */
export function topBy<T>(items: Iterable<T>, score: (item: T) => number, tie: (item: T) => string | number, limit: number): T[] {
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const s = score(item);
    if (s > 0) scored.push({ item, score: s });
  }
  scored.sort((a, b) => b.score - a.score || compare(tie(a.item), tie(b.item)));
  return scored.slice(0, limit).map((s) => s.item);
}

const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);
