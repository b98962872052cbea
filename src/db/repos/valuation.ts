import type { Db } from '../client.js';
import { holdingValueSql, instrumentPriceJoinsSql } from './read-sql.js';

/** A user's share value and escrowed cash in cents, by docs/rules.md §5 Prices and values (one rule, in read-sql.ts). */
export function createValuationRepo(db: Db) {
  const shareValue = db.$client.prepare<[number], { cents: number }>(
    `SELECT COALESCE(SUM(${holdingValueSql('h')}), 0) AS cents FROM holdings h ${instrumentPriceJoinsSql('h')} WHERE h.user_id = ?`,
  );
  const escrow = db.$client.prepare<[number], { cents: number }>(
    `SELECT COALESCE(SUM(price_cents * shares_remaining), 0) AS cents FROM orders WHERE user_id = ? AND side = 'ask' AND status = 'open'`,
  );
  return {
    shareValueCents(userId: number): number {
      return shareValue.get(userId)?.cents ?? 0;
    },
    escrowCents(userId: number): number {
      return escrow.get(userId)?.cents ?? 0;
    },
  };
}
export type ValuationRepo = ReturnType<typeof createValuationRepo>;
