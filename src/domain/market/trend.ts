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

/**
 * The first `limit` of the items offered by score, highest first, ties to `tie` ascending; those
 * scoring 0 or less are left out. One pass keeping the best `limit` so far (a tie key is made only
 * for equal scores): the same as sorting them all and taking the first, items of equal score and
 * tie key staying in the order offered.
 */
export class Top<T> {
  private readonly kept: { item: T; score: number; tie: string | number | undefined }[] = [];
  /** The item being offered, and its tie key once made (no closure made per offer: a glance offers hundreds of items four times). */
  private offered: T | undefined;
  private offeredTie: string | number | undefined;

  constructor(
    private readonly limit: number,
    private readonly tie: (item: T) => string | number,
  ) {}

  offer(item: T, score: number): void {
    const { kept, limit } = this;
    if (!(score > 0) || limit <= 0) return;
    const full = kept.length === limit;
    // Most items offered come after the last one kept: left out with no tie key made.
    if (full && score < kept[limit - 1]!.score) return;
    this.offered = item;
    this.offeredTie = undefined;
    if (full && !this.before(score, kept[limit - 1]!)) return;
    // After every one it does not come before: equal ones keep their order.
    let at = full ? limit - 1 : kept.length;
    while (at > 0 && this.before(score, kept[at - 1]!)) at--;
    kept.splice(at, 0, { item, score, tie: this.offeredTie });
    if (kept.length > limit) kept.pop();
  }

  /** Whether the item being offered, scoring `score`, comes strictly before `other`. */
  private before(score: number, other: (typeof this.kept)[number]): boolean {
    if (score !== other.score) return score > other.score;
    this.offeredTie ??= this.tie(this.offered as T);
    other.tie ??= this.tie(other.item);
    return compare(this.offeredTie, other.tie) < 0;
  }

  items(): T[] {
    return this.kept.map((e) => e.item);
  }

  /** A copy, to offer to or take from without changing this one. */
  copy(): Top<T> {
    const top = new Top(this.limit, this.tie);
    top.kept.push(...this.kept.map((e) => ({ ...e })));
    return top;
  }

  /**
   * The same list with `before` (an item kept or not, compared by identity) replaced by `after`,
   * scoring `score`: what offering every item again would give, when that can be told from the
   * kept ones alone. It cannot when a full list sees one of its items score less (another item,
   * not kept, may now come first): false then, and the list is left as it was.
   */
  replace(before: T, after: T, score: number): boolean {
    const at = this.kept.findIndex((e) => e.item === before);
    if (at >= 0) {
      if (this.kept.length === this.limit && !(score >= this.kept[at]!.score)) return false;
      this.kept.splice(at, 1);
    }
    this.offer(after, score);
    return true;
  }
}

/** The first `limit` of `items` by `score`, highest first, ties to `tie` ascending; those scoring 0 or less are left out (see Top). */
export function topBy<T>(items: Iterable<T>, score: (item: T) => number, tie: (item: T) => string | number, limit: number): T[] {
  const top = new Top(limit, tie);
  for (const item of items) top.offer(item, score(item));
  return top.items();
}

const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);
