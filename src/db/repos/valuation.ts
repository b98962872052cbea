import type { Db } from '../client.js';
import type { InstrumentKind } from '../../shared/instrument.js';

/** The mark of an instrument in cents (docs/rules.md §5 Prices and values), as the caller knows it. */
export type MarkOf = (kind: InstrumentKind, id: number) => number;

/** A user's share value and escrowed cash in cents, by docs/rules.md §5 Prices and values: shares × mark. */
export function createValuationRepo(db: Db) {
  const holdings = db.$client.prepare<[number], { kind: InstrumentKind; id: number; shares: number }>(
    'SELECT instrument AS kind, instrument_id AS id, shares FROM holdings WHERE user_id = ?',
  );
  const escrow = db.$client.prepare<[number], { cents: number }>(
    `SELECT COALESCE(SUM(price_cents * shares_remaining), 0) AS cents FROM orders WHERE user_id = ? AND side = 'ask' AND status = 'open'`,
  );
  return {
    shareValueCents(userId: number, markOf: MarkOf): number {
      return holdings.all(userId).reduce((sum, h) => sum + h.shares * markOf(h.kind, h.id), 0);
    },
    escrowCents(userId: number): number {
      return escrow.get(userId)?.cents ?? 0;
    },
  };
}
export type ValuationRepo = ReturnType<typeof createValuationRepo>;
