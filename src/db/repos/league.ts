import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { orders, playerHoldings, players, teamHoldings, teams, users } from '../schema.js';

export type TeamRow = typeof teams.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type PlayerHoldingRow = typeof playerHoldings.$inferSelect;
export type TeamHoldingRow = typeof teamHoldings.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** Queries on teams, players, their holdings and open orders, as the league's contracts need them. */
export function createLeagueRepo(db: Db) {
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
      return db.select().from(playerHoldings).where(eq(playerHoldings.playerId, playerId)).all();
    },
    setPlayerHoldingShares(userId: number, playerId: number, shares: number): void {
      db.update(playerHoldings)
        .set({ shares })
        .where(and(eq(playerHoldings.userId, userId), eq(playerHoldings.playerId, playerId)))
        .run();
    },
    deletePlayerHolding(userId: number, playerId: number): void {
      db.delete(playerHoldings)
        .where(and(eq(playerHoldings.userId, userId), eq(playerHoldings.playerId, playerId)))
        .run();
    },
    teamHoldings(teamId: number): TeamHoldingRow[] {
      return db.select().from(teamHoldings).where(eq(teamHoldings.teamId, teamId)).all();
    },
    setTeamHoldingShares(userId: number, teamId: number, shares: number): void {
      db.update(teamHoldings)
        .set({ shares })
        .where(and(eq(teamHoldings.userId, userId), eq(teamHoldings.teamId, teamId)))
        .run();
    },
    deleteTeamHolding(userId: number, teamId: number): void {
      db.delete(teamHoldings)
        .where(and(eq(teamHoldings.userId, userId), eq(teamHoldings.teamId, teamId)))
        .run();
    },
    openOrders(instrument: 'player' | 'team', instrumentId: number): OrderRow[] {
      return db
        .select()
        .from(orders)
        // A literal 'open' (not a bound parameter), so SQLite can use the index of open orders.
        .where(and(eq(orders.instrument, instrument), eq(orders.instrumentId, instrumentId), sql`${orders.status} = 'open'`))
        .all();
    },
    cancelOrder(id: number): void {
      db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id)).run();
    },
    creditUser(userId: number, cents: number): void {
      db.update(users)
        .set({ balanceCents: sql`${users.balanceCents} + ${cents}` })
        .where(eq(users.id, userId))
        .run();
    },
  };
}
export type LeagueRepo = ReturnType<typeof createLeagueRepo>;
