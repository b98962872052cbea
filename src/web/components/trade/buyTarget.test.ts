import { describe, expect, it } from 'vitest';
import type { Offer, Shareholder } from '../../lib/apiTypes';
import { sellSources } from '../../lib/orderBook';
import { defaultBuyPrice, forSaleRange, type BuyTarget } from './buyTarget';

const holder = (user_id: number, shares_owned: number, min_sell_price: number): Shareholder => ({
  user_id, username: `user${user_id}`, shares_owned, min_sell_price, percent_owned: 0,
});

const offer = (offerId: number, sellerId: number, shares_offered: number, price_per_share: number): Offer => ({
  offerId, askType: 'player', itemType: 'player', itemId: 1, playerName: 'P', teamName: 'T', sellerUsername: `user${sellerId}`, sellerId,
  shares_offered, totalShares: shares_offered, price_per_share, totalCost: shares_offered * price_per_share, created_at: new Date(0).toISOString(),
});

const target = (openMarket: number, offers: Offer[], shareholders: Shareholder[]): BuyTarget => ({
  itemType: 'player', id: 1, name: 'P', openMarket, totalShares: 1000, owned: 0, restrictedUntil: null, offers, shareholders,
});

const sourcesOf = (t: BuyTarget, me: number | null) => sellSources({ openMarket: t.openMarket, offers: t.offers, shareholders: t.shareholders }, me);

describe('what is for sale to a buyer', () => {
  it('takes holders’ minimum prices into the range and proposes the cheapest, not $2.00', () => {
    const t = target(0, [offer(1, 2, 10, 2.5)], [holder(1, 500, 1.1), holder(2, 500, 3)]);
    expect(forSaleRange(sourcesOf(t, null))).toEqual({ minCents: 110, maxCents: 300 });
    expect(defaultBuyPrice(t, sourcesOf(t, null))).toBe(1.1);
  });

  it('leaves out the buyer’s own standing sell and offers, and fully listed holdings', () => {
    const t = target(0, [offer(1, 2, 500, 2.5)], [holder(1, 500, 1.1), holder(2, 500, 3)]);
    // user 1 is the buyer; user 2 listed all 500 shares, so only the offer at $2.50 is for sale.
    expect(forSaleRange(sourcesOf(t, 1))).toEqual({ minCents: 250, maxCents: 250 });
    expect(defaultBuyPrice(t, sourcesOf(t, 1))).toBe(2.5);
  });

  it('proposes $2.00 only when nothing is for sale, and $1.00 while the open market has shares', () => {
    const none = target(0, [], [holder(1, 1000, 1.1)]);
    expect(forSaleRange(sourcesOf(none, 1))).toBeNull();
    expect(defaultBuyPrice(none, sourcesOf(none, 1))).toBe(2);
    const open = target(10, [], [holder(1, 990, 1.1)]);
    expect(defaultBuyPrice(open, sourcesOf(open, 2))).toBe(1);
  });
});
