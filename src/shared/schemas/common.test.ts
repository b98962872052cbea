import { describe, expect, it } from 'vitest';
import { priceDollars, shares } from './common.js';

describe('priceDollars', () => {
  const price = priceDollars('Price per share');
  it.each([
    [1, 100],
    [1.1, 110],
    [2.05, 205],
    [19.99, 1999],
    [1000000, 100_000_000],
  ])('turns $%d into %d cents exactly', (dollars, cents) => {
    expect(price.parse(dollars)).toBe(cents);
  });

  it.each([
    [0.99, 'Price per share must be at least $1.00'],
    [1.005, 'Price per share must have at most two decimals'],
    [Number.NaN, 'Price per share must be a number'],
    [Number.POSITIVE_INFINITY, 'Price per share must be a number'],
    [-5, 'Price per share must be at least $1.00'],
  ])('refuses %d: %s', (dollars, message) => {
    const result = price.safeParse(dollars);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses strings', () => {
    expect(price.safeParse('5').success).toBe(false);
  });
});

describe('shares', () => {
  it.each([0, -1, 1.5, Number.NaN, '3'])('refuses %s', (value) => {
    expect(shares.safeParse(value).success).toBe(false);
  });
  it('accepts whole numbers from 1', () => {
    expect(shares.parse(1)).toBe(1);
    expect(shares.parse(250_000)).toBe(250_000);
  });
});
