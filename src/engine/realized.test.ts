import { describe, expect, it } from 'vitest';
import { testExchange } from './test-support/exchange.js';

/** docs/rules.md §5: a sale's realized profit is kept with its trade, at the seller's average buy price then. */
describe('realized profit', () => {
  it('is written with each sale, against the average at the time, and summed for the season', () => {
    const t = testExchange();
    const ref = t.player(1_000);
    const [holder, buyer, other] = [t.user('holder'), t.user('buyer'), t.user('other')];
    // 300 at $1.00 from the open market, then 100 more at $3.00 from another fan: 400 shares for $600.00, average $1.50.
    t.ok({ type: 'buy', userId: other, instrument: ref, shares: 700, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: other, instrument: ref, priceCents: 300 });
    t.ok({ type: 'buy', userId: holder, instrument: ref, shares: 300, priceCents: 100 });
    t.ok({ type: 'buy', userId: holder, instrument: ref, shares: 100, priceCents: 300 });
    expect(t.holding(holder, ref)).toMatchObject({ shares: 400, costBasisCents: 60_000 });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: ref, priceCents: 200 });
    // The buyer takes 150 at $2.00 (the holder's minimum price, below the other's $3.00): 150 × ($2.00 − $1.50) = $75.00.
    t.ok({ type: 'buy', userId: buyer, instrument: ref, shares: 150, priceCents: 200 });
    const sales = t.trades().filter((tr) => tr.sellerId === holder);
    expect(sales.map((s) => [s.shares, s.priceCents, s.realizedCents])).toEqual([[150, 200, 7_500]]);
    // A purchase from the open market realizes nothing for anyone.
    expect(
      t
        .trades()
        .filter((tr) => tr.sellerId === null)
        .every((tr) => tr.realizedCents === null),
    ).toBe(true);
    // The holder dumps 50 at $1.00: 50 × ($1.00 − $1.50) = −$25.00.
    t.ok({ type: 'dump', userId: holder, instrument: ref, shares: 50 });
    const dump = t
      .trades()
      .filter((tr) => tr.sellerId === holder)
      .at(-1)!;
    expect([dump.shares, dump.realizedCents]).toEqual([50, -2_500]);
    expect(t.exchange.readModels().realizedOf(holder)).toBe(7_500 - 2_500);
    // The sales and the cost left add up to what was paid.
    expect(t.holding(holder, ref)!.costBasisCents + 150 * 150 + 50 * 150).toBe(60_000);
  });
});
