import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from '../client.js';
import type { InstrumentKind } from './ledger.js';

/** What a contract change would touch of one instrument in one league's file. */
export interface Exposure {
  /** Holdings of the instrument. */
  holdings: number;
  /** Shares those holdings add up to. */
  shares: number;
  /** Open asks and offers on the instrument (a contract change cancels them). */
  openOrders: number;
}

/**
 * Reads about contract changes in a league's file: when its last draft ran, and what a change of
 * one instrument would touch. Each goes through an index (the players table is the roster, a few
 * hundred rows). Only reads.
 */
export function createContractReads(source: Db | Database.Database) {
  const c = 'prepare' in source ? source : source.$client;
  // Only a draft gives a player a rookie restriction; its rookies are created at the draft's time.
  const lastDraft = c.prepare<[], { at: number | null }>('SELECT MAX(created_at) AS at FROM players WHERE restricted_until IS NOT NULL');
  const holdings = c.prepare<[InstrumentKind, number], { n: number; shares: number | null }>(
    'SELECT COUNT(*) AS n, SUM(shares) AS shares FROM holdings WHERE instrument = ? AND instrument_id = ?',
  );
  // A literal 'open', so SQLite uses the partial index of open orders.
  const orders = c.prepare<[InstrumentKind, number], { n: number }>(
    "SELECT COUNT(*) AS n FROM orders WHERE instrument = ? AND instrument_id = ? AND status = 'open'",
  );
  return {
    /** When the league's last draft ran (epoch ms), or null when it never held one. */
    lastDraftAt(): number | null {
      return lastDraft.get()?.at ?? null;
    },
    /** The holdings and open orders of one instrument. */
    exposure(kind: InstrumentKind, id: number): Exposure {
      const h = holdings.get(kind, id)!;
      return { holdings: h.n, shares: h.shares ?? 0, openOrders: orders.get(kind, id)!.n };
    },
  };
}
export type ContractReads = ReturnType<typeof createContractReads>;

/**
 * Runs `read` on a league's file that no writer has open (a closed league), opened read-only for
 * the call; null when there is no such file. Reads only tables every league file has had.
 */
export function readClosedLeague<T>(file: string, read: (reads: ContractReads) => T): T | null {
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(createContractReads(db));
  } finally {
    db.close();
  }
}
