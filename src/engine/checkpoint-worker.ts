import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A worker thread with a connection per database file: PASSIVE checkpoints (they never wait for the writer, nor make it wait). */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
parentPort.on('message', ({ id, file, forget }) => {
  if (forget) {
    open.get(file)?.close();
    open.delete(file);
    return;
  }
  try {
    let db = open.get(file);
    if (!db) {
      db = new Database(file, { fileMustExist: true });
      // FULL: the log is synced before its pages are copied, the database file after (as SQLite's own checkpoints).
      db.pragma('synchronous = FULL');
      open.set(file, db);
    }
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id, error: null });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/**
 * The thread that checkpoints databases off the event loop (`Checkpointer`), one for every database
 * that shares it: a server's leagues share one, so a hundred leagues cost one thread, not a hundred.
 * Started on the first checkpoint; a thread that dies is started again by the next.
 */
export class CheckpointWorker {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, (error: string | null) => void>();

  /** Copies the file's log into it on the worker thread; resolves with null, or the error. */
  checkpoint(file: string): Promise<string | null> {
    const worker = this.started();
    const id = ++this.next;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, file });
    });
  }

  /** The file is closed here: the worker lets its connection go. */
  forget(file: string): void {
    this.worker?.postMessage({ file, forget: true });
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = null;
    this.settleAll('closed');
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(SOURCE, { eval: true, workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
    worker.unref();
    worker.on('message', ({ id, error }: { id: number; error: string | null }) => {
      this.pending.get(id)?.(error);
      this.pending.delete(id);
    });
    worker.on('error', (error) => {
      this.worker = null;
      this.settleAll(String(error));
    });
    this.worker = worker;
    return worker;
  }

  private settleAll(error: string): void {
    for (const resolve of this.pending.values()) resolve(error);
    this.pending.clear();
  }
}
