import type { Db } from '../client.js';
import type { InboxKind } from '../../shared/inbox.js';

export interface InboxRow {
  id: number;
  kind: InboxKind;
  data: unknown;
  createdAt: number;
  readAt: number | null;
}

/**
 * A league's inboxes (docs/inbox.md): entries per member, newest first by id along the member's
 * index, and each member's unread count kept beside them (`inbox_unread`), moved by every write
 * here, never counted per request. Call the writes inside the transaction of what caused them.
 */
export function createInboxRepo(db: Db) {
  const c = db.$client;
  const insert = c.prepare<[number, string, string, number]>('INSERT INTO inbox_entries (user_id, kind, data, created_at) VALUES (?, ?, ?, ?)');
  const bumpBy = c.prepare<[{ userId: number; n: number }]>(
    'INSERT INTO inbox_unread (user_id, unread) VALUES (@userId, @n) ON CONFLICT (user_id) DO UPDATE SET unread = unread + @n',
  );
  const lower = c.prepare<[number, number]>('UPDATE inbox_unread SET unread = unread - ? WHERE user_id = ?');
  // The count's row is made by the first entry; a decrease only updates it (its CHECK would refuse a negative new row).
  const bump = (userId: number, n: number) => (n >= 0 ? bumpBy.run({ userId, n }) : lower.run(-n, userId));
  const page = c.prepare<[number, number, number, number], Omit<InboxRow, 'data'> & { data: string }>(
    `SELECT id, kind, data, created_at AS createdAt, read_at AS readAt FROM inbox_entries
     WHERE user_id = ? AND id < ? AND created_at >= ? ORDER BY id DESC LIMIT +?`,
  );
  const unreadOf = c.prepare<[number], { unread: number }>('SELECT unread FROM inbox_unread WHERE user_id = ?');
  const readOne = c.prepare<[number, number, number]>('UPDATE inbox_entries SET read_at = ? WHERE id = ? AND user_id = ? AND read_at IS NULL');
  const readAll = c.prepare<[number, number]>('UPDATE inbox_entries INDEXED BY inbox_entries_unread SET read_at = ? WHERE user_id = ? AND read_at IS NULL');
  const setUnread = c.prepare<[number, number]>('UPDATE inbox_unread SET unread = ? WHERE user_id = ?');
  // The oldest first, along the time index: a prune takes a bounded number at a time.
  const oldest = c.prepare<[number, number], { id: number; userId: number; unread: number }>(
    'SELECT id, user_id AS userId, read_at IS NULL AS unread FROM inbox_entries INDEXED BY inbox_entries_time WHERE created_at < ? ORDER BY created_at LIMIT +?',
  );
  const remove = c.prepare<[number]>('DELETE FROM inbox_entries WHERE id = ?');
  // Unread entries are few (a member reads them, or they go after 30 days): walked newest first along the member's index.
  const unreadPage = c.prepare<[number, number, number], Omit<InboxRow, 'data'> & { data: string }>(
    `SELECT id, kind, data, created_at AS createdAt, read_at AS readAt FROM inbox_entries INDEXED BY inbox_entries_unread WHERE user_id = ? AND read_at IS NULL AND created_at >= ? ORDER BY id DESC LIMIT +?`,
  );
  const parse = (r: Omit<InboxRow, 'data'> & { data: string }): InboxRow => ({ ...r, data: JSON.parse(r.data) as unknown });

  return {
    /** Writes entries, each one unread; answers their ids in order. */
    add(entries: readonly { userId: number; kind: InboxKind; data: unknown }[], at: number): number[] {
      const ids: number[] = [];
      const perUser = new Map<number, number>();
      for (const e of entries) {
        ids.push(Number(insert.run(e.userId, e.kind, JSON.stringify(e.data), at).lastInsertRowid));
        perUser.set(e.userId, (perUser.get(e.userId) ?? 0) + 1);
      }
      for (const [userId, n] of perUser) bump(userId, n);
      return ids;
    },
    /** A page of a member's entries newer than `keptSince`, newest first, below id `before`. */
    page(userId: number, before: number, keptSince: number, limit: number): InboxRow[] {
      return page.all(userId, before, keptSince, limit).map(parse);
    },
    /** A member's newest unread entries: what happened since they last looked. */
    unreadPage(userId: number, keptSince: number, limit: number): InboxRow[] {
      return unreadPage.all(userId, keptSince, limit).map(parse);
    },
    /** The member's unread count. */
    unread(userId: number): number {
      return unreadOf.get(userId)?.unread ?? 0;
    },
    /** Marks one entry read; false when it was read already, or is not the member's. */
    markRead(userId: number, id: number, at: number): boolean {
      if (readOne.run(at, id, userId).changes === 0) return false;
      bump(userId, -1);
      return true;
    },
    /** Marks every entry of the member read (their unread entries: at most 30 days of them). */
    markAllRead(userId: number, at: number): void {
      readAll.run(at, userId);
      setUnread.run(0, userId);
    },
    /**
     * Deletes the oldest entries written before `before`, at most `limit` of them, taking the unread
     * ones off their members' counts; answers how many went (`limit`: there may be more).
     */
    prune(before: number, limit: number): number {
      const rows = oldest.all(before, limit);
      const unread = new Map<number, number>();
      for (const r of rows) {
        remove.run(r.id);
        if (r.unread) unread.set(r.userId, (unread.get(r.userId) ?? 0) + 1);
      }
      for (const [userId, n] of unread) bump(userId, -n);
      return rows.length;
    },
  };
}
export type InboxRepo = ReturnType<typeof createInboxRepo>;
