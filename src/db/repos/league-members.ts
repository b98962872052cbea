import type { Db } from '../client.js';

export interface MemberAccount {
  id: number;
  username: string;
  avatar: string | null;
}

/**
 * A league file's side of its members (docs/leagues.md §2): each member has a `users` row there
 * holding their cash in the league, with the account's name and avatar copied for the league's
 * screens and nothing secret (no email, no password). A removed member's row stays (their
 * holdings, orders and trades name it), marked `left_at`.
 */
export function createLeagueMembersRepo(db: Db) {
  const c = db.$client;
  const balance = c.prepare<[number], { b: number }>('SELECT balance_cents AS b FROM users WHERE id = ?');
  // A name is unique in a league's file too: a removed member's row that still has it (they were renamed since) lets it go.
  const releaseName = c.prepare<[string, number]>("UPDATE users SET username = username || ' #' || id WHERE username = ? COLLATE NOCASE AND id != ?");
  return {
    /** Adds the member with `startingCashCents`; a returning member keeps the row, and the cash, they had. */
    join(account: MemberAccount, startingCashCents: number, at: number): void {
      releaseName.run(account.username, account.id);
      c.prepare(
        `INSERT INTO users (id, username, email_hash, password_hash, is_admin, avatar, balance_cents, created_at, left_at)
         VALUES (@id, @username, 'member:' || CAST(@id AS INTEGER), '', 0, @avatar, @cash, @at, NULL)
         ON CONFLICT (id) DO UPDATE SET left_at = NULL, username = excluded.username, avatar = excluded.avatar`,
      ).run({ ...account, cash: startingCashCents, at });
    },
    leave(userId: number, at: number): void {
      c.prepare('UPDATE users SET left_at = ? WHERE id = ?').run(at, userId);
    },
    /** The account's name or avatar changed: the league's copy follows. */
    rename(account: MemberAccount): void {
      releaseName.run(account.username, account.id);
      c.prepare('UPDATE users SET username = ?, avatar = ? WHERE id = ?').run(account.username, account.avatar, account.id);
    },
    /** The member's cash in this league; undefined for someone who never joined. */
    balanceOf(userId: number): number | undefined {
      return balance.get(userId)?.b;
    },
    /** The name and avatar each member has in this league's file. */
    accounts(): MemberAccount[] {
      return c.prepare<[], MemberAccount>('SELECT id, username, avatar FROM users WHERE left_at IS NULL').all();
    },
    /** Ids of the rows that are members now (not removed). */
    currentIds(): number[] {
      return c
        .prepare<[], { id: number }>('SELECT id FROM users WHERE left_at IS NULL')
        .all()
        .map((r) => r.id);
    },
    /** Removed members who still have open orders (none should: a crash mid-removal, or an older version). */
    removedWithOpenOrders(): number[] {
      return c
        .prepare<[], { id: number }>(
          "SELECT DISTINCT o.user_id AS id FROM orders o JOIN users u ON u.id = o.user_id WHERE o.status = 'open' AND u.left_at IS NOT NULL",
        )
        .all()
        .map((r) => r.id);
    },
    has(userId: number): boolean {
      return c.prepare<[number], { one: number }>('SELECT 1 AS one FROM users WHERE id = ? AND left_at IS NULL').get(userId) !== undefined;
    },
  };
}
export type LeagueMembersRepo = ReturnType<typeof createLeagueMembersRepo>;
