import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import type { playerHoldings, teamHoldings } from '../schema.js';
import { orders, players, teams } from '../schema.js';
import type { InstrumentKind } from '../../shared/instrument.js';

export type TeamRow = typeof teams.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type PlayerHoldingRow = typeof playerHoldings.$inferSelect;
export type TeamHoldingRow = typeof teamHoldings.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** Queries on teams, players, their holdings and open orders, as the league's contracts need them. */
export function createLeagueRepo(db: Db) {
  // A contract change writes every holding of a player and a team: those statements are prepared once.
  const c = db.$client;
  const setShares = {
    player: c.prepare<[number, number, number]>('UPDATE player_holdings SET shares = ? WHERE user_id = ? AND player_id = ?'),
    team: c.prepare<[number, number, number]>('UPDATE team_holdings SET shares = ? WHERE user_id = ? AND team_id = ?'),
  };
  const deleteHolding = {
    player: c.prepare<[number, number]>('DELETE FROM player_holdings WHERE user_id = ? AND player_id = ?'),
    team: c.prepare<[number, number]>('DELETE FROM team_holdings WHERE user_id = ? AND team_id = ?'),
  };
  const cancel = c.prepare<[number]>(`UPDATE orders SET status = 'cancelled' WHERE id = ?`);
  const HOLDING = `user_id AS userId, shares, cost_basis_cents AS costBasisCents, min_sell_price_cents AS minSellPriceCents,
    min_sell_custom AS minSellCustom, min_sell_seq AS minSellSeq`;
  const holdersOfPlayer = c.prepare<[number], Omit<PlayerHoldingRow, 'minSellCustom'> & { minSellCustom: number }>(
    `SELECT ${HOLDING}, player_id AS playerId FROM player_holdings WHERE player_id = ?`,
  );
  const holdersOfTeam = c.prepare<[number], Omit<TeamHoldingRow, 'minSellCustom'> & { minSellCustom: number }>(
    `SELECT ${HOLDING}, team_id AS teamId, locked_until AS lockedUntil FROM team_holdings WHERE team_id = ?`,
  );
  const credit = c.prepare<[number, number]>('UPDATE users SET balance_cents = balance_cents + ? WHERE id = ?');
  return {
    teamCount(): number {
      return db.select({ n: sql<number>`count(*)` }).from(teams).get()?.n ?? 0;
    },
    insertTeam(row: Omit<typeof teams.$inferInsert, 'id'>): TeamRow {
      return db.insert(teams).values(row).returning().get();
    },
    allTeams(): TeamRow[] {
      return db.select().from(teams).orderBy(teams.id).all();
    },
    teamById(id: number): TeamRow | undefined {
      return db.select().from(teams).where(eq(teams.id, id)).get();
    },
    setTeamRemaining(id: number, sharesRemaining: number): void {
      db.update(teams).set({ sharesRemaining }).where(eq(teams.id, id)).run();
    },
    /** A team's total shares: the sum of its active players' salaries. */
    teamPayroll(teamId: number): number {
      return (
        db
          .select({ total: sql<number>`coalesce(sum(${players.salary}), 0)` })
          .from(players)
          .where(and(eq(players.teamId, teamId), isNull(players.retiredAt)))
          .get()?.total ?? 0
      );
    },
    insertPlayer(row: Omit<typeof players.$inferInsert, 'id'>): PlayerRow {
      return db.insert(players).values(row).returning().get();
    },
    playerById(id: number): PlayerRow | undefined {
      return db.select().from(players).where(eq(players.id, id)).get();
    },
    allPlayerNames(): Set<string> {
      return new Set(db.select({ name: players.name }).from(players).all().map((p) => p.name));
    },
    playerByName(name: string): PlayerRow | undefined {
      return db.select().from(players).where(eq(players.name, name)).get();
    },
    updatePlayer(id: number, set: Partial<Pick<PlayerRow, 'salary' | 'sharesRemaining' | 'teamId' | 'retiredAt'>>): void {
      db.update(players).set(set).where(eq(players.id, id)).run();
    },
    playerHoldings(playerId: number): PlayerHoldingRow[] {
      return holdersOfPlayer.all(playerId).map((h) => ({ ...h, minSellCustom: h.minSellCustom === 1 }));
    },
    setPlayerHoldingShares(userId: number, playerId: number, shares: number): void {
      setShares.player.run(shares, userId, playerId);
    },
    deletePlayerHolding(userId: number, playerId: number): void {
      deleteHolding.player.run(userId, playerId);
    },
    teamHoldings(teamId: number): TeamHoldingRow[] {
      return holdersOfTeam.all(teamId).map((h) => ({ ...h, minSellCustom: h.minSellCustom === 1 }));
    },
    setTeamHoldingShares(userId: number, teamId: number, shares: number): void {
      setShares.team.run(shares, userId, teamId);
    },
    deleteTeamHolding(userId: number, teamId: number): void {
      deleteHolding.team.run(userId, teamId);
    },
    openOrders(instrument: InstrumentKind, instrumentId: number): OrderRow[] {
      return db
        .select()
        .from(orders)
        // A literal 'open' (not a bound parameter), so SQLite can use the index of open orders.
        .where(and(eq(orders.instrument, instrument), eq(orders.instrumentId, instrumentId), sql`${orders.status} = 'open'`))
        .all();
    },
    cancelOrder(id: number): void {
      cancel.run(id);
    },
    creditUser(userId: number, cents: number): void {
      credit.run(cents, userId);
    },
  };
}
export type LeagueRepo = ReturnType<typeof createLeagueRepo>;
