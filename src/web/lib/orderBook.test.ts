import { describe, expect, it } from 'vitest';
import { SELL_QUEUE_SIZE } from '../../shared/limits';
import type { QueuedSell } from './apiTypes';
import { bookDepth, previewBuy, sellSources } from './orderBook';

const sell = (sellerId: number, shares: number, price: number, offerId: number | null = null): QueuedSell => ({
  sellerId,
  sellerUsername: `user${sellerId}`,
  shares,
  price_per_share: price,
  offerId,
});

describe('the sell side as a buyer meets it', () => {
  it('starts with the open market at $1.00, then the queue, leaving out the buyer’s own sells', () => {
    const sources = sellSources({ openMarket: 5, sellQueue: [sell(1, 10, 1.5), sell(2, 3, 2, 7)], sellLevels: [] }, 1);
    expect(sources).toEqual([
      { kind: 'market', seller: 'Market', userId: null, shares: 5, priceCents: 100 },
      { kind: 'offer', seller: 'user2', userId: 2, shares: 3, priceCents: 200 },
    ]);
  });

  it('stands for the sells past a full queue with the price levels above its last one', () => {
    const queue = Array.from({ length: SELL_QUEUE_SIZE }, (_, i) => sell(i + 10, 1, 2));
    const sources = sellSources(
      {
        openMarket: 0,
        sellQueue: queue,
        sellLevels: [
          { price: 2, shares: 50, orders: 50 },
          { price: 3, shares: 4, orders: 1 },
        ],
      },
      null,
    );
    expect(sources).toHaveLength(SELL_QUEUE_SIZE + 1);
    expect(sources.at(-1)).toEqual({ kind: 'offer', seller: '1 more seller', userId: null, shares: 4, priceCents: 300 });
  });
});

describe('the buy preview', () => {
  const sources = sellSources({ openMarket: 5, sellQueue: [sell(2, 10, 1.5), sell(3, 10, 3, 9)], sellLevels: [] }, null);

  it('fills cheapest first up to the bid, with totals and the average', () => {
    const preview = previewBuy(sources, 10, 200);
    expect(preview.fills.map((f) => [f.seller, f.shares, f.priceCents, f.totalCents])).toEqual([
      ['Market', 5, 100, 500],
      ['user2', 5, 150, 750],
    ]);
    expect(preview).toMatchObject({ filledShares: 10, totalCents: 1250, averageCents: 125, restingShares: 0, cheapestCents: 100 });
  });

  it('rests what finds no seller at the price as an ask', () => {
    const preview = previewBuy(sources, 30, 150);
    expect(preview).toMatchObject({ filledShares: 15, restingShares: 15 });
    expect(previewBuy([], 4, 500)).toMatchObject({ fills: [], filledShares: 0, averageCents: null, restingShares: 4, cheapestCents: null });
  });
});

describe('the depth table', () => {
  it('adds the open market as a level at $1.00, merged with sells at that price', () => {
    const depth = {
      bids: [{ price: 1, shares: 2, orders: 1 }],
      sells: [
        { price: 1, shares: 3, orders: 2 },
        { price: 2, shares: 1, orders: 1 },
      ],
    };
    expect(bookDepth(depth, 10).sells).toEqual([
      { priceCents: 100, shares: 13, orders: 3 },
      { priceCents: 200, shares: 1, orders: 1 },
    ]);
    expect(bookDepth({ bids: [], sells: [{ price: 2, shares: 1, orders: 1 }] }, 10).sells[0]).toEqual({ priceCents: 100, shares: 10, orders: 1 });
    expect(bookDepth(depth, 0).bids).toEqual([{ priceCents: 100, shares: 2, orders: 1 }]);
  });
});
