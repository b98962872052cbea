import { describe, expect, it } from 'vitest';
import { clampPriceText, clampSharesText, DUMP_TEXT, readDumpShares } from './numbers';

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
  it('reads 1,000 as a thousand, with or without separators', () => {
    for (const text of ['1000', '1,000', ' 1,000 ', '1 000', '1_000']) expect(readDumpShares(text, 5_000)).toEqual({ ok: true, shares: 1_000, capped: false });
    expect(readDumpShares('1,000,000', 2_000_000)).toEqual({ ok: true, shares: 1_000_000, capped: false });
  });

  it('caps at the holding', () => {
    expect(readDumpShares('25', 10)).toEqual({ ok: true, shares: 10, capped: true });
    expect(readDumpShares('10', 10)).toEqual({ ok: true, shares: 10, capped: false });
  });

  it('refuses anything else with a message, never silently', () => {
    expect(readDumpShares('', 10)).toEqual({ ok: false, message: DUMP_TEXT.empty });
    expect(readDumpShares('  ', 10)).toEqual({ ok: false, message: DUMP_TEXT.empty });
    expect(readDumpShares('0', 10)).toEqual({ ok: false, message: DUMP_TEXT.tooFew });
    expect(readDumpShares('2.5', 10)).toEqual({ ok: false, message: DUMP_TEXT.notWhole });
    for (const text of ['lots', '-4', '1,00', '1.000.000', '1e3', '12,3456'])
      expect(readDumpShares(text, 10)).toEqual({ ok: false, message: DUMP_TEXT.notANumber });
  });
});
