import type { Db } from '../db/client.js';
import type { Refusal } from '../domain/market/refusal.js';
import { adminWriter, type AdminChange, type AdminWriter } from './admin-writer.js';
import { CommandRun } from './command-run.js';
import type { ExchangeCommand, ExchangeResult, InstrumentRef, RememberResult } from './commands.js';
import type { EventBus } from './events.js';
import { GroupCommit } from './group-commit.js';
import { MarketMemory } from './market-memory.js';
import { withoutRepeatedNotices } from './notices.js';
import type { ExchangeObserver } from './observer.js';
import type { OpenOrderTally } from './open-order-tally.js';
import type { ReadModels } from './read-models/read-models.js';
import { WalSync } from './wal-sync.js';
import type { CheckpointWorker } from './checkpoint-worker.js';
import { warmUp } from './warm-up.js';
import { InboxWriter } from './inbox-writer.js';
import { laterTurn } from './later-turn.js';

export { MAX_OPEN_ORDERS_PER_USER } from '../domain/market/admission.js';
export { TEAM_LOCK_MS } from '../domain/market/holding.js';
export { bookKey } from './market-memory.js';
export { withoutRepeatedNotices } from './notices.js';
export type { AdminChange, AdminPlan, AdminWriter } from './admin-writer.js';

const STOPPED_MESSAGE = 'The game is restarting and takes no orders for a moment. Nothing was changed; please try again shortly.';
const DISK_FAILED_MESSAGE = 'The game cannot save to its disk and takes no orders until it is restarted. Nothing was changed.';

/** What an exclusive change answers: its value, or the refusal that changed nothing. */
export type ExclusiveResult<T> = { ok: true; value: T } | { ok: false; error: Refusal };

export interface ExchangeDeps {
  db: Db;
  bus: EventBus;
  now: () => number;
  /** Told of every answer, plan, commit and fsync (monitoring); without one nothing is timed. */
  observer?: ExchangeObserver;
  /** The checkpoint thread, shared with other exchanges (a server's leagues); without one the exchange starts its own. */
  checkpointWorker?: CheckpointWorker;
}

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
  private readonly commits: GroupCommit;
  /** Why the exchange takes no more orders, once it does not. */
  private stopped: string | null = null;
  /** Resolves once the warm-up under way has read every mark (see `marksRead`). */
  private marksWarming: Promise<void> | null = null;
  private readonly db: Db;
  private readonly bus: EventBus;
  private readonly now: () => number;
  private readonly observer: ExchangeObserver | undefined;
  private readonly inbox: InboxWriter;

  constructor({ db, bus, now, observer, checkpointWorker }: ExchangeDeps) {
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
      { checkpoints: 'worker', checkpointWorker, onSynced: observer && ((s) => observer.synced(s)) },
    );
    this.inbox = new InboxWriter(db, this.memory);
    this.commits = new GroupCommit({ db, bus, now, memory: this.memory, walSync: this.walSync, observer, inbox: this.inbox });
  }

  /**
   * Queues a command; it runs with every other command that arrived in the same turn of the event
   * loop, in one transaction (group commit), and is answered only once that transaction is durable.
   * `remember` is told its result inside the command's savepoint (an idempotency key's answer).
   */
  submit(cmd: ExchangeCommand, remember?: RememberResult): Promise<ExchangeResult> {
    if (this.stopped) return Promise.resolve(this.stoppedResult(cmd));
    return this.commits.submit(cmd, remember);
  }

  /** Runs one command at once in its own transaction (after anything queued): for tools and tests. */
  submitNow(cmd: ExchangeCommand, remember?: RememberResult): ExchangeResult {
    if (this.stopped) return this.stoppedResult(cmd);
    return this.commits.submitNow(cmd, remember);
  }

  /** Rebuilds every book from the database (after changes made outside the exchange, and at start-up). */
  reload(): void {
    this.memory.reload();
  }

  /**
   * Runs an admin's change (a contract change, retirement, draft) as the single writer: in one
   * transaction, its trades written and told through `AdminWriter` like an order's; then the books
   * and read models of the instruments it names are rebuilt from the database (everything when it
   * names none, or when it fails; only their rows and books when it wrote through the writer); its events are published once the commit is durable (await
   * `idle()` before telling anyone it is done). A refusal is returned, and nothing is written.
   * `remember` is told the answer inside the same transaction (an idempotency key's answer),
   * refusals included; whatever it throws rolls the change back.
   */
  exclusive<T>(change: (writer: AdminWriter) => AdminChange<T> | Refusal, remember?: (answer: ExclusiveResult<T>) => void): ExclusiveResult<T> {
    if (this.stopped) return { ok: false, error: { code: 'unavailable', message: this.stopped } };
    this.commits.flush(true);
    this.memory.sync();
    let done: AdminChange<T> | Refusal | undefined;
    try {
      // Committed like a batch of orders: the log's fsync runs off the event loop, and the events wait for it.
      this.walSync.commitThenRelease(
        () => {
          done = this.db.$client.transaction(() => {
            const made = this.memory.foreign.own(() => {
              const writer = adminWriter(this.memory, this.now());
              const changed = change(writer);
              // Shares the change moved into or out of an open market (a rescale's rounding, a season's reset): the mark asks since when it held some.
              if ('result' in changed) {
                this.memory.ledger.syncOpenMarkets(changed.touched ?? null, writer.at);
                this.inbox.record(changed.events, [], writer.at);
              }
              return changed;
            });
            remember?.('result' in made ? { ok: true, value: made.result } : { ok: false, error: made });
            return made;
          })();
        },
        () => 'events' in done! && this.bus.publish(withoutRepeatedNotices(done.events)),
        () => undefined,
      );
    } catch (error) {
      this.memory.reload();
      throw error;
    }
    if (!('result' in done!)) return { ok: false, error: done! };
    if (done.touched && done.writtenThrough) this.memory.refreshInstruments(done.touched);
    else if (done.touched) this.memory.reloadInstruments(done.touched);
    else this.memory.reload();
    if (done.touched) this.prepareInTurns([...done.touched]);
    return { ok: true, value: done.result };
  }

  /**
   * The books and marks of the instruments an admin's change touched, made again each in a later
   * turn of the event loop than the change (and than each other): otherwise the next order on one,
   * or the next read of its mark, pays for it in its own turn (at L: the busiest player's book and
   * mark, 10–30 ms each).
   */
  private prepareInTurns(refs: InstrumentRef[]): void {
    const steps = refs.flatMap((ref) => [() => this.memory.prepareBook(ref), () => this.memory.prepareMark(ref)]);
    const next = () => {
      const step = steps.shift();
      if (!step || this.stopped) return;
      try {
        step();
      } catch {
        // The database closed meanwhile (shutdown): each is made when next needed.
        return;
      }
      laterTurn(next);
    };
    laterTurn(next);
  }

  /** Takes no more commands (graceful shutdown): every command before this one is committed, and durable once `idle()` resolves. */
  stop(): void {
    this.commits.flush(true);
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
    this.commits.flush(true);
    const run = new CommandRun(this.memory, 0, this.now());
    try {
      this.db.$client.transaction(() =>
        this.memory.foreign.own(() => {
          for (const d of due) {
            const book = this.memory.book('team', d.teamId);
            if (!book) throw new Error(`No book for team ${d.teamId}`);
            run.refreshStandingSell({ kind: 'team', id: d.teamId }, book, d.userId);
          }
          this.inbox.record(run.events, run.bids, run.at);
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
    let marksRead!: () => void;
    const marks = new Promise<void>((resolve) => (marksRead = resolve));
    this.marksWarming = marks;
    void marks.then(() => {
      if (this.marksWarming === marks) this.marksWarming = null;
    });
    return warmUp(this.memory, () => this.stopped !== null || !this.db.$client.open, marksRead);
  }

  /**
   * While the warm-up has not read every instrument's mark yet: when it has (or stopped). A list
   * of every instrument waits for it rather than read the rest at once, which would hold up the
   * event loop (every league's orders) for as long; null when there is nothing to wait for.
   */
  marksRead(): Promise<void> | null {
    return this.marksWarming;
  }

  /**
   * What the screens read, as of the last commit (rebuilt first if the market's tables were written
   * behind the exchange's back). Read it synchronously; never mutate it.
   */
  readModels(): ReadModels {
    this.memory.sync();
    return this.memory.models;
  }

  private stoppedResult(cmd: ExchangeCommand): ExchangeResult {
    this.observer?.refused(cmd.type, 'unavailable', 0);
    return { ok: false, error: { code: 'unavailable', message: this.stopped ?? STOPPED_MESSAGE } };
  }

  /** How many group commits ran and how many queued commands they held (for benchmarks and monitoring). */
  commitStats(): { batches: number; commands: number; largest: number } {
    return { ...this.commits.stats };
  }
}

export function createExchange(deps: ExchangeDeps): Exchange {
  return new Exchange(deps);
}
