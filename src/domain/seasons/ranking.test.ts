import { describe, expect, it } from 'vitest';
import { placeLabel } from '../../shared/ranking.js';
import { rankBy, winnersOf } from './ranking.js';
import { rankStandings } from './standings.js';

const row = (userId: number, shareValueCents: number, netWorthCents: number) => ({ userId, shareValueCents, netWorthCents });

describe('ranking (docs/rules.md §5)', () => {
  it('ranks by the league’s rule, highest first; equal figures share a place and the next place skips', () => {
    const rows = [row(5, 300, 1_000), row(2, 500, 900), row(3, 300, 2_000), row(4, 100, 900)];
    expect(rankBy('shareValue', rows).map((r) => [r.userId, r.rank, r.tied])).toEqual([
      [2, 1, false],
      [3, 2, true],
      [5, 2, true],
      [4, 4, false],
    ]);
    expect(rankBy('netWorth', rows).map((r) => [r.userId, r.rank, r.tied])).toEqual([
      [3, 1, false],
      [5, 2, false],
      [2, 3, true],
      [4, 3, true],
    ]);
    expect(rankBy('shareValue', rows).map((r) => placeLabel(r.rank, r.tied))).toEqual(['1', 'T-2', 'T-2', '4']);
  });

  it('a tie at the top names every co-winner', () => {
    const ranked = rankBy('netWorth', [row(1, 0, 700), row(2, 0, 900), row(3, 0, 900)]);
    expect(winnersOf(ranked).map((r) => r.userId)).toEqual([2, 3]);
    expect(winnersOf(rankBy('netWorth', [row(1, 0, 700), row(2, 0, 900)])).map((r) => r.userId)).toEqual([2]);
  });

  it('a season’s standings rank by the rule, not by who held more shares', () => {
    const members = [
      { userId: 1, username: 'ann', cashCents: 1_000 },
      { userId: 2, username: 'bob', cashCents: 0 },
    ];
    const holding = (userId: number, shares: number, priceCents: number) => ({
      userId,
      kind: 'player' as const,
      id: 7,
      name: 'Stephen Curry',
      shares,
      priceCents,
      lastPriceCents: null,
      valueCents: shares * priceCents,
    });
    // Both finish with $20.00 of net worth: bob holds more shares, and still only shares first place.
    const standings = rankStandings('netWorth', members, [holding(1, 10, 100), holding(2, 20, 100)]);
    expect(standings.map((s) => [s.username, s.rank, s.tied, s.totalCents])).toEqual([
      ['ann', 1, true, 2_000],
      ['bob', 1, true, 2_000],
    ]);
    expect(rankStandings('shareValue', members, [holding(1, 10, 100), holding(2, 20, 100)]).map((s) => [s.username, s.rank])).toEqual([
      ['bob', 1],
      ['ann', 2],
    ]);
  });
});
