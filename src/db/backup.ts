import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * A consistent copy of a live database, taken with SQLite's online backup API: it runs in steps
 * while the game keeps writing, and the copy is one committed state.
 */
export async function backupDatabase(source: Database.Database | string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const db = typeof source === 'string' ? new Database(source, { readonly: true, fileMustExist: true }) : source;
  try {
    await db.backup(target);
  } finally {
    if (typeof source === 'string') db.close();
  }
}

const BACKUP_NAME = /^hoops-\d{8}-\d{6}\.db$/;

export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `hoops-${stamp}.db`;
}

/** Removes the oldest scheduled backups beyond `keep`; returns what it removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => BACKUP_NAME.test(n))
      .sort();
  } catch {
    return [];
  }
  const doomed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of doomed) rmSync(join(dir, name), { force: true });
  return doomed;
}
