import { describe, expect, it } from 'vitest';
import { mergePlayers } from './players-since.js';
import type { PlayerOut } from './schemas/market.js';

const row = (id: number, remaining = 100): PlayerOut => ({
  id,
  name: `Player ${id}`,
  team_name: 'Team',
  team_code: 'TM',
  salary: 1_000,
  total_shares: 1_000,
  shares_available: 900,
  shares_remaining: remaining,
  total_distributed: 100,
  shareholder_count: 2,
  last_trade_price: null,
  current_price: 1,
  restricted_until: null,
  owned: 0,
  retiredAt: null,
});

describe('mergePlayers', () => {
  const whole = { version: 'a.1', full: true, rows: [row(1), row(2), row(3)], owned: [[2, 5]] as [number, number][] };

  it('takes a whole answer as the list, with the caller’s shares as owned', () => {
    expect(mergePlayers(undefined, whole)).toEqual([row(1), { ...row(2), owned: 5 }, row(3)]);
  });

  it('puts changed rows in their places, keeps the others as they were, and sets owned from the shares', () => {
    const held = mergePlayers(undefined, whole);
    const next = mergePlayers(held, { version: 'a.2', full: false, rows: [row(3, 90)], owned: [[3, 10]] });
    expect(next).toEqual([row(1), row(2), { ...row(3, 90), owned: 10 }]);
    expect(next[0]).toBe(held[0]);
    // A share sold off: its row's owned goes back to 0 though the row did not change.
    expect(next[1]).not.toBe(held[1]);
  });

  it('refuses changes with no list to change', () => {
    expect(() => mergePlayers(undefined, { ...whole, full: false })).toThrow('not here');
  });
});
