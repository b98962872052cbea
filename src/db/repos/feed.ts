import type Database from 'better-sqlite3';
import type { Db } from '../client.js';

/** What a feed item is: a member's message, or one of the league's notable moments. */
export type FeedKind = 'message' | 'bigTrade' | 'newLeader' | 'newMember' | 'seasonEnded' | 'weeklyRecap';

export interface FeedRow {
  id: number;
  kind: FeedKind;
  userId: number | null;
  /** The member's name in the league now (null for a moment about no one). */
  username: string | null;
  text: string;
  data: unknown;
  createdAt: number;
}

export interface ReactionCount {
  itemId: number;
  emoji: string;
  count: number;
  /** Whether the reader is one of them. */
  mine: boolean;
}

export interface MuteRow {
  userId: number;
  username: string;
  mutedBy: number;
  mutedAt: number;
  until: number | null;
}

interface RawFeedRow extends Omit<FeedRow, 'data'> {
  data: string | null;
}

const toRow = (r: RawFeedRow): FeedRow => ({ ...r, data: r.data === null ? null : (JSON.parse(r.data) as unknown) });

const COLUMNS = `f.id, f.kind, f.user_id AS userId, u.username, f.text, f.data, f.created_at AS createdAt`;

/** How many unread items the count reads at most (the badge says "99+" past it). */
export const UNREAD_CAP = 100;

/** The feed's items: written, read a page at a time, deleted. */
function items(c: Database.Database) {
  const insert = c.prepare<[string, number | null, string, string | null, number, string | null]>(
    'INSERT INTO feed_items (kind, user_id, text, data, created_at, moment_key) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = c.prepare<[number], RawFeedRow & { deletedAt: number | null }>(
    `SELECT ${COLUMNS}, f.deleted_at AS deletedAt FROM feed_items f LEFT JOIN users u ON u.id = f.user_id WHERE f.id = ?`,
  );
  const byMomentKey = c.prepare<[string], { id: number }>('SELECT id FROM feed_items WHERE moment_key = ?');
  const newest = c.prepare<[number], RawFeedRow>(
    `SELECT ${COLUMNS} FROM feed_items f LEFT JOIN users u ON u.id = f.user_id WHERE f.deleted_at IS NULL ORDER BY f.id DESC LIMIT +?`,
  );
  const before = c.prepare<[number, number], RawFeedRow>(
    `SELECT ${COLUMNS} FROM feed_items f LEFT JOIN users u ON u.id = f.user_id WHERE f.id < ? AND f.deleted_at IS NULL ORDER BY f.id DESC LIMIT +?`,
  );
  const remove = c.prepare<[number, number, number]>('UPDATE feed_items SET deleted_at = ?, deleted_by = ? WHERE id = ? AND deleted_at IS NULL');
  const lastId = c.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM feed_items');
  return {
    /** Writes an item; a moment with a key is written once (a second write of the key writes nothing and answers the first item's id). */
    add(item: { kind: FeedKind; userId: number | null; text: string; data?: unknown; at: number; key?: string | null }): { id: number; fresh: boolean } {
      const key = item.kind === 'message' ? null : (item.key ?? null);
      if (key !== null) {
        const known = byMomentKey.get(key);
        if (known) return { id: known.id, fresh: false };
      }
      const info = insert.run(item.kind, item.userId, item.text, item.data === undefined ? null : JSON.stringify(item.data), item.at, key);
      return { id: Number(info.lastInsertRowid), fresh: true };
    },
    /** An item with its author's name, deleted or not; undefined when there is none. */
    get(id: number): (FeedRow & { deletedAt: number | null }) | undefined {
      const row = byId.get(id);
      return row && { ...toRow(row), deletedAt: row.deletedAt };
    },
    /** Up to `limit` items, newest first, older than the item `beforeId` (from the newest without it). */
    page(beforeId: number | null, limit: number): FeedRow[] {
      return (beforeId === null ? newest.all(limit) : before.all(beforeId, limit)).map(toRow);
    },
    /** Marks an item deleted; false when it already was. */
    remove(id: number, by: number, at: number): boolean {
      return remove.run(at, by, id).changes > 0;
    },
    lastId: (): number => lastId.get()?.id ?? 0,
  };
}

/** Members' reactions to items. */
function reactions(c: Database.Database) {
  const react = c.prepare<[number, number, string, number]>('INSERT OR IGNORE INTO feed_reactions (item_id, user_id, emoji, created_at) VALUES (?, ?, ?, ?)');
  const unreact = c.prepare<[number, number, string]>('DELETE FROM feed_reactions WHERE item_id = ? AND user_id = ? AND emoji = ?');
  const reactionCount = c.prepare<[number, string], { n: number }>('SELECT COUNT(*) AS n FROM feed_reactions WHERE item_id = ? AND emoji = ?');
  return {
    /** Each item's reactions, with whether the reader is among them. */
    reactionsOf(ids: readonly number[], readerId: number | null): ReactionCount[] {
      if (ids.length === 0) return [];
      const marks = ids.map(() => '?').join(',');
      return c
        .prepare<unknown[], { itemId: number; emoji: string; count: number; mine: number }>(
          `SELECT item_id AS itemId, emoji, COUNT(*) AS count, MAX(user_id = ?) AS mine FROM feed_reactions
           WHERE item_id IN (${marks}) GROUP BY item_id, emoji ORDER BY item_id, MIN(created_at), emoji`,
        )
        .all(readerId ?? -1, ...ids)
        .map((r) => ({ ...r, mine: r.mine === 1 }));
    },
    /** Adds or takes back the member's reaction; answers how many have that reaction on the item now. */
    setReaction(itemId: number, userId: number, emoji: string, on: boolean, at: number): number {
      if (on) react.run(itemId, userId, emoji, at);
      else unreact.run(itemId, userId, emoji);
      return reactionCount.get(itemId, emoji)!.n;
    },
  };
}

/** Members the commissioner muted. */
function muting(c: Database.Database) {
  const mute = c.prepare<[number, number, number, number | null]>(
    `INSERT INTO chat_mutes (user_id, muted_by, muted_at, until) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET muted_by = excluded.muted_by, muted_at = excluded.muted_at, until = excluded.until`,
  );
  const unmute = c.prepare<[number]>('DELETE FROM chat_mutes WHERE user_id = ?');
  const muteOf = c.prepare<[number], MuteRow>(
    'SELECT m.user_id AS userId, u.username, m.muted_by AS mutedBy, m.muted_at AS mutedAt, m.until FROM chat_mutes m JOIN users u ON u.id = m.user_id WHERE m.user_id = ?',
  );
  const mutes = c.prepare<[number], MuteRow>(
    `SELECT m.user_id AS userId, u.username, m.muted_by AS mutedBy, m.muted_at AS mutedAt, m.until
     FROM chat_mutes m JOIN users u ON u.id = m.user_id WHERE m.until IS NULL OR m.until > ? ORDER BY m.muted_at DESC LIMIT 200`,
  );
  return {
    mute(userId: number, by: number, at: number, until: number | null): void {
      mute.run(userId, by, at, until);
    },
    unmute(userId: number): boolean {
      return unmute.run(userId).changes > 0;
    },
    muteOf: (userId: number): MuteRow | undefined => muteOf.get(userId),
    /** Mutes in force at `now`, newest first. */
    mutes: (now: number): MuteRow[] => mutes.all(now),
  };
}

/** Each member's read mark, and what they have not read. */
function readMarks(c: Database.Database) {
  const readMark = c.prepare<[number], { lastReadId: number }>('SELECT last_read_id AS lastReadId FROM chat_reads WHERE user_id = ?');
  const setRead = c.prepare<[number, number, number]>(
    `INSERT INTO chat_reads (user_id, last_read_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET last_read_id = MAX(last_read_id, excluded.last_read_id), updated_at = excluded.updated_at`,
  );
  const unreadAfter = c.prepare<[number, number, number], { n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM feed_items WHERE id > ? AND deleted_at IS NULL AND (user_id IS NULL OR user_id != ? OR kind != 'message') LIMIT +?)`,
  );
  const unreadSince = c.prepare<[number, number, number], { n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT created_at, user_id, kind FROM feed_items WHERE deleted_at IS NULL ORDER BY id DESC LIMIT +?)
     WHERE created_at > ? AND (user_id IS NULL OR user_id != ? OR kind != 'message')`,
  );
  const joinedAt = c.prepare<[number], { at: number }>('SELECT created_at AS at FROM users WHERE id = ?');
  return {
    /**
     * How many items the member has not read (their own messages aside), counted up to UNREAD_CAP:
     * after their read mark, or else among the newest items, those since they joined.
     */
    unread(userId: number): number {
      const mark = readMark.get(userId);
      if (mark) return unreadAfter.get(mark.lastReadId, userId, UNREAD_CAP)!.n;
      const since = joinedAt.get(userId)?.at ?? 0;
      return unreadSince.get(UNREAD_CAP, since, userId)!.n;
    },
    /** The member has read up to `itemId` (a mark never goes back). */
    markRead(userId: number, itemId: number, at: number): void {
      setRead.run(userId, itemId, at);
    },
  };
}

/**
 * A league file's chat and feed (docs/chat.md): the only code that reads and writes its tables.
 * Every read is a page by id (ids only grow, so newest first is id descending) and costs what the
 * page holds, whatever the history holds.
 */
export function createFeedRepo(db: Db) {
  const c = db.$client;
  return { ...items(c), ...reactions(c), ...muting(c), ...readMarks(c) };
}
export type FeedRepo = ReturnType<typeof createFeedRepo>;
