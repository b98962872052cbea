import { describe, expect, it } from 'vitest';
import { bigTradeCents, bigTrades, bigTradeText, newLeaderText, seasonEndedText, type Fill } from './moments.js';

const fill = (f: Partial<Fill>): Fill => ({
  buyerId: 1,
  buyerUsername: 'alice',
  sellerId: 2,
  sellerUsername: 'bob',
  itemType: 'player',
  itemId: 30,
  itemName: 'Stephen Curry',
  shares: 100,
  priceCents: 300,
  ...f,
});

describe('big trades', () => {
  it('makes one purchase of a member’s fills of one instrument, big from a tenth of the starting cash', () => {
    expect(bigTradeCents(100_000_000)).toBe(10_000_000);
    const fills = [
      fill({ shares: 60_000, priceCents: 300 }),
      fill({ shares: 40_000, priceCents: 305, sellerId: 3, sellerUsername: 'cleo' }),
      fill({ buyerId: 4, buyerUsername: 'dan', shares: 10, priceCents: 300 }),
      fill({ buyerId: null, buyerUsername: null, shares: 1_000_000, priceCents: 100 }),
    ];
    const [big, ...rest] = bigTrades(fills, 25_000_000);
    expect(rest).toEqual([]);
    expect(big).toMatchObject({ userId: 1, shares: 100_000, totalCents: 30_200_000, priceCents: 302, sellers: ['bob', 'cleo'] });
    expect(bigTradeText(big!)).toBe('alice bought 100,000 shares of Stephen Curry at $3.02 ($302,000.00) from bob and cleo');
    expect(bigTrades(fills, 30_200_001)).toEqual([]);
  });

  it('says where the shares came from', () => {
    const [openMarket] = bigTrades([fill({ sellerId: null, sellerUsername: null, shares: 1, priceCents: 100 })], 0);
    expect(bigTradeText(openMarket!)).toBe('alice bought 1 share of Stephen Curry at $1.00 ($1.00) on the open market');
    const many = bigTrades(
      ['b', 'c', 'd'].map((name, i) => fill({ sellerId: 10 + i, sellerUsername: name })),
      0,
    );
    expect(bigTradeText(many[0]!)).toMatch(/from 3 members$/);
  });
});

describe('the other moments', () => {
  it('names every co-leader and co-champion', () => {
    expect(newLeaderText(['alice'], 'Share value')).toBe('alice is the new leader (Share value)');
    expect(newLeaderText(['alice', 'bob'], 'Net worth')).toBe('alice and bob share the lead (Net worth)');
    expect(seasonEndedText(3, ['alice'])).toBe('Season 3 ended: alice won');
    expect(seasonEndedText(3, ['alice', 'bob', 'cleo'])).toBe('Season 3 ended: alice, bob and cleo share the title');
    expect(seasonEndedText(3, [])).toBe('Season 3 ended');
  });
});
