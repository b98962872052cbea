import { TREND_DAY_MS, changeBasisPoints, sparkTimes, trendStandsUntil, type Trend } from '../../domain/market/trend.js';
import type { Marks } from './marks.js';
import { WEEK_MS } from './trade-windows.js';

/**
 * Every instrument's 24-hour change and 7-day sparkline (domain/market/trend.ts), kept by the single
 * writer: an instrument's trend is worked out from its mark over the last week (kept by Marks) the
 * first time it is read, and again only when its mark changed (`touch`, told by the read models as
 * the writer moves a mark) or when its time runs out (a new 4-hour step, or the mark of 24 hours
 * ago changing). A read of every instrument's trend costs a lookup each, whatever the history holds.
 */
/** How long a trend given before its week of marks is read stands: the next read tries again. */
export const PROVISIONAL_MS = 1_000;

/** A trend not worked out yet (its week of marks not read): the mark now, no change, a flat week. */
function provisional(markCents: number, now: number): { trend: Trend; until: number } {
  return { trend: { dayAgoCents: markCents, markCents, changeBp: 0, spark: sparkTimes(now).map(() => markCents) }, until: now + PROVISIONAL_MS };
}

export class MarkTrends {
  private readonly kept = new Map<string, { trend: Trend; until: number }>();
  /** How many trends were worked out, for the tests and the figures. */
  computed = 0;

  /** The instrument's mark changed (or was read again): its trend is worked out again when next read. */
  touch(key: string): void {
    this.kept.delete(key);
  }

  /** Every mark may have changed before now (a clock set back, a rebuild). */
  touchAll(): void {
    this.kept.clear();
  }

  /**
   * The instrument's trend at `now` (not before the last time asked), and until when it stands
   * unless its mark changes. `marks` must have been told the time `now`. Unless `mayRead`, an
   * instrument whose week of marks is not in memory yet (a server still warming up) gets a
   * provisional trend for a second instead of a read of its week from the database.
   */
  trend(marks: Marks, key: string, now: number, mayRead = true): { trend: Trend; until: number } {
    const kept = this.kept.get(key);
    if (kept && now < kept.until) return kept;
    if (!mayRead && !marks.hasLineFrom(key, now - WEEK_MS)) return provisional(marks.mark(key), now);
    const fresh = this.work(marks, key, now);
    this.kept.set(key, fresh);
    return fresh;
  }

  private work(marks: Marks, key: string, now: number): { trend: Trend; until: number } {
    this.computed++;
    // The mark now first: it reads the instrument's book, which tells its line every change from now on.
    const markCents = marks.mark(key);
    const line = marks.cursor(key, now - WEEK_MS);
    const spark = sparkTimes(now).map((at) => line.markAt(at));
    spark[spark.length - 1] = markCents;
    const dayAgo = now - TREND_DAY_MS;
    const dayAgoCents = line.markAt(dayAgo);
    return {
      trend: { dayAgoCents, markCents, changeBp: changeBasisPoints(dayAgoCents, markCents), spark },
      until: trendStandsUntil(now, line.nextChange(dayAgo)),
    };
  }
}
