import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb } from './client.js';

describe('openDb', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('opens the ledger in WAL mode, synced in full, with foreign keys, and keeps savepoint journals in memory', () => {
    dir = mkdtempSync(join(tmpdir(), 'hoops-client-'));
    const db = openDb({ file: join(dir, 'nested', 'hoops.db'), migrationsFolder: migrationsDir });
    const pragma = (name: string) => db.$client.pragma(name, { simple: true });
    try {
      expect(pragma('journal_mode')).toBe('wal');
      expect(pragma('synchronous')).toBe(2); // FULL
      expect(pragma('foreign_keys')).toBe(1);
      expect(pragma('busy_timeout')).toBe(5000);
      expect(pragma('temp_store')).toBe(2); // MEMORY
    } finally {
      db.$client.close();
    }
  });

  it('lets the log grow to 10,000 pages before a checkpoint', () => {
    dir = mkdtempSync(join(tmpdir(), 'hoops-client-'));
    const db = openDb({ file: join(dir, 'hoops.db'), migrationsFolder: migrationsDir });
    try {
      expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    } finally {
      db.$client.close();
    }
  });
});
