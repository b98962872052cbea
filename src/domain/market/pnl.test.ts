import { describe, expect, it } from 'vitest';
import { rescaleHoldings } from './contracts.js';
import { bought, NO_HOLDING, sold } from './holding.js';
import { costOfSold, percentOf, realizedProfit, splitOf, todayChange, unrealizedProfit } from './pnl.js';

const at = 1_750_000_000_000;
const buy = (h = NO_HOLDING, shares: number, paidCents: number) => bought(h, 'player', { shares, paidCents, seq: 1, at });

describe('profit and loss, worked by hand', () => {
  it('realizes proceeds less the shares’ cost at the average, and the sales and the cost left add up to what was paid', () => {
    // 3 shares for $3.50: average 116.67¢.
    const h = buy(undefined, 3, 350);
    // Sell 1 at $2.00: the cost left is 2/3 of 350 = 233.33, kept as 233, so the share sold cost 117.
    expect(costOfSold(h, 1)).toBe(117);
    expect(realizedProfit(h, 1, 200)).toBe(83);
    const left = sold(h, 1);
    expect(left.costBasisCents).toBe(233);
    // Sell the last 2 at $1.50: 300 − 233 = 67.
    expect(realizedProfit(left, 2, 150)).toBe(67);
    // 83 + 67 = 150 = $5.00 received − $3.50 paid: nothing lost to rounding.
    expect(83 + 67).toBe(200 + 300 - 350);
  });

  it('realizes a loss below the average buy price', () => {
    // 1,000 at $1.00, then 1,000 at $2.00: average $1.50.
    const h = buy(buy(undefined, 1_000, 100_000), 1_000, 200_000);
    expect(realizedProfit(h, 400, 120)).toBe(400 * 120 - 400 * 150);
    expect(realizedProfit(h, 400, 120)).toBe(-12_000);
  });

  it('values what is held at the mark against the cost basis, in dollars and percent of the cost', () => {
    const h = buy(undefined, 3, 350);
    // 3 × $1.40 = 420 − 350 = 70¢, 20% of 350.
    expect(unrealizedProfit(h, 140)).toEqual({ cents: 70, percent: 20 });
    // 3 × $1.00 = 300 − 350 = −50¢, −14.29%.
    expect(unrealizedProfit(h, 100)).toEqual({ cents: -50, percent: -14.29 });
  });

  it('is unchanged by a salary split: the rescale keeps the cost basis, the average halves', () => {
    // 100 shares for $150.00, the mark at $2.00: +$50.00, +33.33%.
    const before = { userId: 1, ...buy(undefined, 100, 15_000) };
    expect(unrealizedProfit(before, 200)).toEqual({ cents: 5_000, percent: 33.33 });
    // The salary doubles: 200 shares of half the price each, the same $150.00 paid.
    const [after] = rescaleHoldings([before], 1_000, 2_000).holdings;
    expect(after).toMatchObject({ shares: 200, costBasisCents: 15_000 });
    expect(unrealizedProfit(after!, 100)).toEqual({ cents: 5_000, percent: 33.33 });
    // A later sale of half at $1.00 realizes half of the profit the split kept: 100 × ($1.00 − $0.75).
    expect(realizedProfit(after!, 100, 100)).toBe(2_500);
  });

  it('starts a season from nothing: every holding went back to the open market, so there is no cost and no profit', () => {
    // A season's start empties every holding (docs/seasons.md): what is left is no holding at all.
    expect(unrealizedProfit(NO_HOLDING, 250)).toEqual({ cents: 0, percent: 0 });
    // The first purchase of the new season is the whole cost basis.
    const h = buy(NO_HOLDING, 10, 1_000);
    expect(unrealizedProfit(h, 130)).toEqual({ cents: 300, percent: 30 });
  });

  it('tells today’s change as the value at the mark against the value at the weekly average', () => {
    expect(todayChange(50, 210, 200)).toBe(500);
    expect(todayChange(50, 190, 200)).toBe(-500);
  });

  it('splits a portfolio into parts of 100.00% exactly', () => {
    expect(splitOf([1, 1, 1])).toEqual([3_334, 3_333, 3_333]);
    expect(splitOf([750, 250])).toEqual([7_500, 2_500]);
    expect(splitOf([])).toEqual([]);
    expect(splitOf([0, 0])).toEqual([0, 0]);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(5, 0)).toBe(0);
  });
});
