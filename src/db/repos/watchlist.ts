import type { Db } from '../client.js';
import type { InstrumentKind } from '../../shared/instrument.js';

export interface WatchRow {
  kind: InstrumentKind;
  id: number;
}

/** A member's starred players and teams in the league's file, read by the member's key alone. */
export function createWatchlistRepo(db: Db) {
  const c = db.$client;
  const list = c.prepare<[number, number], WatchRow>(
    'SELECT instrument AS kind, instrument_id AS id FROM watchlist WHERE user_id = ? ORDER BY added_at, instrument, instrument_id LIMIT +?',
  );
  const count = c.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM watchlist WHERE user_id = ?');
  const has = c.prepare<[number, string, number], { one: number }>('SELECT 1 AS one FROM watchlist WHERE user_id = ? AND instrument = ? AND instrument_id = ?');
  const add = c.prepare<[number, string, number, number]>(
    'INSERT INTO watchlist (user_id, instrument, instrument_id, added_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const remove = c.prepare<[number, string, number]>('DELETE FROM watchlist WHERE user_id = ? AND instrument = ? AND instrument_id = ?');
  return {
    /** The member's stars, oldest first (at most `limit`). */
    list: (userId: number, limit: number): WatchRow[] => list.all(userId, limit),
    count: (userId: number): number => count.get(userId)!.n,
    has: (userId: number, kind: InstrumentKind, id: number): boolean => has.get(userId, kind, id) !== undefined,
    add(userId: number, kind: InstrumentKind, id: number, at: number): void {
      add.run(userId, kind, id, at);
    },
    remove(userId: number, kind: InstrumentKind, id: number): void {
      remove.run(userId, kind, id);
    },
  };
}
export type WatchlistRepo = ReturnType<typeof createWatchlistRepo>;
