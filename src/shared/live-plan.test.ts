import { describe, expect, it } from 'vitest';
import { BATCH_MS, InvalidationBatcher, matchesQuery, type QueryFilter } from './live-plan.js';

/** Timers under the test's control: `advance` runs what is due. */
function fakeTimers() {
  let now = 0;
  const due: { at: number; fn: () => void; handle: number }[] = [];
  let next = 1;
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        due.push({ at: now + ms, fn, handle: next });
        return next++;
      },
      clear: (handle: unknown) => {
        const i = due.findIndex((d) => d.handle === handle);
        if (i >= 0) due.splice(i, 1);
      },
    },
    advance(ms: number) {
      now += ms;
      for (const d of due.filter((x) => x.at <= now)) {
        due.splice(due.indexOf(d), 1);
        d.fn();
      }
    },
  };
}

describe('matchesQuery', () => {
  it('matches a procedure path by prefix and an input by the keys the filter names', () => {
    expect(matchesQuery({ path: ['market'] }, ['market', 'detail'], { playerId: 3 })).toBe(true);
    expect(matchesQuery({ path: ['market', 'detail'] }, ['market'], undefined)).toBe(false);
    expect(matchesQuery({ path: ['market', 'detail'], input: { playerId: 3 } }, ['market', 'detail'], { playerId: 3, limit: 50 })).toBe(true);
    expect(matchesQuery({ path: ['market', 'detail'], input: { playerId: 3 } }, ['market', 'detail'], { playerId: 4 })).toBe(false);
    expect(matchesQuery({ path: ['market', 'detail'], input: { playerId: 3 } }, ['market', 'detail'], undefined)).toBe(false);
    expect(matchesQuery({ path: [] }, ['stats', 'leaderboard'], undefined)).toBe(true);
  });
});

describe('InvalidationBatcher', () => {
  it('hands on what was pushed within BATCH_MS once, each filter once', () => {
    const clock = fakeTimers();
    const flushed: QueryFilter[][] = [];
    const batcher = new InvalidationBatcher((filters) => flushed.push(filters), clock.timers);
    batcher.push([{ path: ['market'] }, { path: ['auth', 'me'] }]);
    clock.advance(BATCH_MS - 1);
    batcher.push([{ path: ['market'] }]);
    expect(flushed).toEqual([]);
    clock.advance(1);
    expect(flushed).toEqual([[{ path: ['market'] }, { path: ['auth', 'me'] }]]);
    batcher.push([]);
    clock.advance(BATCH_MS);
    expect(flushed).toHaveLength(1);
  });
});
