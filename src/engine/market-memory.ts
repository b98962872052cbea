import type { Db } from '../db/client.js';
import { createLedgerRepo, type InstrumentKind } from '../db/repos/ledger.js';
import { createMarketStateRepo } from '../db/repos/market-state.js';
import { createOrderBook, type OrderBook } from '../domain/orderbook/index.js';
import { cachedLedger, type ExchangeLedger } from './cached-ledger.js';
import type { InstrumentRef } from './commands.js';
import { OpenOrderTally } from './open-order-tally.js';
import { ForeignWrites } from './read-models/foreign-writes.js';
import { mirroredLedger } from './read-models/mirrored-ledger.js';
import { ReadModels, type MarketState } from './read-models/read-models.js';
import { DAY_MS, WEEK_MS } from './read-models/trade-windows.js';
import { booksFrom, bookSourcesOf, largestSeq, MarketStateLoader, readMarketState } from './recovery.js';

export const bookKey = (kind: InstrumentKind, id: number) => `${kind}:${id}`;

/**
 * What the single writer keeps in memory beside the database: the books (each built when first
 * needed), the open-order tally, the order and sequence counters, the read models, and the ledger
 * it writes through (which keeps the read models in step). Rebuilt from the database whenever
 * memory may no longer match it.
 */
export class MarketMemory {
  readonly marketState;
  models: ReadModels;
  readonly ledger: ExchangeLedger;
  readonly foreign: ForeignWrites;
  books = new Map<string, OrderBook>();
  tally = new OpenOrderTally();
  counters = { orderId: 0, seq: 0 };
  locksCheckedAt = 0;
  /** Until the market state is read (after start-up, a page at a time: see `warmUp`). */
  loader: MarketStateLoader | null = null;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.marketState = createMarketStateRepo(db);
    this.models = new ReadModels(this.marketState, now);
    this.ledger = mirroredLedger(cachedLedger(createLedgerRepo(db)), () => this.models);
    this.foreign = new ForeignWrites(db.$client);
    // At start-up nothing is read yet: `warmUp` reads it in steps, or the first call that needs it at once.
    this.ledger.clear();
    this.locksCheckedAt = now();
    this.loader = new MarketStateLoader(this.marketState, this.locksCheckedAt);
    this.foreign.acknowledge();
  }

  /** The tally, counters and read models of a market state read from the database. */
  install(state: MarketState): void {
    this.loader = null;
    const active = new Set<string>([
      ...state.players.filter((p) => p.retiredAt === null).map((p) => bookKey('player', p.id)),
      ...state.teams.map((t) => bookKey('team', t.id)),
    ]);
    this.tally = OpenOrderTally.ofOrders(state.openOrders.filter((o) => active.has(bookKey(o.instrument, o.instrumentId))));
    // Counters from the open book and the holdings, and the largest order id from its index: no scan of every order ever placed.
    this.counters = { orderId: this.marketState.maxOrderId(), seq: largestSeq(state) };
    this.models = new ReadModels(this.marketState, this.now);
    this.models.load(state);
    this.foreign.acknowledge();
  }

  /**
   * Rebuilds the tally and the read models from the database, reading each table once; the books
   * are rebuilt each when first needed (`book`), from that instrument's rows alone.
   */
  reload(): void {
    this.ledger.clear();
    this.locksCheckedAt = this.now();
    this.books = new Map();
    this.install(readMarketState(this.marketState, this.locksCheckedAt));
  }

  /** The market state, read now if it is not yet (anything that reads or writes it calls this first). */
  loaded(): void {
    if (this.loader) this.install(this.loader.finish());
  }

  /** Anything written to the market's tables behind the exchange's back: rebuild everything. Then the state read, if it is not yet. */
  sync(): void {
    if (this.foreign.changed()) this.reload();
    this.loaded();
  }

  /** An instrument's book, built from the read models the first time it is needed; undefined for a retired or unknown one. */
  book(kind: InstrumentKind, id: number): OrderBook | undefined {
    const k = bookKey(kind, id);
    const kept = this.books.get(k);
    if (kept) return kept;
    this.loaded();
    const sources = bookSourcesOf(this.models, kind, id, this.ledger.removedIds());
    if (!sources) return undefined;
    const book = booksFrom(sources, this.now(), createOrderBook).get(k)!;
    this.books.set(k, book);
    return book;
  }

  /**
   * Rebuilds only these instruments' books, tally entries and read models (after an admin's change
   * to them); their trades too for those marked `traded`.
   */
  reloadInstruments(refs: readonly (InstrumentRef & { traded?: boolean })[]): void {
    this.ledger.clear();
    const at = this.now();
    for (const ref of refs) {
      const k = bookKey(ref.kind, ref.id);
      this.tally.countOrders(this.models.orders.asks(k), -1);
      this.tally.countOrders(this.models.orders.offers(k), -1);
      this.books.delete(k);
      this.models.reloadInstrument(ref.kind, ref.id, ref.traded ? at - WEEK_MS - DAY_MS : null);
      if (this.models.instruments.get(ref.kind, ref.id)?.active) {
        this.tally.countOrders(this.models.orders.asks(k), 1);
        this.tally.countOrders(this.models.orders.offers(k), 1);
      }
    }
    this.models.updatePayrolls();
    this.foreign.acknowledge();
  }

  /**
   * After an admin's change written through the ledger (its read models are up to date): these
   * instruments' own rows (a salary, a payroll) and marks are read again, their books rebuilt from
   * the read models when next needed.
   */
  refreshInstruments(refs: readonly InstrumentRef[]): void {
    this.ledger.clear();
    for (const ref of refs) {
      this.books.delete(bookKey(ref.kind, ref.id));
      this.models.refreshInstrument(ref.kind, ref.id);
    }
    this.models.updatePayrolls();
    this.foreign.acknowledge();
  }

  /** An instrument's book, made now if it is not (after an admin's change to it). */
  prepareBook(ref: InstrumentRef): void {
    this.sync();
    this.book(ref.kind, ref.id);
  }

  /** An instrument's mark, worked out now if it is not (after an admin's change to it): none for a retired or unknown one. */
  prepareMark(ref: InstrumentRef): void {
    this.sync();
    if (this.models.instruments.get(ref.kind, ref.id)?.active) this.models.markOf(ref.kind, ref.id);
  }

  /** Team holdings whose lock ended since the last call. */
  locksEnded(): { userId: number; teamId: number }[] {
    const at = this.now();
    const due = this.ledger.locksEnding(this.locksCheckedAt, at);
    this.locksCheckedAt = at;
    return due;
  }
}
