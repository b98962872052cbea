import { describe, expect, it } from 'vitest';
import { followChange, isLaterList, mergeChange, mergePlayers } from './players-since.js';
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

describe('the ticker’s changes of the list', () => {
  const change = (since: string | null, version: string, rows: PlayerOut[] = []) => ({ since, version, rows });

  it('merges a change onto a list held at its start or after it, keeps a list as new or newer, and asks again across a gap', () => {
    expect(followChange('g1.5', change('g1.5', 'g1.9'))).toBe('merge');
    // Held between the change's ends (asked meanwhile): its rows are every row changed since then too.
    expect(followChange('g1.7', change('g1.5', 'g1.9'))).toBe('merge');
    expect(followChange('g1.9', change('g1.5', 'g1.9'))).toBe('keep');
    // Newer than the change: its rows would take the list back.
    expect(followChange('g1.12', change('g1.5', 'g1.9'))).toBe('keep');
    // Older than the change's start: the changes in between are not in it.
    expect(followChange('g1.4', change('g1.5', 'g1.9'))).toBe('fetch');
  });

  it('asks again for the list when players came or went, or across generations (a league opened again, a restart)', () => {
    expect(followChange('g1.5', change(null, 'g1.9'))).toBe('fetch');
    expect(followChange('g1.5', change('g2.1', 'g2.3'))).toBe('fetch');
    expect(followChange('g1.50', change('g2.1', 'g2.3'))).toBe('fetch');
    expect(followChange(undefined, change('g1.1', 'g1.2'))).toBe('fetch');
    expect(followChange('not a version', change('g1.1', 'g1.2'))).toBe('fetch');
  });

  it('tells a list the ticker brought past an answer still on its way from the answer', () => {
    expect(isLaterList('g1.9', 'g1.7')).toBe(true);
    expect(isLaterList('g1.7', 'g1.7')).toBe(false);
    expect(isLaterList('g1.6', 'g1.7')).toBe(false);
    expect(isLaterList('g2.9', 'g1.7')).toBe(false);
    expect(isLaterList(undefined, 'g1.7')).toBe(false);
  });

  it('puts the changed rows in their places, each keeping the holder’s own shares', () => {
    const held = [row(1), { ...row(2), owned: 5 }, row(3)];
    const next = mergeChange(held, change('g1.1', 'g1.2', [row(2, 80), row(3, 70)]));
    expect(next).toEqual([row(1), { ...row(2, 80), owned: 5 }, row(3, 70)]);
    expect(next[0]).toBe(held[0]);
  });
});
