import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** A SQLite file and the journals SQLite may leave beside it. */
export function removeDatabaseFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes a finished file (closed, no journal beside it) durable under its final name: its bytes, the
 * rename, and the folder entry, so a crash leaves either no `to` or a complete one.
 */
export function publishFile(from: string, to: string): void {
  if (existsSync(`${from}-wal`) || existsSync(`${from}-journal`)) throw new Error(`${from} is still open or unfinished`);
  fsyncPath(from);
  renameSync(from, to);
  fsyncPath(dirname(to));
}

/** `text` as an SQL string literal. */
export const sqlString = (text: string): string => `'${text.replace(/'/g, "''")}'`;
