import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTimes } from './iso-times.js';

describe('the ISO times of an answer (iso-times.ts)', () => {
  it('are what Date#toISOString writes, for any times in any order, day after day', () => {
    const epochMs = fc.oneof(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.integer({ min: 0, max: 4_102_444_800_000 }));
    fc.assert(
      fc.property(fc.array(epochMs, { maxLength: 50 }), (times) => {
        const iso = isoTimes();
        for (const ms of [...times, ...times.sort((a, b) => a - b)]) expect(iso(ms)).toBe(new Date(ms).toISOString());
      }),
    );
  });

  it('are right at the edges of a day, a year and the four-digit years', () => {
    const iso = isoTimes();
    for (const ms of [0, 1, 86_399_999, 86_400_000, 951_782_400_000, 1_767_225_599_999, 1_767_225_600_000, 253_402_300_799_999, 253_402_300_800_000, -1, 1.5]) {
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
