import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookSide } from './book-side.js';
import { NIL } from './order-slots.js';

interface Item {
  id: number;
  price: number;
  seq: number;
  standing: boolean;
}

/** What a side must hold: by price (best first), then seq, offers before standing sells, then id. */
function expected(items: Item[], higherIsBetter: boolean): number[] {
  return [...items]
    .sort((a, b) => (higherIsBetter ? b.price - a.price : a.price - b.price) || a.seq - b.seq || Number(a.standing) - Number(b.standing) || a.id - b.id)
    .map((i) => i.id);
}

const ids = (side: BookSide): number[] => [...side].map((s) => side.id(s));

type Op = { t: 'add'; price: number; seq: number; standing: boolean } | { t: 'remove'; pick: number };

// Mostly clustered prices; some far away (beyond the level index's window of cents), some fractional.
const price = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 100, max: 160 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 50_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(120.5, 10_000.25, 3e12) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('add' as const), price, seq: fc.integer({ min: 0, max: 30 }), standing: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('remove' as const), pick: fc.nat() }) },
);

describe('BookSide', () => {
  for (const higherIsBetter of [true, false]) {
    it(`keeps ${higherIsBetter ? 'a buying' : 'a selling'} side in price-time order through adds and removals anywhere`, () => {
      fc.assert(
        fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
          const side = new BookSide(higherIsBetter);
          const live = new Map<number, { item: Item; slot: number }>();
          let nextId = 1;
          for (const o of ops) {
            if (o.t === 'add') {
              const item = { id: nextId++, price: o.price, seq: o.seq, standing: o.standing };
              live.set(item.id, { item, slot: side.add(item.id, 7, item.price, 1, item.seq, item.standing) });
            } else if (live.size > 0) {
              const [id, entry] = [...live][o.pick % live.size]!;
              side.remove(entry.slot);
              live.delete(id);
            }
          }
          expect(ids(side)).toEqual(
            expected(
              [...live.values()].map((e) => e.item),
              higherIsBetter,
            ),
          );
          // The best level is never an empty one.
          const best = side.level(0);
          if (live.size === 0) expect(best).toBe(NIL);
          else expect(side.head(best)).not.toBe(NIL);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('finds levels when prices jump far and the first ones empty', () => {
    const side = new BookSide(false);
    const first = side.add(1, 1, 5_000, 1, 1, false);
    const far = side.add(2, 1, 900_000, 1, 2, false);
    side.remove(first);
    // The level index may now place its window around a new price; the far level must still be found.
    const near = side.add(3, 1, 900_100, 1, 3, false);
    const again = side.add(4, 1, 900_000, 1, 4, false);
    expect(ids(side)).toEqual([2, 4, 3]);
    expect(side.levelCount).toBe(2);
    for (const s of [far, near, again]) side.remove(s);
    expect(ids(side)).toEqual([]);
  });

  it('survives prices drifting away: emptied levels are dropped, and come back', () => {
    const side = new BookSide(true);
    const slots: number[] = [];
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 40; i++) slots.push(side.add(round * 100 + i, 1, 1_000 + round * 37 + i, 1, round * 100 + i, false));
      // Take out all but the newest few, in a scattered order.
      while (slots.length > 10) side.remove(slots.splice((slots.length * 7) % slots.length, 1)[0]!);
    }
    expect([...side].length).toBe(10);
    expect(side.levelCount).toBeLessThan(60);
    const prices = [...side].map((s) => side.price(s));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});
