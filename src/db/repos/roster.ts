import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { players, teams } from '../schema.js';
import { createLedgerRepo, type LedgerRepo } from './ledger.js';

export type TeamRow = typeof teams.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;

/**
 * The NBA roster: teams and players, as contracts need them. Their holdings, open orders and cash are
 * the ledger's (`ledger`, by default one of its own; a caller may share its own).
 */
export function createRosterRepo(db: Db, ledger: LedgerRepo = createLedgerRepo(db)) {
  return {
    ledger,
    teamCount(): number {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(teams)
          .get()?.n ?? 0
      );
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
      return new Set(
        db
          .select({ name: players.name })
          .from(players)
          .all()
          .map((p) => p.name),
      );
    },
    playerByName(name: string): PlayerRow | undefined {
      return db.select().from(players).where(eq(players.name, name)).get();
    },
    updatePlayer(id: number, set: Partial<Pick<PlayerRow, 'salary' | 'sharesRemaining' | 'teamId' | 'retiredAt'>>): void {
      db.update(players).set(set).where(eq(players.id, id)).run();
    },
  };
}
export type RosterRepo = ReturnType<typeof createRosterRepo>;
