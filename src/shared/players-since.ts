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
