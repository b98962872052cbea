import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WindowBatcher } from './batcher.js';

describe('WindowBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a burst as one batch after the gathering delay, then at most one batch per window per key', () => {
    const sent: [string, number[]][] = [];
    const batcher = new WindowBatcher<number>((key, items) => sent.push([key, items]), 2_000, 60_000);
    for (let i = 1; i <= 12; i += 1) batcher.add('alice:fill:curry', i);
    batcher.add('bob:fill:curry', 99);
    vi.advanceTimersByTime(1_999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['alice:fill:curry', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
      ['bob:fill:curry', [99]],
    ]);

    // Within the minute: held back, then sent together when it ends.
    batcher.add('alice:fill:curry', 13);
    vi.advanceTimersByTime(30_000);
    batcher.add('alice:fill:curry', 14);
    vi.advanceTimersByTime(29_999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent[2]).toEqual(['alice:fill:curry', [13, 14]]);

    // A key quiet for a whole window is forgotten; its next item waits only the gathering delay.
    vi.advanceTimersByTime(59_999);
    expect(batcher.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(batcher.size).toBe(0);
    batcher.add('alice:fill:curry', 15);
    vi.advanceTimersByTime(2_000);
    expect(sent[3]).toEqual(['alice:fill:curry', [15]]);
    batcher.stop();
    expect(batcher.size).toBe(0);
  });
});
