import { describe, expect, it } from 'vitest';
import { bought, defaultMinSell, NO_HOLDING, sold, TEAM_LOCK_MS, unlistedShares, withMinSellPrice } from './holding.js';

const at = 1_750_000_000_000;

describe('a holding', () => {
  it('grows by what was paid, and its default minimum sell price is 10% over the average, rounded up to the cent', () => {
    const h = bought(NO_HOLDING, 'player', { shares: 3, paidCents: 350, seq: 4, at });
    // 350 / 3 = 116.67 cents; +10% = 128.33, rounded up.
    expect(h).toEqual({ shares: 3, costBasisCents: 350, minSellPriceCents: 129, minSellCustom: false, minSellSeq: 4, lockedUntil: 0 });
  });

  it('never defaults its minimum sell price under $1.00', () => {
    expect(defaultMinSell('player', 150, 3)).toBe(100);
  });

  it('defaults a team holding’s minimum sell price to $2.00 and locks team shares for 7 days from each purchase', () => {
    const first = bought(NO_HOLDING, 'team', { shares: 10, paidCents: 1_000, seq: 1, at });
    expect(first).toMatchObject({ minSellPriceCents: 200, lockedUntil: at + TEAM_LOCK_MS });
    expect(TEAM_LOCK_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(bought(first, 'team', { shares: 1, paidCents: 100, seq: 2, at: at + 1_000 }).lockedUntil).toBe(at + 1_000 + TEAM_LOCK_MS);
  });

  it('keeps a minimum sell price the holder set, through later purchases', () => {
    const set = withMinSellPrice(bought(NO_HOLDING, 'player', { shares: 2, paidCents: 200, seq: 1, at }), 500, 2);
    expect(set).toMatchObject({ minSellPriceCents: 500, minSellCustom: true, minSellSeq: 2 });
    expect(bought(set, 'player', { shares: 2, paidCents: 2_000, seq: 3, at })).toMatchObject({
      shares: 4,
      costBasisCents: 2_200,
      minSellPriceCents: 500,
      minSellCustom: true,
    });
  });

  it('sends its standing sell to the back of its price on every purchase', () => {
    const h = bought(NO_HOLDING, 'player', { shares: 1, paidCents: 100, seq: 5, at });
    expect(bought(h, 'player', { shares: 1, paidCents: 100, seq: 9, at }).minSellSeq).toBe(9);
  });

  it('shrinks on a sale keeping its average buy price, and costs nothing once empty', () => {
    const h = bought(NO_HOLDING, 'player', { shares: 4, paidCents: 1_000, seq: 1, at });
    expect(sold(h, 1)).toMatchObject({ shares: 3, costBasisCents: 750, minSellSeq: 1 });
    expect(sold(h, 4)).toMatchObject({ shares: 0, costBasisCents: 0 });
    expect(() => sold(h, 5)).toThrow(RangeError);
  });

  it('offers its unlisted, unlocked shares for sale, and none while locked', () => {
    const h = { ...NO_HOLDING, shares: 10, lockedUntil: at + 1 };
    expect(unlistedShares(h, 3, at)).toBe(0);
    expect(unlistedShares(h, 3, at + 1)).toBe(7);
    expect(unlistedShares(undefined, 0, at)).toBe(0);
  });
});
