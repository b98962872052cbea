import { describe, expect, it } from 'vitest';
import { minSellPriceFields, orderFields, setTeamMinSellPriceInput, tradeAskInput } from './trading.js';

describe('trading inputs', () => {
  it('take the price in dollars under its wire name and give it in cents under a name that says so', () => {
    expect(tradeAskInput.parse({ userId: 1, playerId: 2, shares: 3, pricePerShare: 1.25 })).toEqual({ userId: 1, playerId: 2, shares: 3, priceCents: 125 });
    expect(orderFields.parse({ shares: 10, pricePerShare: 4 })).toEqual({ shares: 10, priceCents: 400 });
    expect(setTeamMinSellPriceInput.parse({ userId: 1, teamId: 5, minSellPrice: 2.5 })).toEqual({ userId: 1, teamId: 5, minSellPriceCents: 250 });
  });

  it.each([0.5, 0, -1, 1.001, 1_000_000.01, Number.NaN])('refuses a minimum sell price of %s with "Invalid price"', (minSellPrice) => {
    const result = minSellPriceFields.safeParse({ minSellPrice });
    expect(new Set(result.error?.issues.map((i) => i.message))).toEqual(new Set(['Invalid price']));
  });

  it('accepts a minimum sell price from $1.00', () => {
    expect(minSellPriceFields.parse({ minSellPrice: 1 })).toEqual({ minSellPriceCents: 100 });
  });
});
