import { describe, expect, it } from 'vitest';
import { formatChange, formatCount, formatDollars, formatInteger, initials } from './format';

describe('formatting for people', () => {
  it('writes dollars with cents and separators', () => {
    expect(formatDollars(80_000_000)).toBe('$80,000,000.00');
    expect(formatDollars(2.5)).toBe('$2.50');
    expect(formatDollars(1.256)).toBe('$1.26');
    expect(formatDollars(Number.NaN)).toBe('—');
  });

  it('writes whole numbers with separators', () => {
    expect(formatInteger(1_234_567)).toBe('1,234,567');
    expect(formatInteger(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('counts with the noun in the singular for one', () => {
    expect(formatCount(1, 'trade')).toBe('1 trade');
    expect(formatCount(0, 'trade')).toBe('0 trades');
    expect(formatCount(1_204, 'holder')).toBe('1,204 holders');
    expect(formatCount(2, 'person', 'people')).toBe('2 people');
  });

  it('takes up to two initials', () => {
    expect(initials('magic_johnson')).toBe('MJ');
    expect(initials('kobe')).toBe('K');
    expect(initials('  ')).toBe('?');
  });

  it('writes a change in basis points as a signed percentage', () => {
    expect(formatChange(1_250)).toBe('+12.5%');
    expect(formatChange(-300)).toBe('−3.0%');
    expect(formatChange(0)).toBe('0.0%');
    expect(formatChange(4)).toBe('0.0%');
    expect(formatChange(123_456)).toBe('+1,234.6%');
  });
});
