import { describe, expect, it } from 'vitest';
import { ChartMarks } from './chart-marks.js';

describe('ChartMarks', () => {
  it('a chart stands through others’ trades, and marks that move after its last point', () => {
    const marks = new ChartMarks();
    const mark = marks.mark(1);
    marks.traded(2, 3);
    marks.traded(2, null);
    marks.priced(1_000);
    expect(marks.still(mark, 999)).toBe(true);
  });

  it('a mark moving at or before its last point, a trade of the user, or an admin change makes it stale', () => {
    const marks = new ChartMarks();
    const priced = marks.mark(1);
    marks.priced(1_000);
    expect(marks.still(priced, 1_000)).toBe(false);
    const own = marks.mark(1);
    marks.traded(null, 1);
    expect(marks.still(own, 0)).toBe(false);
    const admin = marks.mark(1);
    marks.changed();
    expect(marks.still(admin, 0)).toBe(false);
  });

  it('more marks moved since the mark than it keeps times of: stale', () => {
    const marks = new ChartMarks();
    const mark = marks.mark(1);
    for (let i = 0; i < 1024; i++) marks.priced(10_000 + i);
    expect(marks.still(mark, 0)).toBe(true);
    marks.priced(20_000);
    expect(marks.still(mark, 0)).toBe(false);
  });
});
