import { describe, expect, it } from 'vitest';
import { countdown, tickFor, toLocalInput } from './countdown';

describe('the season’s countdown', () => {
  it('says days, hours and minutes when far, and a clock in the last day', () => {
    const now = Date.UTC(2025, 6, 1, 12, 0, 0);
    expect(countdown(now + ((3 * 24 + 4) * 60 + 5) * 60_000, now)).toBe('3d 04h 05m');
    expect(countdown(now + (4 * 3600 + 12 * 60 + 9) * 1000, now)).toBe('04:12:09');
    expect(countdown(now + 400, now)).toBe('00:00:01');
    expect(countdown(now, now)).toBeNull();
    expect(countdown(now - 5_000, now)).toBeNull();
    expect(tickFor(now + 2 * 86_400_000, now)).toBe(30_000);
    expect(tickFor(now + 3_600_000, now)).toBe(1_000);
  });

  it('writes a time for a datetime-local input in the browser’s zone, to the minute', () => {
    const iso = new Date(2025, 9, 3, 20, 5, 33).toISOString();
    expect(toLocalInput(iso)).toBe('2025-10-03T20:05');
  });
});
