import type { Db } from '../client.js';
import { holdingValueSql } from './read-sql.js';

/** A user's share value and escrowed cash in cents, by RULES.md "Prices and values" (one rule, in read-sql.ts). */
export function createValuationRepo(db: Db) {
  const shareValue = db.$client.prepare<[number, number], { cents: number }>(`
    SELECT
      COALESCE((SELECT SUM(${holdingValueSql('h', 'p')}) FROM player_holdings h JOIN players p ON p.id = h.player_id WHERE h.user_id = ?), 0)
    + COALESCE((SELECT SUM(${holdingValueSql('h', 't')}) FROM team_holdings h JOIN teams t ON t.id = h.team_id WHERE h.user_id = ?), 0) AS cents`);
  const escrow = db.$client.prepare<[number], { cents: number }>(
    `SELECT COALESCE(SUM(price_cents * shares_remaining), 0) AS cents FROM orders WHERE user_id = ? AND side = 'ask' AND status = 'open'`,
  );
  return {
    shareValueCents(userId: number): number {
      return shareValue.get(userId, userId)?.cents ?? 0;
    },
    escrowCents(userId: number): number {
      return escrow.get(userId)?.cents ?? 0;
    },
  };
}
export type ValuationRepo = ReturnType<typeof createValuationRepo>;
