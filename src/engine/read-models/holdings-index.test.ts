import { describe, expect, it } from 'vitest';
import { HoldingsIndex } from './holdings-index.js';

const holding = (shares: number) => ({ shares, costBasisCents: shares * 100, minSellPriceCents: 110, minSellSeq: 1, lockedUntil: 0 });

describe('the holdings index', () => {
  it('rescales an instrument’s holders in one go: the order by shares kept through the ties rounding makes, those left with none gone, each change told', () => {
    const told: [number, string, number | null][] = [];
    const index = new HoldingsIndex((userId, key, delta) => told.push([userId, key, delta]));
    index.set('player', 1, 10, holding(10));
    index.set('player', 1, 20, holding(11));
    index.set('player', 1, 30, holding(1));
    index.set('player', 2, 30, holding(4));
    told.length = 0;
    expect(index.holders('player:1').map((h) => h.userId)).toEqual([20, 10, 30]);

    index.rescale('player:1', [
      { userId: 10, shares: 5 },
      { userId: 20, shares: 5 },
      { userId: 30, shares: 0 },
    ]);
    expect(index.holders('player:1').map((h) => [h.userId, h.shares])).toEqual([
      [10, 5],
      [20, 5],
    ]);
    expect(index.top('player:1')?.userId).toBe(10);
    expect([...index.ofUser(30).keys()]).toEqual(['player:2']);
    expect(index.get('player:1', 20)?.costBasisCents).toBe(1_100);
    expect(told).toEqual([
      [10, 'player:1', -5],
      [20, 'player:1', -6],
      [30, 'player:1', -1],
    ]);

    index.rescale('player:1', [
      { userId: 10, shares: 0 },
      { userId: 20, shares: 0 },
    ]);
    expect(index.holderCount('player:1')).toBe(0);
    expect([...index.users()]).toEqual([30]);
  });
});
