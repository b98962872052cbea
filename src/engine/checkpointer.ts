import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import type Database from 'better-sqlite3';
import { CheckpointWorker } from './checkpoint-worker.js';

// The wal-index header in the "-shm" file (https://www.sqlite.org/walformat.html): frames in the log
// (mxFrame) at byte 16, and how many of them a checkpoint has copied (nBackfill) at byte 96.
// In the machine's own byte order.
const MX_FRAME = 16;
const N_BACKFILL = 96;
const readU32 = endianness() === 'LE' ? (b: Buffer, at: number) => b.readUInt32LE(at) : (b: Buffer, at: number) => b.readUInt32BE(at);

/**
 * Checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that takes the
 * log past 1,000 pages: the writer copies them into the database file and fsyncs it, tens of
 * milliseconds during which an order or an admin's change waits. Here the writer's automatic
 * checkpoint is off; after each commit (and every second, for writes made elsewhere) the log's
 * frames not yet copied are counted from the wal-index, and past `pages` a worker thread copies them
 * (`CheckpointWorker`: its own, or one shared with other databases).
 *
 * The log starts over only when a write begins with every frame copied. A writer that never pauses
 * may keep the worker from ever catching up: once the log holds `restartAfter` frames, the few the
 * worker has not copied are copied by the writer itself, so that the next write starts it over.
 */
export class Checkpointer {
  private readonly shmPath: string;
  private shm: number | null = null;
  private readonly header = Buffer.alloc(N_BACKFILL + 4);
  private readonly worker: CheckpointWorker;
  private readonly ownsWorker: boolean;
  private running = false;
  private closed = false;
  private readonly timer: NodeJS.Timeout;
  /** Checkpoints the worker ran, and those the writer ran itself (for tests and monitoring). */
  readonly counts = { worker: 0, writer: 0, failed: 0 };
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly sqlite: Database.Database,
    private readonly pages = 1_000,
    private readonly restartAfter = 16 * pages,
    shared?: CheckpointWorker,
  ) {
    this.worker = shared ?? new CheckpointWorker();
    this.ownsWorker = shared === undefined;
    this.shmPath = `${sqlite.name}-shm`;
    sqlite.pragma('wal_autocheckpoint = 0');
    this.timer = setInterval(() => this.afterCommit(), 1_000).unref();
  }

  /** After a commit: a checkpoint on the worker when enough of the log is not copied yet. */
  afterCommit(): void {
    if (this.closed || this.running) return;
    if (!this.sqlite.open) return this.close();
    const log = this.log();
    if (!log) return;
    const pending = log.frames - log.copied;
    if (pending >= this.pages) this.start();
    else if (log.frames >= this.restartAfter && pending > 0) {
      this.sqlite.pragma('wal_checkpoint(PASSIVE)');
      this.counts.writer++;
    }
  }

  /** Resolves once no checkpoint is running. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    if (this.ownsWorker) this.worker.close();
    else this.worker.forget(this.sqlite.name);
    if (this.shm !== null) closeSync(this.shm);
    this.shm = null;
    this.running = false;
    this.notifyIdle();
  }

  /** Frames in the log and frames copied into the database file; null before the log exists. */
  private log(): { frames: number; copied: number } | null {
    try {
      this.shm ??= openSync(this.shmPath, 'r');
      if (readSync(this.shm, this.header, 0, this.header.length, 0) < this.header.length) return null;
    } catch {
      return null;
    }
    return { frames: readU32(this.header, MX_FRAME), copied: readU32(this.header, N_BACKFILL) };
  }

  private start(): void {
    this.running = true;
    void this.worker.checkpoint(this.sqlite.name).then((error) => {
      if (error === null) this.counts.worker++;
      else this.counts.failed++;
      this.running = false;
      this.notifyIdle();
    });
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
