import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SALARY, rescaleHoldings, retirementPayouts, validSalary } from './contracts.js';

describe('rescaleHoldings', () => {
  it('gives holders proportional new shares when a contract grows, keeping what they paid', () => {
    const r = rescaleHoldings([{ userId: 1, shares: 300, costBasisCents: 30_000 }], 1_000, 2_500);
    expect(r.holdings).toEqual([{ userId: 1, shares: 750, costBasisCents: 30_000 }]);
    expect(r.remaining).toBe(1_750);
  });

  it('rounds down and lets the open market absorb the rounding', () => {
    const r = rescaleHoldings(
      [
        { userId: 1, shares: 1, costBasisCents: 100 },
        { userId: 2, shares: 2, costBasisCents: 200 },
      ],
      3,
      2,
    );
    expect(r.holdings).toEqual([{ userId: 2, shares: 1, costBasisCents: 200 }]);
    expect(r.removed.map((h) => h.userId)).toEqual([1]);
    expect(r.remaining).toBe(1);
  });

  it('keeps supply equal to the new total for any holdings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60_000_000 }),
        fc.integer({ min: 1, max: 60_000_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 }),
        (oldTotal, newTotal, fractions) => {
          let left = oldTotal;
          const holdings = fractions
            .map((f, i) => {
              const shares = Math.floor(left * f);
              left -= shares;
              return { userId: i + 1, shares, costBasisCents: shares * 100 };
            })
            .filter((h) => h.shares > 0);
          const r = rescaleHoldings(holdings, oldTotal, newTotal);
          const held = r.holdings.reduce((s, h) => s + h.shares, 0);
          expect(held + r.remaining).toBe(newTotal);
          expect(r.remaining).toBeGreaterThanOrEqual(0);
          for (const h of r.holdings) expect(Number.isInteger(h.shares) && h.shares > 0).toBe(true);
        },
      ),
    );
  });

  it('refuses a non-integer or non-positive old total', () => {
    expect(() => rescaleHoldings([], 0, 10)).toThrow(RangeError);
    expect(() => rescaleHoldings([], 10.5, 10)).toThrow(RangeError);
  });
});

describe('retirement', () => {
  it('pays every holder $1.00 a share from the open market, which holds the whole salary again', () => {
    const plan = retirementPayouts(
      [
        { userId: 1, shares: 120 },
        { userId: 2, shares: 0 },
        { userId: 3, shares: 30 },
      ],
      500,
    );
    expect(plan.fills).toEqual([
      expect.objectContaining({ buyerId: null, sellerId: 1, shares: 120, price: 100 }),
      expect.objectContaining({ buyerId: null, sellerId: 3, shares: 30, price: 100 }),
    ]);
    expect(plan.accounts).toEqual([
      { userId: 1, cash: 12_000, escrow: 0, shares: -120 },
      { userId: 3, cash: 3_000, escrow: 0, shares: -30 },
    ]);
    expect(plan.remaining).toBe(500);
  });
});

describe('a salary change', () => {
  it('names a whole number of dollars from 1 to 1,000,000,000', () => {
    expect(validSalary(1)).toBeNull();
    expect(validSalary(MAX_SALARY)).toBeNull();
    for (const bad of [0, -5, 1.5, MAX_SALARY + 1]) expect(validSalary(bad)?.code).toBe('invalid_salary');
  });
});
