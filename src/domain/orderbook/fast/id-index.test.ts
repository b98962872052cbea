import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSENT, IdIndex } from './id-index.js';

type Op = { t: 'set'; key: number; slot: number } | { t: 'delete'; key: number } | { t: 'insert'; key: number; slot: number };

// Keys from a small range (so that they collide and come back), consecutive ids, and spread ones.
const key = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1_000, max: 1_200 }), fc.integer({ min: 0, max: 2 ** 40 }), fc.constant(2 ** 32));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('set' as const), key, slot: fc.nat(1_000_000) }),
  fc.record({ t: fc.constant('insert' as const), key, slot: fc.nat(1_000_000) }),
  fc.record({ t: fc.constant('delete' as const), key }),
);

describe('IdIndex', () => {
  it('behaves like a Map through inserts, replacements, deletes and growth', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const index = new IdIndex();
        const model = new Map<number, number>();
        for (const o of ops) {
          if (o.t === 'set') {
            index.set(o.key, o.slot);
            model.set(o.key, o.slot);
          } else if (o.t === 'insert') {
            const cell = index.cellFor(o.key);
            expect(cell === ABSENT).toBe(model.has(o.key));
            if (cell !== ABSENT) {
              index.fill(cell, o.key, o.slot);
              model.set(o.key, o.slot);
            }
          } else {
            const slot = index.take(o.key);
            expect(slot).toBe(model.get(o.key) ?? ABSENT);
            model.delete(o.key);
          }
          expect(index.size).toBe(model.size);
        }
        for (const [k, v] of model) expect(index.get(k)).toBe(v);
        for (const o of ops) if (!model.has(o.key)) expect(index.has(o.key)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps consecutive ids findable as the oldest leave and the table grows', () => {
    const index = new IdIndex();
    for (let id = 1; id <= 5_000; id++) {
      index.set(id, id * 2);
      if (id > 300) expect(index.take(id - 300)).toBe((id - 300) * 2);
    }
    expect(index.size).toBe(300);
    for (let id = 4_701; id <= 5_000; id++) expect(index.get(id)).toBe(id * 2);
    expect(index.get(4_700)).toBe(ABSENT);
  });
});
