import type { Db } from '../db/client.js';
import type { Refusal } from '../domain/market/refusal.js';
import type { Plan } from '../domain/orderbook/index.js';
import { admissionChecks } from './admit.js';
import { runCommand } from './command-plan.js';
import { CommandRun } from './command-run.js';
import type { ExchangeCommand, ExchangeOutcome, ExchangeResult, InstrumentRef } from './commands.js';
import type { EventBus, GameEvent } from './events.js';
import { writePlanRows } from './ledger-rows.js';
import { MarketMemory } from './market-memory.js';
import { withoutRepeatedNotices } from './notices.js';
import type { ExchangeObserver } from './observer.js';
import { tradeCompleted } from './plan-events.js';
import type { OpenOrderTally } from './open-order-tally.js';
import type { ReadModels } from './read-models/read-models.js';
import { WalSync } from './wal-sync.js';
import { warmUp } from './warm-up.js';

export { MAX_OPEN_ORDERS_PER_USER } from '../domain/market/admission.js';
export { TEAM_LOCK_MS } from '../domain/market/holding.js';
export { bookKey } from './market-memory.js';
export { withoutRepeatedNotices } from './notices.js';

const STOPPED_MESSAGE = 'The game is restarting and takes no orders for a moment. Nothing was changed; please try again shortly.';
const DISK_FAILED_MESSAGE = 'The game cannot save to its disk and takes no orders until it is restarted. Nothing was changed.';

export interface ExchangeDeps {
  db: Db;
  bus: EventBus;
  now: () => number;
  /** Told of every answer, plan, commit and fsync (monitoring); without one nothing is timed. */
  observer?: ExchangeObserver;
}

interface Pending {
  cmd: ExchangeCommand;
  resolve: (result: ExchangeResult) => void;
  reject: (error: unknown) => void;
  /** When it was submitted (performance.now()), when there is an observer. */
  at: number;
}

type Done = { ok: true; run: CommandRun; outcome: ExchangeOutcome } | { ok: false; refusal?: Refusal; error?: unknown };

/** The trades an admin's change makes (a retirement's payouts), written and told like an order's. */
export type AdminPlan = Pick<Plan, 'fills' | 'accounts' | 'remaining' | 'newAsk' | 'newOffer' | 'askUpdates' | 'offerUpdates' | 'cancelled'>;

/** What an admin's change may write through the writer. */
export interface AdminWriter {
  at: number;
  /** Writes a plan on an instrument (ledger rows) and returns a tradeCompleted event per trade. */
  write(ref: InstrumentRef, plan: AdminPlan): GameEvent[];
}

export interface AdminChange<T> {
  result: T;
  events: GameEvent[];
  /** The instruments whose books and read models to rebuild (with their trades, for those marked `traded`); everything when absent. */
  touched?: (InstrumentRef & { traded?: boolean })[];
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * The single writer. Each command goes admit → plan → write → apply → publish: admitted by the
 * game's rules (domain/market/admission.ts), planned on the instrument's in-memory book, written in
 * one SQLite transaction (ledger-rows.ts), applied to the book, and only once the commit is durable
 * answered and published as events (plan-events.ts). Commands that arrive together share the
 * transaction and its fsync. Plans the command sets off (standing sells meeting asks) run in the
 * same transaction. If the transaction fails, the books are rebuilt from the database, so memory
 * never keeps a change the disk does not have.
 */
export class Exchange {
  private readonly memory: MarketMemory;
  private readonly walSync: WalSync;
  private readonly queue: Pending[] = [];
  private flushScheduled = false;
  /** Why the exchange takes no more orders, once it does not. */
  private stopped: string | null = null;
  /** Group commits so far: transactions, the commands they held, the largest. */
  private readonly commits = { batches: 0, commands: 0, largest: 0 };
  private readonly db: Db;
  private readonly bus: EventBus;
  private readonly now: () => number;
  private readonly observer: ExchangeObserver | undefined;

  constructor({ db, bus, now, observer }: ExchangeDeps) {
    this.db = db;
    this.bus = bus;
    this.now = now;
    this.observer = observer;
    this.memory = new MarketMemory(db, now);
    this.walSync = new WalSync(
      db.$client,
      // The disk refused to make committed writes durable: what they did may or may not survive a
      // crash, so the exchange takes no more orders until it is restarted (and rebuilt from disk).
      () => (this.stopped = DISK_FAILED_MESSAGE),
      // The log is copied into the database file on a worker thread, not inside an order's commit.
      { checkpoints: 'worker', onSynced: observer && ((s) => observer.synced(s)) },
    );
  }

  /**
   * Queues a command; it runs with every other command that arrived in the same turn of the event
   * loop, in one transaction (group commit), and is answered only once that transaction is durable.
   */
  submit(cmd: ExchangeCommand): Promise<ExchangeResult> {
    if (this.stopped) return Promise.resolve(this.stoppedResult(cmd));
    return new Promise((resolve, reject) => {
      this.queue.push({ cmd, resolve, reject, at: this.observer ? performance.now() : 0 });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flushQueued);
      }
    });
  }

  /** Runs one command at once in its own transaction (after anything queued): for tools and tests. */
  submitNow(cmd: ExchangeCommand): ExchangeResult {
    if (this.stopped) return this.stoppedResult(cmd);
    this.flush(true);
    let result: ExchangeResult | undefined;
    let failure: unknown;
    this.runBatch([{ cmd, resolve: (r) => (result = r), reject: (e) => (failure = e), at: this.observer ? performance.now() : 0 }], true);
    if (failure !== undefined) throw failure;
    return result!;
  }

  /** Rebuilds every book from the database (after changes made outside the exchange, and at start-up). */
  reload(): void {
    this.memory.reload();
  }

  /**
   * Runs an admin's change (a contract change, retirement, draft) as the single writer: in one
   * transaction, its trades written and told through `AdminWriter` like an order's; then the books
   * and read models of the instruments it names are rebuilt from the database (everything when it
   * names none, or when it fails); its events are published once the commit is durable (await
   * `idle()` before telling anyone it is done). A refusal is returned, and nothing is written.
   */
  exclusive<T>(change: (writer: AdminWriter) => AdminChange<T> | Refusal): { ok: true; value: T } | { ok: false; error: Refusal } {
    if (this.stopped) return { ok: false, error: { code: 'unavailable', message: this.stopped } };
    this.flush(true);
    this.memory.sync();
    let done: AdminChange<T> | Refusal | undefined;
    try {
      // Committed like a batch of orders: the log's fsync runs off the event loop, and the events wait for it.
      this.walSync.commitThenRelease(
        () => {
          done = this.db.$client.transaction(() => this.memory.foreign.own(() => change(this.adminWriter())))();
        },
        () => 'events' in done! && this.bus.publish(done.events),
        () => undefined,
      );
    } catch (error) {
      this.memory.reload();
      throw error;
    }
    if (!('result' in done!)) return { ok: false, error: done! };
    if (done.touched) this.memory.reloadInstruments(done.touched);
    else this.memory.reload();
    return { ok: true, value: done.result };
  }

  private adminWriter(): AdminWriter {
    const { ledger } = this.memory;
    const at = this.now();
    return {
      at,
      write: (ref, plan) => {
        const remainingBefore = ledger.instrument(ref.kind, ref.id)?.sharesRemaining ?? plan.remaining;
        const tradeIds = writePlanRows(ledger, ref, plan as Plan, { at, remainingBefore, nextSeq: () => ++this.memory.counters.seq });
        return plan.fills.map((fill, i) => tradeCompleted(ref, { ...fill, tradeId: tradeIds[i]! }, ledger, at));
      },
    };
  }

  /** Takes no more commands (graceful shutdown): every command before this one is committed, and durable once `idle()` resolves. */
  stop(): void {
    this.flush(true);
    this.stopped ??= STOPPED_MESSAGE;
  }

  /** Resolves once every committed command has been answered (its commit is durable). */
  idle(): Promise<void> {
    return this.walSync.idle();
  }

  /** Closes what the exchange holds open beside the database (after `stop` and `idle`). */
  close(): void {
    this.walSync.close();
  }

  /** Team holdings whose lock ended since the last call join the book as standing sells (and may fill asks). */
  releaseLocks(): number {
    this.memory.sync();
    const due = this.memory.locksEnded();
    if (due.length === 0) return 0;
    this.flush(true);
    const run = new CommandRun(this.memory, 0, this.now());
    try {
      this.db.$client.transaction(() =>
        this.memory.foreign.own(() => {
          for (const d of due) {
            const book = this.memory.book('team', d.teamId);
            if (!book) throw new Error(`No book for team ${d.teamId}`);
            run.refreshStandingSell({ kind: 'team', id: d.teamId }, book, d.userId);
          }
        }),
      )();
    } catch (error) {
      this.memory.reload();
      throw error;
    }
    this.walSync.releaseAll();
    this.bus.publish(run.finalEvents());
    return due.length;
  }

  /** The book of an instrument (read now if it was not yet), for reads and tests; never mutate it. */
  book(ref: InstrumentRef) {
    this.memory.sync();
    return this.memory.book(ref.kind, ref.id);
  }

  /** The books in memory: those built since the last rebuild (when first needed, or by `warmUp`). */
  bookKeys(): string[] {
    return [...this.memory.books.keys()];
  }

  /** The open orders per user, as the exchange counts them (for tests); never mutate it. */
  openOrderTally(): OpenOrderTally {
    this.memory.sync();
    return this.memory.tally;
  }

  /**
   * Reads the market state after start-up a page at a time between whatever else the event loop
   * does (the first call that needs it reads the rest at once), then every instrument's price over
   * time and book the same way. Resolves once all is read, or the exchange stops meanwhile.
   */
  warmUp(): Promise<void> {
    return warmUp(this.memory, () => this.stopped !== null || !this.db.$client.open);
  }

  /**
   * What the screens read, as of the last commit (rebuilt first if the market's tables were written
   * behind the exchange's back). Read it synchronously; never mutate it.
   */
  readModels(): ReadModels {
    this.memory.sync();
    return this.memory.models;
  }

  /** How many group commits ran and how many queued commands they held (for benchmarks and monitoring). */
  commitStats(): { batches: number; commands: number; largest: number } {
    return { ...this.commits };
  }

  private stoppedResult(cmd: ExchangeCommand): ExchangeResult {
    this.observer?.refused(cmd.type, 'unavailable', 0);
    return { ok: false, error: { code: 'unavailable', message: this.stopped ?? STOPPED_MESSAGE } };
  }

  private readonly flushQueued = () => this.flush();

  /**
   * Commits what is queued. While the log's last fsync is still running, queued commands wait for
   * it and then go in one transaction (one fsync per transaction, as large as the disk makes it);
   * `now` commits at once (for the synchronous callers).
   */
  private flush(now = false): void {
    if (!now && this.walSync.syncing) {
      this.walSync.afterSync(this.flushQueued);
      return;
    }
    this.flushScheduled = false;
    if (this.queue.length === 0) return;
    this.commits.batches += 1;
    this.commits.commands += this.queue.length;
    this.commits.largest = Math.max(this.commits.largest, this.queue.length);
    this.runBatch(this.queue.splice(0));
  }

  /**
   * One transaction for the whole batch, one savepoint per command: a refused or failed command
   * leaves the others alone. Answers and events go out only once the transaction is durable: for
   * queued commands after the log's fsync on the thread pool (`WalSync`), for `now` before returning.
   */
  private runBatch(batch: Pending[], now = false): void {
    this.memory.sync();
    const done: Done[] = [];
    const commit = this.db.$client.transaction(() => this.memory.foreign.own(() => this.runAll(batch, done)));
    const release = () => this.release(batch, done);
    try {
      if (now) {
        commit();
        this.walSync.releaseAll();
        release();
      } else {
        const observer = this.observer;
        const timed = observer && (() => {
          const start = performance.now();
          commit();
          observer.committed(batch.length, seconds(start));
        });
        this.walSync.commitThenRelease(timed ?? commit, release, (error) => this.fail(batch, error));
      }
    } catch (error) {
      this.memory.reload();
      this.fail(batch, error);
    }
  }

  /** Each command in its savepoint: admitted and planned, or refused (a value), or failed. */
  private runAll(batch: Pending[], done: Done[]): void {
    const each = this.db.$client.transaction((cmd: ExchangeCommand, run: CommandRun) =>
      runCommand(cmd, { memory: this.memory, checks: admissionChecks(this.memory, run.at), run, observer: this.observer }));
    for (const { cmd } of batch) {
      const run = new CommandRun(this.memory, cmd.userId, this.now());
      try {
        const result = each(cmd, run);
        done.push(result.ok ? { ok: true, run, outcome: result.outcome } : { ok: false, refusal: result.error });
      } catch (error) {
        // SQLite rolls the whole transaction back on some failures (a full disk, I/O errors): then
        // nothing of the batch is written, and every command in it is answered with the failure.
        if (!this.db.$client.inTransaction) throw error;
        // Anything else may have changed a book: rebuilt from the batch's state without this command.
        this.memory.reload();
        done.push({ ok: false, error });
      }
    }
  }

  /** Every event of the batch is published before any answer, as one list without repeated notices. */
  private release(batch: Pending[], done: Done[]): void {
    this.bus.publish(withoutRepeatedNotices(done.flatMap((d) => (d.ok ? d.run.finalEvents() : []))));
    batch.forEach((p, i) => {
      const d = done[i]!;
      if (this.observer) {
        if (d.ok) this.observer.accepted(p.cmd.type, seconds(p.at));
        else if (d.refusal) this.observer.refused(p.cmd.type, d.refusal.code, seconds(p.at));
        else this.observer.failed(p.cmd.type);
      }
      if (d.ok) p.resolve({ ok: true, outcome: d.outcome });
      else if (d.refusal) p.resolve({ ok: false, error: d.refusal });
      else p.reject(d.error);
    });
  }

  private fail(batch: Pending[], error: unknown): void {
    for (const p of batch) {
      this.observer?.failed(p.cmd.type);
      p.reject(error);
    }
  }
}

export function createExchange(deps: ExchangeDeps): Exchange {
  return new Exchange(deps);
}
