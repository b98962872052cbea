import { describe, expect, it } from 'vitest';
import { RowChanges } from './row-changes.js';

describe('RowChanges', () => {
  it('lists the rows changed since a version, each once, in the order of their latest change', () => {
    const c = new RowChanges();
    c.one('player', 1, 1);
    c.one('team', 1, 2);
    c.one('player', 2, 3);
    c.one('player', 1, 4);
    expect(c.listSince(0)).toEqual([
      { kind: 'team', id: 1 },
      { kind: 'player', id: 2 },
      { kind: 'player', id: 1 },
    ]);
    expect(c.listSince(2)).toEqual([
      { kind: 'player', id: 2 },
      { kind: 'player', id: 1 },
    ]);
    expect(c.listSince(4)).toEqual([]);
    expect([c.changedSince('player', 2, 2), c.changedSince('player', 2, 3), c.anySince(3), c.anySince(4)]).toEqual([true, false, true, false]);
  });

  it('says it cannot list the rows across a change of every row, and lists those after it', () => {
    const c = new RowChanges();
    c.one('player', 1, 1);
    c.all(2);
    c.one('player', 3, 3);
    expect(c.listSince(1)).toBeNull();
    expect(c.changedSince('player', 9, 1)).toBe(true);
    expect(c.listSince(2)).toEqual([{ kind: 'player', id: 3 }]);
  });

  it('forgets its oldest changes past its limit, and then says so to a caller from before them', () => {
    const c = new RowChanges();
    for (let v = 1; v <= 5_000; v++) c.one('player', v % 700, v);
    expect(c.listSince(100)).toBeNull();
    const recent = c.listSince(4_990)!;
    expect(recent.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => (4_991 + i) % 700));
    // Whatever it still lists agrees with the per-row answer.
    const since = 4_500;
    const listed = new Set(c.listSince(since)!.map((r) => r.id));
    for (let id = 0; id < 700; id++) expect(listed.has(id)).toBe(c.changedSince('player', id, since));
  });
});
