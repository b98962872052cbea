import { describe, expect, it } from 'vitest';
import { clampPriceText, clampSharesText, dumpShares } from './numbers';

describe('clamping on player and team pages (docs/rules.md §11 Input)', () => {
  it('raises a price under $1.00 to 1.00 and leaves other text as typed', () => {
    expect(clampPriceText('0.5')).toBe('1.00');
    expect(clampPriceText('-3')).toBe('1.00');
    expect(clampPriceText('2.5')).toBe('2.5');
    expect(clampPriceText('')).toBe('');
    expect(clampPriceText('abc')).toBe('abc');
  });

  it('raises shares under 1 to 1', () => {
    expect(clampSharesText('0')).toBe('1');
    expect(clampSharesText('7')).toBe('7');
    expect(clampSharesText(' ')).toBe(' ');
  });
});

describe('the dump prompt (docs/rules.md §11 Input)', () => {
  it('ignores empty, non-numeric and non-positive answers', () => {
    for (const text of ['', '  ', 'lots', '0', '-4', '0.5']) expect(dumpShares(text, 10)).toBeNull();
  });

  it('caps at the holding and rounds a fraction down', () => {
    expect(dumpShares('25', 10)).toBe(10);
    expect(dumpShares('3.9', 10)).toBe(3);
    expect(dumpShares('4', 10)).toBe(4);
  });
});
