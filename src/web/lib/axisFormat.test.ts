import { describe, expect, it } from 'vitest';
import { formatMoneyTicks, moneyAxisRange, timeAxisFor } from './axisFormat';

describe('formatMoneyTicks', () => {
  it('tells ticks thousands apart on an $80M portfolio apart', () => {
    expect(formatMoneyTicks([79_998_000, 80_000_000, 80_002_000, 80_004_000])).toEqual(['$79.998M', '$80.000M', '$80.002M', '$80.004M']);
  });

  it('keeps whole millions short when the ticks are millions apart', () => {
    expect(formatMoneyTicks([78_000_000, 80_000_000, 82_000_000])).toEqual(['$78M', '$80M', '$82M']);
    expect(formatMoneyTicks([80_000_000, 80_500_000])).toEqual(['$80.0M', '$80.5M']);
  });

  it('falls back to whole dollars when a compact label would need more than three decimals', () => {
    expect(formatMoneyTicks([80_000_100, 80_000_200, 80_000_300])).toEqual(['$80,000,100', '$80,000,200', '$80,000,300']);
  });

  it('writes cents for small values that need them, and every label distinct', () => {
    expect(formatMoneyTicks([1.5, 1.75, 2])).toEqual(['$1.50', '$1.75', '$2.00']);
    expect(formatMoneyTicks([250, 500, 750])).toEqual(['$250', '$500', '$750']);
    expect(formatMoneyTicks([2_500, 5_000])).toEqual(['$2.5K', '$5.0K']);
    const ticks = [80_001_250, 80_001_500, 80_001_750, 80_002_000];
    expect(new Set(formatMoneyTicks(ticks)).size).toBe(ticks.length);
  });

  it('handles no ticks and negative values', () => {
    expect(formatMoneyTicks([])).toEqual([]);
    expect(formatMoneyTicks([-1_000_000, 0, 1_000_000])).toEqual(['−$1M', '$0M', '$1M']);
  });
});

describe('moneyAxisRange', () => {
  it('gives a flat line room around it, a tenth of its value', () => {
    expect(moneyAxisRange(1_000_000, 1_000_000)).toEqual({ minValue: 950_000, maxValue: 1_050_000 });
    expect(moneyAxisRange(1, 1)).toEqual({ minValue: 0.95, maxValue: 1.05 });
  });

  it('never starts below zero for values that are not negative', () => {
    expect(moneyAxisRange(0, 0)).toEqual({ minValue: 0, maxValue: 0.1 });
    expect(moneyAxisRange(0.01, 0.02)).toEqual({ minValue: 0, maxValue: 0.1 });
    expect(moneyAxisRange(-5, 5)).toEqual({ minValue: -5, maxValue: 5 });
  });

  it('leaves a range that is already wide as it is', () => {
    expect(moneyAxisRange(2, 10)).toEqual({ minValue: 2, maxValue: 10 });
  });
});

describe('timeAxisFor', () => {
  it('shows seconds for minutes of points, times of day for days, dates alone for weeks', () => {
    expect(timeAxisFor([0, 120])).toEqual({ timeVisible: true, secondsVisible: true });
    expect(timeAxisFor([0, 3 * 3600])).toEqual({ timeVisible: true, secondsVisible: false });
    expect(timeAxisFor([0, 30 * 86_400])).toEqual({ timeVisible: false, secondsVisible: false });
    expect(timeAxisFor([5])).toEqual({ timeVisible: true, secondsVisible: false });
  });
});
