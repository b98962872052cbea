import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cents,
  centsToDollars,
  defaultMinSellFromCost,
  dollarsToCents,
  formatCents,
  hasAtMostTwoDecimals,
  scaleRounded,
  START_BALANCE_CENTS,
} from './money.js';

describe('money', () => {
  it('starts everyone with $80,000,000 in cents', () => {
    expect(START_BALANCE_CENTS).toBe(8_000_000_000);
    expect(formatCents(START_BALANCE_CENTS)).toBe('$80,000,000.00');
  });

  it('converts dollars with at most two decimals exactly, and refuses more', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(() => dollarsToCents(1.005)).toThrow(RangeError);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => dollarsToCents(centsToDollars(cents)) === cents));
  });

  it('sets the default minimum sell price 10% over the average buy price, rounded up to the cent', () => {
    expect(defaultMinSellFromCost(100, 1)).toBe(110);
    expect(defaultMinSellFromCost(101, 1)).toBe(112);
    expect(defaultMinSellFromCost(100 * 3, 3)).toBe(110);
    expect(defaultMinSellFromCost(1001, 10)).toBe(111);
  });

  it('never sets a default minimum sell price under $1.00, even when a contract change made the average lower', () => {
    expect(defaultMinSellFromCost(50, 1)).toBe(100);
    expect(defaultMinSellFromCost(200, 4)).toBe(100);
    expect(defaultMinSellFromCost(0, 3)).toBe(100);
    expect(defaultMinSellFromCost(91, 1)).toBe(101);
  });

  it('rounds the default up to the cent, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 60_000_000 }), (avgCents, shares) => {
        const cost = avgCents * shares;
        const min = defaultMinSellFromCost(cost, shares);
        return min * shares * 10 >= cost * 11 && (min - 1) * shares * 10 < cost * 11;
      }),
    );
  });

  it('scales exactly beyond 2^53 intermediate products', () => {
    expect(scaleRounded(60_000_000_000_000, 59_999_999, 60_000_000)).toBe(59_999_999_000_000);
    expect(scaleRounded(3, 1, 2)).toBe(2);
  });

  it('makes Cents only of whole numbers', () => {
    expect(cents(150)).toBe(150);
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
  });
});
