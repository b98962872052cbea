import type { Db } from '../client.js';

/** A command's first answer as kept under its idempotency key. */
export interface StoredKey {
  command: string;
  fingerprint: string;
  /** The answer as JSON text, exactly as it was first given. */
  answer: string;
  createdAt: number;
}

export interface NewKey extends StoredKey {
  userId: number;
  key: string;
}

/** How often recording a key also deletes the expired ones. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * The idempotency keys of one database file (docs/architecture.md §3): the accounts database's, or a
 * league's. `record` is called inside the transaction that makes the command's effect.
 */
export function createIdempotencyKeysRepo(db: Db) {
  const c = db.$client;
  const find = c.prepare<[number, string, number], StoredKey>(
    'SELECT command, fingerprint, answer, created_at AS createdAt FROM idempotency_keys WHERE user_id = ? AND key = ? AND created_at >= ?',
  );
  const insert = c.prepare<[number, string, string, string, string, number, number]>(
    // A key expired but not yet pruned makes way for its reuse.
    `INSERT INTO idempotency_keys (user_id, key, command, fingerprint, answer, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, key) DO UPDATE SET command = excluded.command, fingerprint = excluded.fingerprint,
       answer = excluded.answer, created_at = excluded.created_at WHERE idempotency_keys.created_at < ?`,
  );
  const prune = c.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  let prunedAt = -Infinity;
  return {
    /** The key's first answer, unless it is older than `since`. */
    find: (userId: number, key: string, since: number): StoredKey | undefined => find.get(userId, key, since),
    /**
     * Keeps the answer (inside the caller's transaction). A live key recorded twice is a bug: the
     * constraint throws and the transaction rolls back. Expired keys older than `since` go now and then.
     */
    record(row: NewKey, since: number): void {
      const info = insert.run(row.userId, row.key, row.command, row.fingerprint, row.answer, row.createdAt, since);
      if (info.changes === 0) throw new Error(`Idempotency key ${row.key} of user ${row.userId} is already recorded`);
      if (row.createdAt - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = row.createdAt;
        prune.run(since);
      }
    },
    /** Deletes the keys older than `since`; returns how many. */
    prune: (since: number): number => prune.run(since).changes,
  };
}
export type IdempotencyKeysRepo = ReturnType<typeof createIdempotencyKeysRepo>;
