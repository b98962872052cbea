import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../shared/live';
import { orderFilledText } from './liveTexts';

const filled = (over: Partial<Extract<LiveEvent, { type: 'orderFilled' }>>): Extract<LiveEvent, { type: 'orderFilled' }> => ({
  type: 'orderFilled',
  leagueId: 1,
  side: 'offer',
  orderId: 0,
  automatic: true,
  min_sell_price: 1.1,
  itemType: 'player',
  itemId: 7,
  itemName: 'Stephen Curry',
  shares: 1_000_000,
  price_per_share: 1.1,
  ...over,
});

describe('the live toast of a fill', () => {
  it('says a sale at the minimum sell price was automatic, never "Your offer sold"', () => {
    expect(orderFilledText(filled({}))).toBe('Sold automatically at your minimum price of $1.10: 1,000,000 shares of Stephen Curry');
    expect(orderFilledText(filled({ price_per_share: 1.5, shares: 1 }))).toBe(
      'Sold automatically: 1 share of Stephen Curry at $1.50, above your minimum price of $1.10',
    );
  });

  it('names an offer or an ask that filled, numbers formatted', () => {
    expect(orderFilledText(filled({ automatic: false, min_sell_price: null, orderId: 4, shares: 20_000, price_per_share: 2 }))).toBe(
      'Your offer of 20,000 shares of Stephen Curry sold at $2.00',
    );
    expect(orderFilledText(filled({ side: 'ask', automatic: false, min_sell_price: null, orderId: 5, shares: 1_234 }))).toBe(
      'Your ask for 1,234 shares of Stephen Curry filled at $1.10',
    );
  });
});
