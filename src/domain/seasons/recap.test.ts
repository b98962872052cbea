import { describe, expect, it } from 'vitest';
import { seasonRecap, type RecapFacts } from './recap.js';

const CASH = 100_000_000;
const DAY = 24 * 60 * 60 * 1000;
const none: RecapFacts = { bestTrade: null, mostActive: null, longestHeld: null };
const standing = (userId: number, rank: number, totalCents: number, shareValueCents = totalCents - CASH + 1) => ({
  userId,
  username: `u${userId}`,
  rank,
  totalCents,
  shareValueCents,
});

describe('a season’s recap', () => {
  it('names every co-champion of a tie at the top', () => {
    const recap = seasonRecap([standing(1, 1, CASH + 500), standing(2, 1, CASH + 500), standing(3, 3, CASH)], none, CASH, 10 * DAY);
    expect(recap.champions.map((c) => c.username)).toEqual(['u1', 'u2']);
    expect(recap.bestReturn).toEqual({ userId: 1, username: 'u1', totalCents: CASH + 500, startingCashCents: CASH, returnPct: 0 });
  });

  it('names as champions the winners the standings rank first, and gives no award nobody won', () => {
    // Nobody played: everyone shares first place, as the archive's winners say.
    const recap = seasonRecap([standing(1, 1, CASH, 0), standing(2, 1, CASH, 0)], none, CASH, DAY);
    expect(recap).toEqual({
      champions: [
        { userId: 1, username: 'u1', totalCents: CASH, shareValueCents: 0 },
        { userId: 2, username: 'u2', totalCents: CASH, shareValueCents: 0 },
      ],
      bestReturn: null,
      bestTrade: null,
      mostActive: null,
      longestHeld: null,
    });
  });

  it('gives the best trade only to a purchase that gained, and the longest-held winner its days and gain', () => {
    const facts: RecapFacts = {
      bestTrade: { userId: 2, username: 'u2', kind: 'player', id: 7, name: 'Curry', shares: 1_000, priceCents: 300, closeCents: 550, at: DAY },
      mostActive: { userId: 3, username: 'u3', trades: 12 },
      longestHeld: { userId: 1, username: 'u1', kind: 'team', id: 3, name: 'Thunder', since: 2 * DAY, costCents: 10_000, valueCents: 13_500 },
    };
    const recap = seasonRecap([standing(1, 1, CASH + 3_500)], facts, CASH, 12 * DAY + 5);
    expect(recap.bestTrade?.profitCents).toBe(250_000);
    expect(recap.mostActive).toEqual({ userId: 3, username: 'u3', trades: 12 });
    expect(recap.longestHeld).toMatchObject({ days: 10, gainPct: 35 });
    expect(seasonRecap([standing(1, 1, CASH + 1)], { ...facts, bestTrade: { ...facts.bestTrade!, closeCents: 300 } }, CASH, DAY).bestTrade).toBeNull();
  });
});
