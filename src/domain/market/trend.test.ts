import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPARK_POINTS, SPARK_STEP_MS, TREND_DAY_MS, Top, changeBasisPoints, sparkTimes, stepStart, topBy, trendOf, trendStandsUntil } from './trend.js';

const HOUR = 3_600_000;
const T0 = 20_000 * TREND_DAY_MS;

describe('the sparkline’s times', () => {
  it('are 42 points over the last 7 days: 4-hour steps of the clock, then now', () => {
    const now = T0 + 5 * HOUR + 17;
    const times = sparkTimes(now);
    expect(SPARK_POINTS).toBe(42);
    expect(times).toHaveLength(42);
    expect(times[41]).toBe(now);
    expect(times[40]).toBe(T0 + 4 * HOUR);
    for (let i = 1; i < 41; i++) expect(times[i]! - times[i - 1]!).toBe(SPARK_STEP_MS);
    expect(now - times[0]!).toBeLessThanOrEqual(7 * TREND_DAY_MS);
    expect(times.every((t, i) => i === 41 || t % SPARK_STEP_MS === 0)).toBe(true);
  });

  it('end on a step boundary when now is one, still 42 points', () => {
    const times = sparkTimes(T0);
    expect(times).toHaveLength(42);
    expect(times[41]).toBe(T0);
    expect(new Set(times).size).toBe(42);
  });
});

describe('the 24-hour change', () => {
  it('is in basis points, rounded half away from zero', () => {
    expect(changeBasisPoints(100, 100)).toBe(0);
    expect(changeBasisPoints(100, 150)).toBe(5_000);
    expect(changeBasisPoints(200, 100)).toBe(-5_000);
    expect(changeBasisPoints(300, 301)).toBe(33);
    expect(changeBasisPoints(300, 299)).toBe(-33);
    expect(changeBasisPoints(16_000, 16_001)).toBe(1);
  });
});

describe('an instrument’s trend from its mark over time', () => {
  it('compares now with the mark 24 hours ago and samples the week at each step', () => {
    const now = T0 + 2 * HOUR;
    // $1.00 until 30 hours ago, $2.00 until 3 hours ago, then $1.50.
    const line = { at: [now - 30 * HOUR, now - 3 * HOUR], cents: [200, 150] };
    const t = trendOf(line, now);
    expect(t.dayAgoCents).toBe(200);
    expect(t.markCents).toBe(150);
    expect(t.changeBp).toBe(-2_500);
    expect(t.spark).toHaveLength(42);
    expect(t.spark[0]).toBe(100);
    expect(t.spark.at(-1)).toBe(150);
    expect(t.spark.at(-2)).toBe(150); // the step boundary 2 hours ago: after the last change
    expect(t.spark.at(-3)).toBe(200); // 6 hours ago: before it
  });

  it('stands until the next step or until the mark 24 hours ago changes', () => {
    const now = T0 + HOUR;
    expect(trendStandsUntil(now, Number.POSITIVE_INFINITY)).toBe(stepStart(now) + SPARK_STEP_MS);
    expect(trendStandsUntil(now, now - TREND_DAY_MS + 10)).toBe(now + 10);
  });
});

describe('the strips’ order', () => {
  it('takes the highest scores first, ties by the tie key, leaving out those scoring nothing', () => {
    const items = [
      { id: 3, n: 5 },
      { id: 1, n: 5 },
      { id: 2, n: 9 },
      { id: 4, n: 0 },
      { id: 5, n: -2 },
    ];
    expect(
      topBy(
        items,
        (x) => x.n,
        (x) => x.id,
        3,
      ).map((x) => x.id),
    ).toEqual([2, 1, 3]);
    expect(
      topBy(
        items,
        (x) => -x.n,
        (x) => x.id,
        3,
      ).map((x) => x.id),
    ).toEqual([5]);
  });

  it('are the first of all the items sorted, whatever the scores, ties and limit', () => {
    const item = fc.record({ score: fc.integer({ min: -3, max: 4 }), tie: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.integer({ min: 0, max: 8 }), (items, limit) => {
        const sorted = items
          .filter((x) => x.score > 0)
          .sort((a, b) => b.score - a.score || a.tie - b.tie)
          .slice(0, limit);
        const top = topBy(
          items,
          (x) => x.score,
          (x) => String(x.tie),
          limit,
        );
        // The very items, in the same order (equal ones as they came).
        expect(top.length).toBe(sorted.length);
        top.forEach((x, i) => expect(x).toBe(sorted[i]));
      }),
    );
  });

  it('with items replaced one by one, are those of the new items when the list can tell, and say so when it cannot', () => {
    // Each item has its own tie key (an instrument), as the glance's strips have.
    const scores = fc.array(fc.integer({ min: -3, max: 6 }), { minLength: 1, maxLength: 30 });
    const changes = fc.array(fc.record({ at: fc.nat(), score: fc.integer({ min: -3, max: 6 }) }), { maxLength: 6 });
    let refusals = 0;
    fc.assert(
      fc.property(scores, changes, fc.integer({ min: 1, max: 6 }), (start, steps, limit) => {
        let items = start.map((score, tie) => ({ score, tie }));
        const top = new Top<{ score: number; tie: number }>(limit, (x) => x.tie);
        for (const x of items) top.offer(x, x.score);
        for (const step of steps) {
          const at = step.at % items.length;
          const before = items[at]!;
          const after = { score: step.score, tie: before.tie };
          const kept = top.items();
          items = items.map((x, i) => (i === at ? after : x));
          if (!top.replace(before, after, after.score)) {
            refusals++;
            // Refused only when a full list saw one of its items score less; left as it was.
            expect(kept.length).toBe(limit);
            expect(kept.includes(before) && after.score < before.score).toBe(true);
            expect(top.items()).toEqual(kept);
            return;
          }
          const fresh = topBy(
            items,
            (x) => x.score,
            (x) => x.tie,
            limit,
          );
          expect(top.items()).toEqual(fresh);
          top.items().forEach((x, i) => expect(x).toBe(fresh[i]));
        }
      }),
    );
    expect(refusals).toBeGreaterThan(0);
  });
});
