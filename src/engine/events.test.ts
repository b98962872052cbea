import { describe, expect, it } from 'vitest';
import { EventBus } from './events.js';

const trade = (n: number) => ({ type: 'portfolioUpdated' as const, userId: n });

describe('EventBus', () => {
  it('numbers events in order and tells listeners', () => {
    const bus = new EventBus(10, 100);
    const seen: number[] = [];
    bus.subscribe((e) => seen.push(e.id));
    bus.publish([trade(1), trade(2)]);
    expect(seen).toEqual([100, 101]);
    expect(bus.lastId).toBe(101);
  });

  it('keeps the last `capacity` events for clients that resume', () => {
    const bus = new EventBus(3, 1);
    bus.publish([1, 2, 3, 4, 5].map(trade));
    expect(bus.since(0).map((e) => e.id)).toEqual([3, 4, 5]);
    expect(bus.since(3).map((e) => e.id)).toEqual([4, 5]);
    expect(bus.since(5)).toEqual([]);
  });

  it('starts its ids above any id of an earlier run', async () => {
    const before = new EventBus();
    before.publish([trade(1)]);
    await new Promise((r) => setTimeout(r, 5));
    const after = new EventBus();
    after.publish([trade(1)]);
    expect(after.lastId).toBeGreaterThan(before.lastId);
  });
});
