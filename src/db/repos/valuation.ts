import type { Db } from '../client.js';

/**
 * What a user's holdings are worth: shares × last trade price, or what was paid for them when the
 * instrument has not traded between users yet (shares × average buy price = the cost basis).
 */
export function createValuationRepo(db: Db) {
  const shareValue = db.$client.prepare<[number, number], { cents: number }>(`
    SELECT
      COALESCE((SELECT SUM(CASE WHEN p.last_trade_price_cents IS NULL THEN h.cost_basis_cents ELSE h.shares * p.last_trade_price_cents END)
        FROM player_holdings h JOIN players p ON p.id = h.player_id WHERE h.user_id = ?), 0)
    + COALESCE((SELECT SUM(CASE WHEN t.last_trade_price_cents IS NULL THEN h.cost_basis_cents ELSE h.shares * t.last_trade_price_cents END)
        FROM team_holdings h JOIN teams t ON t.id = h.team_id WHERE h.user_id = ?), 0) AS cents`);
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
