import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertSorted, moveSorted, removeSorted, type Order } from './sorted.js';

interface Holder {
  userId: number;
  shares: number;
}
const MOST_FIRST: Order<Holder> = (a, b) => b.shares - a.shares || a.userId - b.userId;

describe('moving an element of a sorted list to its new place', () => {
  it('leaves the list as removing it and inserting it again would, for any change of key', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ userId: fc.integer({ min: 1, max: 500 }), shares: fc.integer({ min: 1, max: 50 }) }), {
          selector: (h) => h.userId,
          minLength: 1,
          maxLength: 40,
        }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 60 })), { maxLength: 20 }),
        (holders, changes) => {
          const moved = holders.map((h) => ({ ...h })).sort(MOST_FIRST);
          const reinserted = moved.map((h) => ({ ...h }));
          for (const [pick, shares] of changes) {
            const a = moved[pick % moved.length]!;
            moveSorted(moved, a, MOST_FIRST, () => (a.shares = shares));
            const b = reinserted.find((h) => h.userId === a.userId)!;
            removeSorted(reinserted, b, MOST_FIRST);
            b.shares = shares;
            insertSorted(reinserted, b, MOST_FIRST);
          }
          expect(moved).toEqual(reinserted);
        },
      ),
    );
  });
});
