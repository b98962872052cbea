import type { PlayersChange } from './live.js';
import type { PlayerOut, PlayersSinceResult } from './schemas/market.js';

/**
 * The players list a client holds, brought up to date by an answer of `market.playersSince`: the
 * whole list when the answer is whole, else the held list with the changed rows put in their places;
 * then every row's `owned` set from the caller's shares. Rows that did not change stay the same
 * objects, so what shows them need not draw them again.
 */
export function mergePlayers(held: readonly PlayerOut[] | undefined, answer: PlayersSinceResult): PlayerOut[] {
  let rows: readonly PlayerOut[];
  if (answer.full) rows = answer.rows;
  else if (!held) throw new Error('The players list changed, but the list it changed is not here');
  else {
    const changed = new Map(answer.rows.map((r) => [r.id, r]));
    rows = held.map((r) => changed.get(r.id) ?? r);
  }
  const owned = new Map(answer.owned);
  return rows.map((r) => {
    const shares = owned.get(r.id) ?? 0;
    return r.owned === shares ? r : { ...r, owned: shares };
  });
}

/** A version of the players list: the list's generation (a league's market in one server process) and its number in it. */
function versionOf(version: string | null | undefined): { generation: string; n: number } | null {
  const [, generation, n] = /^([0-9a-z]+)\.([1-9][0-9]{0,9})$/.exec(version ?? '') ?? [];
  return generation === undefined ? null : { generation, n: Number(n) };
}

/**
 * What a client holding the players list at version `held` does with a change the ticker brought:
 * `merge` its rows (every row changed from `since` to `version`, and `held` is one of those), `keep`
 * what it holds (as new as the change, or newer: the change's rows would be older than its own), or
 * `fetch` the list (it holds none, or a version the change cannot bring up to date).
 */
export function followChange(held: string | undefined, change: PlayersChange): 'merge' | 'keep' | 'fetch' {
  const h = versionOf(held);
  const to = versionOf(change.version);
  if (!h || !to) return 'fetch';
  if (h.generation === to.generation && h.n >= to.n) return 'keep';
  const from = versionOf(change.since);
  return from && from.generation === h.generation && from.generation === to.generation && from.n <= h.n ? 'merge' : 'fetch';
}

/** True when `version` is a later list than `than` of the same generation (a list a client was brought to while it asked for an older one). */
export function isLaterList(version: string | undefined, than: string): boolean {
  const a = versionOf(version);
  const b = versionOf(than);
  return a !== null && b !== null && a.generation === b.generation && a.n > b.n;
}

/** The held list with a change's rows put in their places; each row keeps the holder's `owned` (the change's are everyone's, 0). */
export function mergeChange(held: readonly PlayerOut[], change: PlayersChange): PlayerOut[] {
  const changed = new Map(change.rows.map((r) => [r.id, r]));
  return held.map((r) => {
    const fresh = changed.get(r.id);
    if (!fresh) return r;
    return fresh.owned === r.owned ? fresh : { ...fresh, owned: r.owned };
  });
}
