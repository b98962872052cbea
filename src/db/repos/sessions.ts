import type { Statement } from 'better-sqlite3';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../client.js';
import { keptLookup } from '../kept-rows.js';
import { passwordResetTokens, sessions } from '../schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export function createSessionsRepo(db: Db) {
  // Every signed-in call looks its session up: kept in memory while nothing is written (db/kept-rows.ts).
  let statement: Statement<[string], SessionRow> | undefined;
  const byId = keptLookup(db.$client, (id: string) => {
    statement ??= db.$client.prepare(
      'SELECT id, user_id AS userId, expires_at AS expiresAt, created_at AS createdAt, current_league_id AS currentLeagueId FROM sessions WHERE id = ?',
    );
    return statement.get(id);
  });
  return {
    insert(row: SessionRow): void {
      db.insert(sessions).values(row).run();
    },
    /** The session's row (shared: not to be changed). */
    byId(id: string): Readonly<SessionRow> | undefined {
      return byId(id);
    },
    extend(id: string, expiresAt: number): void {
      db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
    },
    delete(id: string): void {
      db.delete(sessions).where(eq(sessions.id, id)).run();
    },
    deleteAllForUser(userId: number, exceptId?: string): void {
      const byUser = eq(sessions.userId, userId);
      db.delete(sessions)
        .where(exceptId ? and(byUser, ne(sessions.id, exceptId)) : byUser)
        .run();
    },
    deleteExpired(now: number): void {
      db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export function createResetTokensRepo(db: Db) {
  return {
    insert(row: ResetTokenRow): void {
      db.insert(passwordResetTokens).values(row).run();
    },
    /** Marks an unused token used and returns it, or undefined when unknown, used or expired. */
    consume(id: string, now: number): ResetTokenRow | undefined {
      return db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
        .returning()
        .all()
        .find((row) => row.expiresAt > now);
    },
    deleteForUser(userId: number): void {
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
    },
  };
}
