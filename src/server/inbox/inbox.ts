import type { Db } from '../../db/client.js';
import { createInboxRepo, type InboxRow } from '../../db/repos/inbox.js';
import { INBOX_KEEP_MS, INBOX_PAGE_DEFAULT } from '../../shared/inbox.js';
import type { InboxEntryOut, InboxPageOut } from '../../shared/schemas/inbox.js';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../shared/schemas/pages.js';
import { AppError } from '../errors.js';
import { wordsOf } from './words.js';

/** Keeps an answer under the call's idempotency key, inside the write's transaction. */
type Keep<T> = ((value: T) => void) | undefined;

/**
 * A league's inboxes as the routers read and mark them (docs/inbox.md). Every read walks one
 * member's index: a page costs its size, the unread count is one row.
 */
export function createInboxService(db: Db, now: () => number) {
  const repo = createInboxRepo(db);
  const entryOut = (row: InboxRow, userId: number): InboxEntryOut => ({
    id: row.id,
    kind: row.kind,
    ...wordsOf(row, userId),
    created_at: new Date(row.createdAt).toISOString(),
    read: row.readAt !== null,
  });
  const unread = (userId: number) => ({ unread: repo.unread(userId) });
  const write = <T>(change: () => T, keep: Keep<T>): T =>
    db.$client.transaction(() => {
      const value = change();
      keep?.(value);
      return value;
    })();

  return {
    /** A page of the member's entries of the last 30 days, newest first. */
    page(userId: number, request: { cursor?: string | null | undefined; limit?: number | undefined }): InboxPageOut {
      const limit = request.limit ?? INBOX_PAGE_DEFAULT;
      let before = Number.MAX_SAFE_INTEGER;
      if (request.cursor) {
        const key = decodeCursor(request.cursor, 1);
        if (!key) throw new AppError('BAD_REQUEST', INVALID_CURSOR);
        before = key[0]!;
      }
      const rows = repo.page(userId, before, now() - INBOX_KEEP_MS, limit + 1);
      const items = rows.slice(0, limit).map((r) => entryOut(r, userId));
      return { items, nextCursor: rows.length > limit ? encodeCursor([items[items.length - 1]!.id]) : null, unread: repo.unread(userId) };
    },

    /** The member's newest unread entries: what happened since they last read their inbox. */
    unreadEntries(userId: number, limit: number): InboxEntryOut[] {
      if (repo.unread(userId) === 0) return [];
      return repo.unreadPage(userId, now() - INBOX_KEEP_MS, limit).map((r) => entryOut(r, userId));
    },

    unread,

    /** Marks one of the member's entries read (again: nothing changes). */
    markRead(userId: number, entryId: number, keep?: Keep<{ unread: number }>): { unread: number } {
      return write(() => {
        repo.markRead(userId, entryId, now());
        return unread(userId);
      }, keep);
    },

    /** Marks all of the member's entries read. */
    markAllRead(userId: number, keep?: Keep<{ unread: number }>): { unread: number } {
      return write(() => {
        repo.markAllRead(userId, now());
        return unread(userId);
      }, keep);
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
