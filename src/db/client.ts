import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface OpenDbOptions {
  /** A file path, or ':memory:' for tests. */
  file: string;
  migrationsFolder: string;
}

/** Opens SQLite with the ledger's pragmas and applies the committed migrations. */
export function openDb({ file, migrationsFolder }: OpenDbOptions): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = withPragmas(new Database(file));
  migrate(db, { migrationsFolder });
  return db;
}

/**
 * A database in memory, made from another one's `serialize()` image, with the same pragmas: tests
 * migrate (and seed) one database, then start each case from a copy of it.
 */
export function openMemoryCopy(image: Buffer): Db {
  return withPragmas(new Database(image));
}

function withPragmas(sqlite: Database.Database): Db {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Each command of a group commit runs in its own savepoint, and SQLite journals every page a
  // savepoint changes so it can roll it back: in memory, not in a temporary file. Crash recovery
  // does not use these journals (the WAL does), so nothing durable changes.
  sqlite.pragma('temp_store = MEMORY');
  // A checkpoint (the log copied into the database file, two fsyncs) runs in the committing thread
  // when the log reaches this many pages. The order path rewrites the same hot pages in every group
  // commit and a checkpoint copies each page once, so a longer log costs far less: at SQLite's 1,000
  // pages the exchange stopped for a checkpoint every ~30 commits (three quarters of its commit time).
  // At most ~40 MB of log between checkpoints.
  sqlite.pragma('wal_autocheckpoint = 10000');
  return drizzle(sqlite, { schema });
}

export function isDbOpen(db: Db): boolean {
  try {
    return db.$client.open && db.$client.prepare('SELECT 1 AS ok').get() !== undefined;
  } catch {
    return false;
  }
}
