import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PriceTimelines } from './price-timelines.js';

/** The last price at or before `at` and the next change after it, by reading every change. */
function naive(changes: { at: number; priceCents: number }[], at: number) {
  const before = changes.filter((c) => c.at <= at);
  const after = changes.find((c) => c.at > at);
  return { price: before.at(-1)?.priceCents ?? null, next: after?.at ?? Number.POSITIVE_INFINITY };
}

describe('PriceTimelines', () => {
  it('answers a price and its next change as a reading of every change does, however the times asked for move', () => {
    const change = fc.record({ at: fc.integer({ min: 0, max: 500 }), priceCents: fc.integer({ min: 100, max: 104 }) });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 80 }), fc.array(fc.integer({ min: -5, max: 505 }), { maxLength: 60 }), (raw, asked) => {
        const trades = [...raw].sort((a, b) => a.at - b.at);
        // Repeated prices are not changes.
        const changes = trades.filter((t, i) => i === 0 || trades[i - 1]!.priceCents !== t.priceCents);
        const timelines = new PriceTimelines(() => trades);
        const cursor = timelines.cursor('player:1');
        // Mostly forward, as a chart asks, with some steps back.
        const times = [...asked].sort((a, b) => a - b).flatMap((t, i) => (i % 7 === 3 ? [t, t - 40, t] : [t]));
        for (const at of times) {
          const want = naive(changes, at);
          expect([cursor.priceAt(at), cursor.nextChange(at)]).toEqual([want.price, want.next]);
          expect([timelines.priceAt('player:1', at), timelines.nextChange('player:1', at)]).toEqual([want.price, want.next]);
        }
      }),
    );
  });
});
