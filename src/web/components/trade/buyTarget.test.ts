import { describe, expect, it } from 'vitest';
import type { QueuedSell } from '../../lib/apiTypes';
import { sellSources } from '../../lib/orderBook';
import { defaultBuyPrice, forSaleRange, type BuyTarget } from './buyTarget';

/** A holder's standing sell (its unlisted shares at its minimum price). */
const standing = (sellerId: number, shares: number, price: number): QueuedSell => ({
  sellerId,
  sellerUsername: `user${sellerId}`,
  shares,
  price_per_share: price,
  offerId: null,
});
const offer = (offerId: number, sellerId: number, shares: number, price: number): QueuedSell => ({
  sellerId,
  sellerUsername: `user${sellerId}`,
  shares,
  price_per_share: price,
  offerId,
});

/** The sell queue in the order a buy takes it, as the server sends it. */
const target = (openMarket: number, sellQueue: QueuedSell[]): BuyTarget => ({
  itemType: 'player',
  id: 1,
  name: 'P',
  openMarket,
  totalShares: 1000,
  owned: 0,
  restrictedUntil: null,
  sellQueue,
  sellLevels: [],
  priceRange: { min_price: null, max_price: null },
});

const sourcesOf = (t: BuyTarget, me: number | null) => sellSources({ openMarket: t.openMarket, sellQueue: t.sellQueue, sellLevels: t.sellLevels }, me);

describe('what is for sale to a buyer', () => {
  it('takes holders’ minimum prices into the range and proposes the cheapest, not $2.00', () => {
    const t = target(0, [standing(1, 500, 1.1), offer(1, 2, 10, 2.5), standing(2, 490, 3)]);
    expect(forSaleRange(sourcesOf(t, null))).toEqual({ minCents: 110, maxCents: 300 });
    expect(defaultBuyPrice(t, sourcesOf(t, null))).toBe(1.1);
  });

  it('leaves out the buyer’s own standing sell and offers', () => {
    // User 1 is the buyer; user 2 listed all 500 shares, so only the offer at $2.50 is for sale.
    const t = target(0, [standing(1, 500, 1.1), offer(1, 2, 500, 2.5), offer(2, 1, 5, 2)]);
    expect(forSaleRange(sourcesOf(t, 1))).toEqual({ minCents: 250, maxCents: 250 });
    expect(defaultBuyPrice(t, sourcesOf(t, 1))).toBe(2.5);
  });

  it('proposes $2.00 only when nothing is for sale, and $1.00 while the open market has shares', () => {
    const none = target(0, [standing(1, 1000, 1.1)]);
    expect(forSaleRange(sourcesOf(none, 1))).toBeNull();
    expect(defaultBuyPrice(none, sourcesOf(none, 1))).toBe(2);
    const open = target(10, [standing(1, 990, 1.1)]);
    expect(defaultBuyPrice(open, sourcesOf(open, 2))).toBe(1);
  });
});
