import { describe, expect, it } from 'vitest';
import { weeklyRecap } from './weekly.js';

describe('the weekly recap', () => {
  it('names the week’s biggest gainer and loser, best trade, most active member and the standings’ moves', () => {
    const { text, data } = weeklyRecap({
      week: 3,
      standings: [
        { userId: 2, username: 'bob', rank: 1, netWorthCents: 110_000 },
        { userId: 1, username: 'alice', rank: 2, netWorthCents: 95_000 },
        { userId: 3, username: 'cleo', rank: 3, netWorthCents: 100_000 },
      ],
      previous: { '1': { rank: 1, netWorthCents: 100_000 }, '2': { rank: 2, netWorthCents: 100_000 }, '3': { rank: 3, netWorthCents: 100_000 } },
      startingCashCents: 100_000,
      bestTrade: { username: 'bob', name: 'Curry', shares: 100, priceCents: 200, profitCents: 10_000 },
      mostActive: { username: 'cleo', trades: 9 },
    });
    expect(text).toBe(
      'Week 3 recap: biggest gainer bob (+$100.00), biggest loser alice (−$50.00), best trade bob (100 Curry at $2.00, +$100.00), most active cleo (9 trades); bob ↑1 to 1st, alice ↓1 to 2nd',
    );
    expect(data.snapshot).toEqual({
      '2': { rank: 1, netWorthCents: 110_000 },
      '1': { rank: 2, netWorthCents: 95_000 },
      '3': { rank: 3, netWorthCents: 100_000 },
    });
  });
});
