import { describe, expect, it } from 'vitest';
import { isForLeague } from './liveLeague';

describe('isForLeague', () => {
  const filled = { type: 'orderFilled', shares: 10 };

  it('keeps the events of the shown league and drops the others', () => {
    expect(isForLeague({ ...filled, leagueId: 7 }, 7)).toBe(true);
    expect(isForLeague({ ...filled, leagueId: 1 }, 7)).toBe(false);
  });

  it('takes an event that names no league as the shown league’s', () => {
    expect(isForLeague(filled, 7)).toBe(true);
    expect(isForLeague({ ...filled, leagueId: null }, 7)).toBe(true);
  });

  it('keeps every event while the shown league is not known', () => {
    expect(isForLeague({ ...filled, leagueId: 3 }, null)).toBe(true);
  });
});
