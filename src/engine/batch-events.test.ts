import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events.js';
import { withoutRepeatedNotices } from './exchange.js';
import { testExchange } from './test-support/exchange.js';

const market = (itemId: number): GameEvent => ({ type: 'marketUpdated', userId: null, itemType: 'player', itemId });
const portfolio = (userId: number): GameEvent => ({ type: 'portfolioUpdated', userId });
const trade = (tradeId: number): GameEvent => ({
  type: 'tradeCompleted',
  userId: null,
  trade: {
    tradeId,
    itemType: 'player',
    itemId: 1,
    itemName: 'P',
    teamCode: 'BOS',
    buyerId: 1,
    sellerId: null,
    buyerUsername: 'a',
    sellerUsername: null,
    shares: 1,
    priceCents: 100,
    at: 0,
  },
});

describe('the events of a group commit', () => {
  it('keep every trade, and each notice once, at its last place', () => {
    const events = [trade(1), market(7), portfolio(1), trade(2), market(7), market(8), portfolio(2), portfolio(1)];
    expect(withoutRepeatedNotices(events)).toEqual([trade(1), trade(2), market(7), market(8), portfolio(2), portfolio(1)]);
  });

  it('tell followers once per batch that a market changed, with every trade and every portfolio', async () => {
    const t = testExchange();
    const p = t.player(1_000);
    const users = ['a', 'b', 'c', 'd', 'e'].map((name) => t.user(name));
    // Arriving together, the five buys run in one group commit.
    const answers = await Promise.all(users.map((userId) => t.exchange.submit({ type: 'buy', userId, instrument: p, shares: 2, priceCents: 100 })));
    expect(answers.every((a) => a.ok)).toBe(true);
    const of = (type: string) => t.events.filter((e) => e.type === type);
    expect(of('tradeCompleted')).toHaveLength(5);
    expect(of('marketUpdated')).toHaveLength(1);
    expect(
      of('portfolioUpdated')
        .map((e) => e.userId)
        .sort(),
    ).toEqual([...users].sort());
    // The notice comes after the trades it is about.
    expect(t.events.at(-1)?.type === 'tradeCompleted').toBe(false);
    expect(t.events.findIndex((e) => e.type === 'marketUpdated')).toBeGreaterThan(t.events.findLastIndex((e) => e.type === 'tradeCompleted'));
  });
});
