import { describe, expect, it } from 'vitest';
import { inTurns } from './rivalry.js';

describe('inTurns (the notices of members passed, a few hundred to a turn)', () => {
  it('tells every item once, in order, perTurn at a time, the first batch at once and each next one a turn later', () => {
    const told: number[][] = [];
    const turns: (() => void)[] = [];
    const items = Array.from({ length: 450 }, (_, i) => i);
    inTurns(items, 200, (batch) => told.push(batch), (next) => turns.push(next), () => false);
    expect(told.map((b) => b.length)).toEqual([200]);
    while (turns.length > 0) {
      turns.shift()!();
      expect(turns.length).toBeLessThanOrEqual(1);
    }
    expect(told.map((b) => b.length)).toEqual([200, 200, 50]);
    expect(told.flat()).toEqual(items);
  });

  it('tells nothing for nothing, and nothing more once stopped', () => {
    const told: number[][] = [];
    const turns: (() => void)[] = [];
    inTurns([], 2, (batch) => told.push(batch), (next) => turns.push(next), () => false);
    expect(told).toEqual([]);
    let stopped = false;
    inTurns([1, 2, 3, 4, 5], 2, (batch) => told.push(batch), (next) => turns.push(next), () => stopped);
    turns.shift()!();
    stopped = true;
    turns.shift()!();
    expect(told).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(turns).toEqual([]);
  });
});
