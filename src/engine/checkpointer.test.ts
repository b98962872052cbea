import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointWorker } from './checkpoint-worker.js';
import { Checkpointer } from './checkpointer.js';
import { WalSync } from './wal-sync.js';

let dir: string;
let sqlite: Database.Database;
let closers: (() => void)[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hoops-checkpoint-'));
  sqlite = new Database(join(dir, 'test.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  closers = [];
});
afterEach(() => {
  for (const close of closers) close();
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const big = 'x'.repeat(100_000);
const insert = () => sqlite.prepare('INSERT INTO t (v) VALUES (?)').run(big);
const count = () => (sqlite.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
/** Frames in the log and frames copied, as SQLite reports them (a no-op checkpoint of nothing new). */
const framesInLog = () => (sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;

describe('Checkpointer', () => {
  it('copies the log into the database file on a worker once it holds enough pages, and the log starts over', async () => {
    const checkpointer = new Checkpointer(sqlite, 200);
    closers.push(() => checkpointer.close());
    // SQLite's own checkpoint is off on this connection: the writer never copies the log itself.
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    for (let i = 0; i < 10; i++) {
      insert();
      checkpointer.afterCommit();
    }
    // 1 MB written (about 250 pages): past 200, the worker was asked once.
    await checkpointer.idle();
    expect(checkpointer.counts).toEqual({ worker: 1, writer: 0, failed: 0 });
    expect(statSync(join(dir, 'test.db')).size).toBeGreaterThan(900_000);
    // Every frame was copied: the next write starts the log over.
    insert();
    expect(framesInLog()).toBeLessThan(50);
    expect(count()).toBe(11);
  });

  it('shares one worker thread between databases (a server’s leagues): each is checkpointed, and closing one leaves the others', async () => {
    const worker = new CheckpointWorker();
    const other = new Database(join(dir, 'other.db'));
    other.pragma('journal_mode = WAL');
    other.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const mine = new Checkpointer(sqlite, 200, undefined, worker);
    const theirs = new Checkpointer(other, 200, undefined, worker);
    closers.push(() => {
      theirs.close();
      other.close();
      worker.close();
    });
    for (let i = 0; i < 10; i++) {
      insert();
      other.prepare('INSERT INTO t (v) VALUES (?)').run(big);
      mine.afterCommit();
      theirs.afterCommit();
    }
    await Promise.all([mine.idle(), theirs.idle()]);
    expect([mine.counts.worker, theirs.counts.worker]).toEqual([1, 1]);
    mine.close();
    for (let i = 0; i < 10; i++) other.prepare('INSERT INTO t (v) VALUES (?)').run(big);
    theirs.afterCommit();
    await theirs.idle();
    expect(theirs.counts).toEqual({ worker: 2, writer: 0, failed: 0 });
    expect(statSync(join(dir, 'other.db')).size).toBeGreaterThan(1_900_000);
  });

  it('checks writes made elsewhere every second', async () => {
    const checkpointer = new Checkpointer(sqlite, 100);
    closers.push(() => checkpointer.close());
    for (let i = 0; i < 5; i++) insert();
    await expect.poll(() => checkpointer.counts.worker, { timeout: 5_000 }).toBe(1);
  });

  it('copies the last frames itself when the log grew long, so that it can start over', () => {
    // A worker that is never asked (its threshold is out of reach): the writer's own checkpoint keeps the log short.
    const checkpointer = new Checkpointer(sqlite, 1_000_000, 100);
    closers.push(() => checkpointer.close());
    for (let i = 0; i < 6; i++) {
      insert();
      checkpointer.afterCommit();
    }
    expect(checkpointer.counts.writer).toBeGreaterThan(0);
    expect(checkpointer.counts.worker).toBe(0);
    insert();
    expect(framesInLog()).toBeLessThan(100);
  });

  it('runs behind WalSync: batches released in order, the log copied off the event loop', async () => {
    const sync = new WalSync(sqlite, () => {}, { checkpoints: 'worker' });
    closers.push(() => sync.close());
    const released: number[] = [];
    for (let i = 0; i < 60; i++)
      sync.commitThenRelease(
        () => sqlite.transaction(insert)(),
        () => released.push(i),
        () => {},
      );
    await sync.idle();
    await sync.checkpointer!.idle();
    expect(released).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(sync.checkpointer!.counts.worker).toBeGreaterThan(0);
    expect(statSync(join(dir, 'test.db')).size).toBeGreaterThan(1_000_000);
    expect(count()).toBe(60);
  });
});
