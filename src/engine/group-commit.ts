import type { Db } from '../db/client.js';
import type { Refusal } from '../domain/market/refusal.js';
import { admissionChecks } from './admit.js';
import { runCommand } from './command-plan.js';
import { CommandRun } from './command-run.js';
import type { ExchangeCommand, ExchangeOutcome, ExchangeResult, RememberResult } from './commands.js';
import type { EventBus } from './events.js';
import type { MarketMemory } from './market-memory.js';
import { withoutRepeatedNotices } from './notices.js';
import type { ExchangeObserver } from './observer.js';
import type { WalSync } from './wal-sync.js';
import type { InboxWriter } from './inbox-writer.js';

interface Pending {
  cmd: ExchangeCommand;
  /** Told the result inside the command's savepoint (an idempotency key's answer), when given. */
  remember: RememberResult | undefined;
  resolve: (result: ExchangeResult) => void;
  reject: (error: unknown) => void;
  /** When it was submitted (performance.now()), when there is an observer. */
  at: number;
}

type Done = { ok: true; run: CommandRun; outcome: ExchangeOutcome } | { ok: false; refusal?: Refusal; error?: unknown };

const seconds = (since: number) => (performance.now() - since) / 1000;

export interface GroupCommitDeps {
  db: Db;
  bus: EventBus;
  now: () => number;
  memory: MarketMemory;
  walSync: WalSync;
  observer: ExchangeObserver | undefined;
  /** Writes the inbox entries of what a command tells others, in its savepoint. */
  inbox: InboxWriter;
}

/**
 * The writer's queue: commands that arrive in the same turn of the event loop (or while the last
 * fsync runs) share one transaction, one savepoint each, and are answered and published once it
 * is durable.
 */
export class GroupCommit {
  private readonly queue: Pending[] = [];
  private flushScheduled = false;
  /** Group commits so far: transactions, the commands they held, the largest. */
  readonly stats = { batches: 0, commands: 0, largest: 0 };

  constructor(private readonly deps: GroupCommitDeps) {}

  submit(cmd: ExchangeCommand, remember?: RememberResult): Promise<ExchangeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ cmd, remember, resolve, reject, at: this.deps.observer ? performance.now() : 0 });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flushQueued);
      }
    });
  }

  submitNow(cmd: ExchangeCommand, remember?: RememberResult): ExchangeResult {
    this.flush(true);
    let result: ExchangeResult | undefined;
    let failure: unknown;
    this.runBatch([{ cmd, remember, resolve: (r) => (result = r), reject: (e) => (failure = e), at: this.deps.observer ? performance.now() : 0 }], true);
    if (failure !== undefined) throw failure;
    return result!;
  }

  private readonly flushQueued = () => this.flush();

  /**
   * Commits what is queued. While the log's last fsync is still running, queued commands wait for
   * it and then go in one transaction (one fsync per transaction, as large as the disk makes it);
   * `now` commits at once (for the synchronous callers).
   */
  flush(now = false): void {
    if (!now && this.deps.walSync.syncing) {
      this.deps.walSync.afterSync(this.flushQueued);
      return;
    }
    this.flushScheduled = false;
    if (this.queue.length === 0) return;
    this.stats.batches += 1;
    this.stats.commands += this.queue.length;
    this.stats.largest = Math.max(this.stats.largest, this.queue.length);
    this.runBatch(this.queue.splice(0));
  }

  /**
   * One transaction for the whole batch, one savepoint per command: a refused or failed command
   * leaves the others alone. Answers and events go out only once the transaction is durable: for
   * queued commands after the log's fsync on the thread pool (`WalSync`), for `now` before returning.
   */
  private runBatch(batch: Pending[], now = false): void {
    const { db, memory, walSync, observer } = this.deps;
    memory.sync();
    const done: Done[] = [];
    const commit = db.$client.transaction(() => memory.foreign.own(() => this.runAll(batch, done)));
    const release = () => this.release(batch, done);
    try {
      if (now) {
        commit();
        walSync.releaseAll();
        release();
      } else {
        const timed =
          observer &&
          (() => {
            const start = performance.now();
            commit();
            observer.committed(batch.length, seconds(start));
          });
        walSync.commitThenRelease(timed ?? commit, release, (error) => this.fail(batch, error));
      }
    } catch (error) {
      memory.reload();
      this.fail(batch, error);
    }
  }

  /**
   * Each command in its savepoint: admitted, planned, written and applied; or refused (a value); or
   * failed. Its result is remembered (an idempotency key) in the same savepoint, refusals included.
   */
  private runAll(batch: Pending[], done: Done[]): void {
    const { db, memory, observer, now, inbox } = this.deps;
    const each = db.$client.transaction((cmd: ExchangeCommand, run: CommandRun, remember: RememberResult | undefined) => {
      const result = runCommand(cmd, { memory, checks: admissionChecks(memory, run.at), run, observer });
      if (result.ok) inbox.record(run.events, run.bids, run.at);
      remember?.(result);
      return result;
    });
    for (const { cmd, remember } of batch) {
      const run = new CommandRun(memory, cmd.userId, now());
      try {
        const result = each(cmd, run, remember);
        done.push(result.ok ? { ok: true, run, outcome: result.outcome } : { ok: false, refusal: result.error });
      } catch (error) {
        // SQLite rolls the whole transaction back on some failures (a full disk, I/O errors): then
        // nothing of the batch is written, and every command in it is answered with the failure.
        if (!db.$client.inTransaction) throw error;
        // Anything else may have changed a book: rebuilt from the batch's state without this command.
        memory.reload();
        done.push({ ok: false, error });
      }
    }
  }

  /** Every event of the batch is published before any answer, as one list without repeated notices. */
  private release(batch: Pending[], done: Done[]): void {
    const { bus, observer } = this.deps;
    bus.publish(withoutRepeatedNotices(done.flatMap((d) => (d.ok ? d.run.finalEvents() : []))));
    batch.forEach((p, i) => {
      const d = done[i]!;
      if (observer) {
        if (d.ok) observer.accepted(p.cmd.type, seconds(p.at));
        else if (d.refusal) observer.refused(p.cmd.type, d.refusal.code, seconds(p.at));
        else observer.failed(p.cmd.type);
      }
      if (d.ok) p.resolve({ ok: true, outcome: d.outcome });
      else if (d.refusal) p.resolve({ ok: false, error: d.refusal });
      else p.reject(d.error);
    });
  }

  private fail(batch: Pending[], error: unknown): void {
    for (const p of batch) {
      this.deps.observer?.failed(p.cmd.type);
      p.reject(error);
    }
  }
}
