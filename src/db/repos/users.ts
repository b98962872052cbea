import type { Statement } from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { keptLookup } from '../kept-rows.js';
import { users } from '../schema.js';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepo(db: Db) {
  // Every signed-in call looks its user up: kept in memory while nothing is written (db/kept-rows.ts).
  let statement: Statement<[number], Omit<UserRow, 'isAdmin'> & { isAdmin: number }> | undefined;
  const byId = keptLookup(db.$client, (id: number): UserRow | undefined => {
    statement ??= db.$client.prepare(
      `SELECT id, username, email_hash AS emailHash, password_hash AS passwordHash, is_admin AS isAdmin, avatar,
        balance_cents AS balanceCents, created_at AS createdAt, left_at AS leftAt FROM users WHERE id = ?`,
    );
    const row = statement.get(id);
    return row && { ...row, isAdmin: row.isAdmin === 1 };
  });
  return {
    /** The user's row (shared: not to be changed). */
    byId(id: number): Readonly<UserRow> | undefined {
      return byId(id);
    },
    byEmailHash(emailHash: string): UserRow | undefined {
      return db.select().from(users).where(eq(users.emailHash, emailHash)).get();
    },
    byUsername(username: string): UserRow | undefined {
      return db
        .select()
        .from(users)
        .where(sql`${users.username} = ${username} COLLATE NOCASE`)
        .get();
    },
    insert(row: Omit<typeof users.$inferInsert, 'id'>): UserRow {
      return db.insert(users).values(row).returning().get();
    },
    setPasswordHash(id: number, passwordHash: string): void {
      db.update(users).set({ passwordHash }).where(eq(users.id, id)).run();
    },
    setAdmin(id: number, isAdmin: boolean): void {
      db.update(users).set({ isAdmin }).where(eq(users.id, id)).run();
    },
    setUsername(id: number, username: string): void {
      db.update(users).set({ username }).where(eq(users.id, id)).run();
    },
    setAvatar(id: number, avatar: string | null): void {
      db.update(users).set({ avatar }).where(eq(users.id, id)).run();
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
