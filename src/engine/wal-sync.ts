import { closeSync, fsync, openSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { Checkpointer } from './checkpointer.js';
import type { CheckpointWorker } from './checkpoint-worker.js';

/**
 * Group commit with the fsync off the main thread. A batch of orders commits with
 * `synchronous = NORMAL` (SQLite writes the log but does not wait for the disk), then the log file is
 * fsynced on libuv's thread pool while the next batch runs; what the batch answers and publishes is
 * released only once that fsync has returned, in commit order. One fsync covers every batch
 * committed before it started. The promise is that of `synchronous = FULL`: nothing is acknowledged
 * before it is on disk. (In WAL mode, NORMAL still syncs around every checkpoint, so the log is never
 * reused before the database file holds what it had.) Every other write keeps `synchronous = FULL`.
 *
 * An in-memory database has no log: batches are released at once. With `checkpoints: 'worker'`, the
 * log is copied into the database file on a worker thread (`Checkpointer`), not inside a commit.
 */
export class WalSync {
  private readonly walPath: string | null;
  private fd: number | null = null;
  /** Committed batches not yet known durable, oldest first, numbered in commit order. */
  private waiting: { seq: number; release: () => void; fail: (error: Error) => void }[] = [];
  private committed = 0;
  private inFlight = false;
  private idleWaiters: (() => void)[] = [];
  private afterSyncs: (() => void)[] = [];
  /** Prepared once: `pragma()` would compile the statement again for every batch. */
  private readonly syncNormal: Database.Statement;
  private readonly syncFull: Database.Statement;
  readonly checkpointer: Checkpointer | null;
  private readonly onSynced: ((seconds: number) => void) | undefined;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly onFailure: (error: Error) => void,
    options: {
      checkpoints?: 'sqlite' | 'worker';
      /** The checkpoint thread to use, shared with other databases; without one the checkpointer starts its own. */
      checkpointWorker?: CheckpointWorker;
      /** Told how long each fsync of the log took, in seconds (monitoring). */
      onSynced?: (seconds: number) => void;
    } = {},
  ) {
    this.walPath = sqlite.memory ? null : `${sqlite.name}-wal`;
    this.syncNormal = sqlite.prepare('PRAGMA synchronous = NORMAL');
    this.syncFull = sqlite.prepare('PRAGMA synchronous = FULL');
    this.checkpointer =
      this.walPath !== null && options.checkpoints === 'worker' ? new Checkpointer(sqlite, undefined, undefined, options.checkpointWorker) : null;
    this.onSynced = options.onSynced;
  }

  /**
   * Runs `commit` (a whole transaction) without waiting for the disk; `release` runs once it is
   * durable, or `fail` if the disk refused it.
   */
  commitThenRelease(commit: () => void, release: () => void, fail: (error: Error) => void): void {
    if (this.walPath === null) {
      commit();
      release();
      return;
    }
    this.syncNormal.run();
    try {
      commit();
    } finally {
      this.syncFull.run();
    }
    this.waiting.push({ seq: ++this.committed, release, fail });
    this.sync();
    this.checkpointer?.afterCommit();
  }

  /**
   * After a commit made with `synchronous = FULL` (which synced the log, so everything before it is
   * durable): releases every batch still waiting, in order.
   */
  releaseAll(): void {
    this.releaseUpTo(this.committed);
    this.checkpointer?.afterCommit();
  }

  /** Whether an fsync of the log is running. */
  get syncing(): boolean {
    return this.inFlight;
  }

  /** Runs `fn` once the running fsync has returned and released what it covered (once per call). */
  afterSync(fn: () => void): void {
    if (!this.inFlight) return fn();
    if (!this.afterSyncs.includes(fn)) this.afterSyncs.push(fn);
  }

  /** Resolves once every committed batch is released. */
  idle(): Promise<void> {
    if (this.waiting.length === 0 && !this.inFlight) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Closes the log's file descriptor (the database is closing). */
  close(): void {
    this.checkpointer?.close();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private sync(): void {
    if (this.inFlight || this.waiting.length === 0) return;
    this.inFlight = true;
    const upTo = this.committed;
    try {
      this.fd ??= openSync(this.walPath!, 'r');
    } catch (error) {
      this.inFlight = false;
      return this.failAll(error as Error);
    }
    const start = this.onSynced ? performance.now() : 0;
    fsync(this.fd, (error) => {
      this.inFlight = false;
      if (!error) this.onSynced?.((performance.now() - start) / 1000);
      if (error) this.failAll(error);
      else this.releaseUpTo(upTo);
      this.sync();
      if (this.inFlight) return;
      const after = this.afterSyncs;
      this.afterSyncs = [];
      for (const fn of after) fn();
    });
  }

  private releaseUpTo(seq: number): void {
    while (this.waiting.length > 0 && this.waiting[0]!.seq <= seq) this.waiting.shift()!.release();
    this.notifyIdle();
  }

  /** The disk failed: nothing waiting may be called durable, and the owner must stop writing. */
  private failAll(error: Error): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const w of waiting) w.fail(error);
    this.onFailure(error);
    this.notifyIdle();
  }

  private notifyIdle(): void {
    if (this.inFlight || this.waiting.length > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
