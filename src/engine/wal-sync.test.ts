import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalSync } from './wal-sync.js';

let dir: string;
let sqlite: Database.Database;
let sync: WalSync;
let failures: Error[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hoops-wal-'));
  sqlite = new Database(join(dir, 'test.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  failures = [];
  sync = new WalSync(sqlite, (e) => failures.push(e));
});
afterEach(() => {
  sync.close();
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (v: string) => () => sqlite.transaction(() => sqlite.prepare('INSERT INTO t (v) VALUES (?)').run(v))();
const count = () => (sqlite.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;

describe('WalSync', () => {
  it('commits at once and releases each batch later, in commit order, once the log is synced', async () => {
    const released: string[] = [];
    for (const v of ['a', 'b', 'c'])
      sync.commitThenRelease(
        insert(v),
        () => released.push(v),
        (e) => failures.push(e),
      );
    expect(count()).toBe(3);
    expect(released).toEqual([]);
    await sync.idle();
    expect(released).toEqual(['a', 'b', 'c']);
    expect(failures).toEqual([]);
  });

  it('runs what waits for the running fsync once it has released what it covered', async () => {
    const order: string[] = [];
    sync.commitThenRelease(
      insert('a'),
      () => order.push('released a'),
      () => {},
    );
    expect(sync.syncing).toBe(true);
    sync.afterSync(() => order.push('after'));
    await expect.poll(() => order).toEqual(['released a', 'after']);
    expect(sync.syncing).toBe(false);
    sync.afterSync(() => order.push('at once'));
    expect(order.at(-1)).toBe('at once');
  });

  it('leaves the connection synchronous = FULL between batches', () => {
    sync.commitThenRelease(
      insert('a'),
      () => {},
      () => {},
    );
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('releases everything waiting, in order, after a synchronous commit made it durable', () => {
    const released: string[] = [];
    sync.commitThenRelease(
      insert('a'),
      () => released.push('a'),
      () => {},
    );
    sync.commitThenRelease(
      insert('b'),
      () => released.push('b'),
      () => {},
    );
    insert('c')();
    sync.releaseAll();
    expect(released).toEqual(['a', 'b']);
  });

  it('lets SQLite checkpoint a large log as it goes, every batch still released in order', async () => {
    const big = 'x'.repeat(100_000);
    const released: number[] = [];
    for (let i = 0; i < 60; i++)
      sync.commitThenRelease(
        insert(big),
        () => released.push(i),
        () => {},
      );
    await sync.idle();
    expect(released).toEqual(Array.from({ length: 60 }, (_, i) => i));
    // 6 MB written: past 1,000 pages of log, part of it was copied into the database file.
    expect(statSync(join(dir, 'test.db')).size).toBeGreaterThan(1_000_000);
    expect(count()).toBe(60);
  });

  it('releases at once on an in-memory database, which has no log', () => {
    const memory = new Database(':memory:');
    memory.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const direct = new WalSync(memory, () => {});
    let released = false;
    direct.commitThenRelease(
      () => memory.prepare('INSERT INTO t DEFAULT VALUES').run(),
      () => (released = true),
      () => {},
    );
    expect(released).toBe(true);
    memory.close();
  });
});
