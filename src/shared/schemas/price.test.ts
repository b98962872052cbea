import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cents } from '../money.js';
import { dollarsAsCents } from './price.js';

describe('dollarsAsCents', () => {
  const errors = { notANumber: 'nan', tooLow: 'low', tooHigh: 'high', tooManyDecimals: 'decimals' };
  const price = dollarsAsCents(errors);

  it('decodes dollars to cents and encodes them back', () => {
    expect(price.parse(19.99)).toBe(1999);
    expect(z.decode(price, 1)).toBe(100);
    expect(z.encode(price, cents(250))).toBe(2.5);
    fc.assert(fc.property(fc.integer({ min: 100, max: 100_000_000 }), (c) => z.decode(price, z.encode(price, cents(c))) === c));
  });

  it.each([
    [0.5, 'low'],
    [1_000_000.01, 'high'],
    [1.005, 'decimals'],
    [Number.NaN, 'nan'],
    ['2', 'nan'],
  ])('refuses %s with the text for its rule (%s)', (value, text) => {
    expect(price.safeParse(value).error?.issues[0]?.message).toBe(text);
  });

  it('takes another floor in cents', () => {
    expect(dollarsAsCents(errors, cents(1)).parse(0.01)).toBe(1);
  });
});
