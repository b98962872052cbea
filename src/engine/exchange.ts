import type { Db } from '../db/client.js';
import { createLedgerRepo, type HoldingState, type InstrumentKind } from '../db/repos/ledger.js';
import { createOrderBook, type Command, type OrderBook, type Plan, type PlanResult } from '../domain/orderbook/index.js';
import { DEFAULT_TEAM_MIN_SELL_CENTS, defaultMinSellFromCost, MIN_ORDER_PRICE_CENTS, scaleRounded } from '../shared/money.js';
import { ExchangeRefusal, type ExchangeCommand, type ExchangeError, type ExchangeOutcome, type ExchangeResult, type FillSummary, type InstrumentRef, type RefusalReason } from './commands.js';
import type { EventBus, GameEvent } from './events.js';
import { createMarketStateRepo } from '../db/repos/market-state.js';
import type { ExchangeObserver } from './observer.js';
import { cachedLedger } from './cached-ledger.js';
import { OpenOrderTally } from './open-order-tally.js';
import { ForeignWrites } from './read-models/foreign-writes.js';
import { mirroredLedger } from './read-models/mirrored-ledger.js';
import { ReadModels, type MarketState } from './read-models/read-models.js';
import { DAY_MS, WEEK_MS } from './read-models/trade-windows.js';
import { WalSync } from './wal-sync.js';
import { booksFrom, bookSourcesOf, largestSeq, MarketStateLoader, readMarketState } from './recovery.js';

export const TEAM_LOCK_MS = 7 * 24 * 60 * 60 * 1000;
/** Open asks and offers one user may have at once, across every player and team. */
export const MAX_OPEN_ORDERS_PER_USER = 200;
/** Automatic fills triggered by one command (standing sells meeting asks) stop here; reaching it is a bug. */
const MAX_CASCADE = 10_000;

export const bookKey = (kind: InstrumentKind, id: number) => `${kind}:${id}`;

const STOPPED_MESSAGE = 'The game is restarting and takes no orders for a moment. Nothing was changed; please try again shortly.';
const DISK_FAILED_MESSAGE = 'The game cannot save to its disk and takes no orders until it is restarted. Nothing was changed.';

/** A refusal is an answer, not a bug: no stack trace is captured for it (a refused order paid for one). */
class Refused extends Error {
  readonly error: ExchangeError;
  constructor(
    error: ExchangeError,
    readonly reason: RefusalReason,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(error.message);
    Error.stackTraceLimit = limit;
    this.error = error;
  }
}

const refuse = (code: ExchangeError['code'], reason: RefusalReason, message: string): never => {
  throw new Refused({ code, message }, reason);
};

/** Book refusals that mean "that order is not there" rather than "that request is wrong". */
const NOT_FOUND_CODES = new Set(['ask_not_found', 'offer_not_found']);
const FORBIDDEN_CODES = new Set(['not_your_ask', 'not_your_offer']);

/**
 * The events of a group commit, with each "changed, fetch again" notice (a market, its asks, its
 * offers, one user's portfolio) kept once, at its last place: a batch of 30 commands on one
 * player tells followers once that its market changed, not 30 times. Trades, fills and other
 * events are all kept, in order.
 */
export function withoutRepeatedNotices<E extends GameEvent>(events: readonly E[]): E[] {
  const seen = new Set<string>();
  const kept: E[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    const key = e.type === 'marketUpdated' || e.type === 'asksUpdated' || e.type === 'offersUpdated'
      ? `${e.type}:${e.itemType}:${e.itemId}`
      : e.type === 'portfolioUpdated' ? `${e.type}:${e.userId}` : null;
    if (key !== null) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    kept.push(e);
  }
  return kept.reverse();
}

function planned(result: PlanResult): Plan {
  if (result.ok) return result.plan;
  const code = NOT_FOUND_CODES.has(result.error.code) ? 'NOT_FOUND' : FORBIDDEN_CODES.has(result.error.code) ? 'FORBIDDEN' : 'BAD_REQUEST';
  return refuse(code, result.error.code, result.error.message);
}

export interface ExchangeDeps {
  db: Db;
  bus: EventBus;
  now: () => number;
  /** Told of every answer, plan, commit and fsync (monitoring); without one nothing is timed. */
  observer?: ExchangeObserver;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * The single writer. Each command is planned on the in-memory book, written in one SQLite
 * transaction, applied to the book, and only once the commit is durable answered and published as
 * events (commands that arrive together share the transaction and its fsync). Plans that the
 * command sets off (standing sells meeting asks once holdings change) run in the same transaction.
 * If the transaction fails, the books are rebuilt from the database, so memory never keeps a change
 * the disk does not have.
 */
export function createExchange({ db, bus, now, observer }: ExchangeDeps) {
  const marketState = createMarketStateRepo(db);
  let models = new ReadModels(marketState);
  const ledger = mirroredLedger(cachedLedger(createLedgerRepo(db)), () => models);
  const foreign = new ForeignWrites(db.$client);
  let books = new Map<string, OrderBook>();
  let tally = new OpenOrderTally();
  let counters = { orderId: 0, seq: 0 };
  let locksCheckedAt = 0;
  /** Why the exchange takes no more orders, once it does not. */
  let stopped: string | null = null;
  const walSync = new WalSync(
    db.$client,
    () => {
      // The disk refused to make committed writes durable: what they did may or may not survive a
      // crash, so the exchange takes no more orders until it is restarted (and rebuilt from disk).
      stopped = DISK_FAILED_MESSAGE;
    },
    // The log is copied into the database file on a worker thread, not inside an order's commit.
    { checkpoints: 'worker', onSynced: observer && ((s) => observer.synced(s)) },
  );

  /** Until the market state is read (after start-up, a page at a time: see `warmUp`). */
  let loader: MarketStateLoader | null = null;

  /** The tally, counters and read models of a market state read from the database. */
  function install(state: MarketState): void {
    loader = null;
    const active = new Set<string>([
      ...state.players.filter((p) => p.retiredAt === null).map((p) => bookKey('player', p.id)),
      ...state.teams.map((t) => bookKey('team', t.id)),
    ]);
    tally = OpenOrderTally.ofOrders(state.openOrders.filter((o) => active.has(bookKey(o.instrument, o.instrumentId))));
    // Counters from the open book and the holdings, and the largest order id from its index: no scan of every order ever placed.
    counters = { orderId: marketState.maxOrderId(), seq: largestSeq(state) };
    models = new ReadModels(marketState);
    models.load(state);
    foreign.acknowledge();
  }

  /**
   * Rebuilds the tally and the read models from the database, reading each table once; the books
   * are rebuilt each when first needed (`loadedBook`), from that instrument's rows alone.
   */
  function reload(): void {
    ledger.clear();
    locksCheckedAt = now();
    books = new Map();
    install(readMarketState(marketState, locksCheckedAt));
  }

  /** The market state, read now if it is not yet (anything that reads or writes it calls this first). */
  function loaded(): void {
    if (loader) install(loader.finish());
  }

  // At start-up nothing is read yet: `warmUp` reads it in steps, or the first call that needs it at once.
  ledger.clear();
  locksCheckedAt = now();
  loader = new MarketStateLoader(marketState, locksCheckedAt);
  foreign.acknowledge();

  /** An instrument's book, built from the read models the first time it is needed; undefined for a retired or unknown one. */
  function loadedBook(kind: InstrumentKind, id: number): OrderBook | undefined {
    const k = bookKey(kind, id);
    const kept = books.get(k);
    if (kept) return kept;
    loaded();
    const sources = bookSourcesOf(models, kind, id);
    if (!sources) return undefined;
    const book = booksFrom(sources, now(), createOrderBook).get(k)!;
    books.set(k, book);
    return book;
  }

  /**
   * Rebuilds only these instruments' books, tally entries and read models (after an admin's change
   * to them); their trades too for those marked `traded`.
   */
  function reloadInstruments(refs: readonly (InstrumentRef & { traded?: boolean })[]): void {
    ledger.clear();
    const at = now();
    for (const ref of refs) {
      const k = bookKey(ref.kind, ref.id);
      tally.countOrders(models.orders.asks(k), -1);
      tally.countOrders(models.orders.offers(k), -1);
      books.delete(k);
      models.reloadInstrument(ref.kind, ref.id, ref.traded ? at - WEEK_MS - DAY_MS : null);
      if (models.instruments.get(ref.kind, ref.id)?.active) {
        tally.countOrders(models.orders.asks(k), 1);
        tally.countOrders(models.orders.offers(k), 1);
      }
    }
    models.updatePayrolls();
    foreign.acknowledge();
  }

  /**
   * Anything written to the market's tables behind the exchange's back: rebuild everything from the
   * database. Then the state read, if it is not yet.
   */
  function sync(): void {
    if (foreign.changed()) reload();
    loaded();
  }

  function bookFor(ref: InstrumentRef): OrderBook {
    const book = loadedBook(ref.kind, ref.id);
    if (!book) refuse('NOT_FOUND', 'instrument_not_found', ref.kind === 'player' ? 'Player not found' : 'Team not found');
    return book!;
  }

  /** Shares of a holding that may be listed, dumped or sold automatically: not listed, not locked. */
  function unlisted(ref: InstrumentRef, userId: number, at: number, h = ledger.holding(ref.kind, userId, ref.id)): number {
    if (!h || h.lockedUntil > at) return 0;
    return h.shares - tally.listedShares(bookKey(ref.kind, ref.id), userId);
  }

  function cashOf(userId: number): number {
    const cash = ledger.balance(userId);
    if (cash === undefined) refuse('NOT_FOUND', 'user_not_found', 'User not found');
    return cash!;
  }

  /** Everything one command does, collected while it runs and published after the commit. */
  class Run {
    readonly at = now();
    readonly events: GameEvent[] = [];
    readonly senderFills: FillSummary[] = [];
    private cascade = 0;
    private readonly touchedUsers = new Set<number>();
    private readonly touched = new Map<string, InstrumentRef>();

    constructor(readonly sender: number) {}

    commit(ref: InstrumentRef, book: OrderBook, plan: Plan): void {
      if (++this.cascade > MAX_CASCADE) throw new Error('Too many automatic fills for one command');
      this.write(ref, plan);
      tally.record(bookKey(ref.kind, ref.id), book, plan);
      book.apply(plan);
      this.touched.set(bookKey(ref.kind, ref.id), ref);
      const users = new Set<number>([plan.userId, ...plan.accounts.map((a) => a.userId)]);
      for (const userId of users) this.refreshStandingSell(ref, book, userId);
    }

    /** Keeps a user's standing sell equal to the holding's unlisted shares at its minimum price; it may fill resting asks. */
    refreshStandingSell(ref: InstrumentRef, book: OrderBook, userId: number): void {
      const h = ledger.holding(ref.kind, userId, ref.id);
      const shares = h ? unlisted(ref, userId, this.at, h) : 0;
      const current = book.getStandingSell(userId);
      let command: Command | null = null;
      if (shares === 0 || !h) {
        if (current) command = { kind: 'removeStandingSell', userId };
      } else if (!current || current.price !== h.minSellPriceCents || current.shares !== shares || current.seq !== h.minSellSeq) {
        command = { kind: 'setStandingSell', userId, price: h.minSellPriceCents, shares, seq: h.minSellSeq };
      }
      if (!command) return;
      const result = book.plan(command);
      if (!result.ok) throw new Error(`Standing sell refresh refused: ${result.error.message}`);
      if (result.plan.noop) return;
      this.commit(ref, book, result.plan);
    }

    private write(ref: InstrumentRef, plan: Plan): void {
      const { kind, id } = ref;
      const buyCost = new Map<number, number>();
      let lastUserPrice: number | null = null;
      const itemName = ledger.instrumentName(kind, id);
      for (const fill of plan.fills) {
        const tradeId = ledger.insertTrade({ instrument: kind, instrumentId: id, buyerId: fill.buyerId, sellerId: fill.sellerId, shares: fill.shares, price: fill.price, at: this.at });
        if (fill.buyerId !== null) buyCost.set(fill.buyerId, (buyCost.get(fill.buyerId) ?? 0) + fill.shares * fill.price);
        if (fill.buyerId !== null && fill.sellerId !== null) lastUserPrice = fill.price;
        if (fill.buyerId === this.sender || fill.sellerId === this.sender) {
          this.senderFills.push({ tradeId, buyerId: fill.buyerId, sellerId: fill.sellerId, shares: fill.shares, priceCents: fill.price });
        }
        this.events.push({
          type: 'tradeCompleted',
          userId: null,
          trade: {
            tradeId, itemType: kind, itemId: id, itemName,
            buyerId: fill.buyerId, sellerId: fill.sellerId,
            buyerUsername: fill.buyerId === null ? null : ledger.username(fill.buyerId),
            sellerUsername: fill.sellerId === null ? null : ledger.username(fill.sellerId),
            shares: fill.shares, priceCents: fill.price, at: this.at,
          },
        });
        const passive = fill.askId !== null && fill.buyerId !== null && fill.buyerId !== plan.userId
          ? { userId: fill.buyerId, side: 'ask' as const, orderId: fill.askId }
          : fill.sellerId !== null && fill.sellerId !== plan.userId
            ? { userId: fill.sellerId, side: 'offer' as const, orderId: fill.offerId ?? 0 }
            : null;
        if (passive) this.events.push({ type: 'orderFilled', ...passive, itemType: kind, itemId: id, itemName, shares: fill.shares, priceCents: fill.price });
      }
      for (const account of plan.accounts) {
        ledger.addCash(account.userId, account.cash);
        if (account.shares !== 0) this.changeHolding(ref, account.userId, account.shares, buyCost.get(account.userId) ?? 0);
        this.touchedUsers.add(account.userId);
      }
      if (plan.newAsk) {
        const a = plan.newAsk;
        const best = book(ref).bestAskExcept(a.userId);
        if (best && best.price < a.price) {
          this.events.push({ type: 'outbid', userId: best.userId, itemType: kind, itemId: id, itemName, yourPriceCents: best.price, bestPriceCents: a.price });
        }
        ledger.insertOrder({ id: a.id, side: 'ask', instrument: kind, instrumentId: id, userId: a.userId, priceCents: a.price, shares: a.shares, seq: a.seq, at: this.at });
      }
      if (plan.newOffer) {
        const o = plan.newOffer;
        ledger.insertOrder({ id: o.id, side: 'offer', instrument: kind, instrumentId: id, userId: o.userId, priceCents: o.price, shares: o.shares, seq: o.seq, at: this.at });
        this.events.push({ type: 'offerPosted', userId: null, itemType: kind, itemId: id, itemName, sellerId: o.userId, sellerUsername: ledger.username(o.userId) ?? '', offerId: o.id, shares: o.shares, priceCents: o.price });
      }
      for (const u of plan.askUpdates) ledger.setOrderRemaining(u.id, u.shares);
      for (const u of plan.offerUpdates) ledger.setOrderRemaining(u.id, u.shares);
      if (plan.cancelled) ledger.cancelOrder(plan.cancelled.id);
      if (plan.remaining !== book(ref).remaining) ledger.setRemaining(kind, id, plan.remaining);
      if (lastUserPrice !== null) ledger.setLastPrice(kind, id, lastUserPrice);
      if (plan.newAsk || plan.askUpdates.length || (plan.cancelled && plan.kind === 'cancelAsk')) this.events.push({ type: 'asksUpdated', userId: null, itemType: kind, itemId: id });
      if (plan.newOffer || plan.offerUpdates.length || (plan.cancelled && plan.kind === 'cancelOffer')) this.events.push({ type: 'offersUpdated', userId: null, itemType: kind, itemId: id });
    }

    /** A holding grows with what was paid (and its standing sell goes to the back), or shrinks keeping its average. */
    private changeHolding(ref: InstrumentRef, userId: number, delta: number, paidCents: number): void {
      const h: HoldingState = ledger.holding(ref.kind, userId, ref.id) ?? {
        shares: 0, costBasisCents: 0, minSellPriceCents: 0, minSellCustom: false, minSellSeq: 0, lockedUntil: 0,
      };
      const shares = h.shares + delta;
      if (shares < 0) throw new Error(`Holding of user ${userId} would go negative`);
      if (delta > 0) {
        const cost = h.costBasisCents + paidCents;
        ledger.saveHolding(ref.kind, userId, ref.id, {
          shares,
          costBasisCents: cost,
          minSellCustom: h.minSellCustom,
          minSellPriceCents: h.minSellCustom ? h.minSellPriceCents : ref.kind === 'team' ? DEFAULT_TEAM_MIN_SELL_CENTS : defaultMinSellFromCost(cost, shares),
          minSellSeq: ++counters.seq,
          lockedUntil: ref.kind === 'team' ? this.at + TEAM_LOCK_MS : 0,
        });
      } else {
        ledger.saveHolding(ref.kind, userId, ref.id, { ...h, shares, costBasisCents: shares === 0 ? 0 : scaleRounded(h.costBasisCents, shares, h.shares) });
      }
    }

    outcome(ref: InstrumentRef, plan: Plan | null): ExchangeOutcome {
      const mine = (r: { id: number; userId: number; shares: number; price: number } | null) =>
        r && r.userId === this.sender ? { id: r.id, shares: r.shares, priceCents: r.price } : null;
      return {
        instrument: ref,
        bought: this.senderFills.filter((f) => f.buyerId === this.sender).reduce((s, f) => s + f.shares, 0),
        sold: this.senderFills.filter((f) => f.sellerId === this.sender).reduce((s, f) => s + f.shares, 0),
        fills: this.senderFills,
        ask: plan ? mine(plan.newAsk) : null,
        offer: plan ? mine(plan.newOffer) : null,
        noop: plan?.noop ?? false,
      };
    }

    finalEvents(): GameEvent[] {
      for (const ref of this.touched.values()) this.events.push({ type: 'marketUpdated', userId: null, itemType: ref.kind, itemId: ref.id });
      for (const userId of this.touchedUsers) this.events.push({ type: 'portfolioUpdated', userId });
      return this.events;
    }
  }

  const book = (ref: InstrumentRef) => bookFor(ref);

  /** Finds the book of an open order, checking its side (and kind, when the caller names one). */
  function orderRef(id: number, side: 'ask' | 'offer', kind?: InstrumentKind): InstrumentRef {
    const order = ledger.order(id);
    const label = side === 'ask' ? 'Ask' : 'Offer';
    if (!order || order.side !== side || (kind && order.instrument !== kind)) return refuse('NOT_FOUND', 'order_not_found', `${label} ${id} not found`);
    if (order.status !== 'open') return refuse('CONFLICT', 'order_not_open', `${label} ${id} is no longer open: it was ${order.status === 'filled' ? (side === 'ask' ? 'filled' : 'bought') : 'cancelled'}`);
    return { kind: order.instrument, id: order.instrumentId };
  }

  function execute(cmd: ExchangeCommand, run: Run): ExchangeOutcome {
    const user = cmd.userId;
    const go = (ref: InstrumentRef, make: (book: OrderBook) => Command): ExchangeOutcome => {
      const b = book(ref);
      const planStart = observer ? performance.now() : 0;
      const result = b.plan(make(b));
      observer?.planned(seconds(planStart));
      const plan = planned(result);
      if ((plan.newAsk || plan.newOffer) && tally.openOrders(user) >= MAX_OPEN_ORDERS_PER_USER) {
        refuse('BAD_REQUEST', 'open_order_limit', `You already have ${MAX_OPEN_ORDERS_PER_USER} open asks and offers: cancel some before posting more`);
      }
      if (!plan.noop) run.commit(ref, b, plan);
      return run.outcome(ref, plan);
    };
    switch (cmd.type) {
      case 'buy':
        assertTradable(cmd.instrument);
        assertMayBuy(cmd.instrument, user, run.at);
        return go(cmd.instrument, () => ({ kind: 'buy', userId: user, shares: cmd.shares, price: cmd.priceCents, cash: cashOf(user), orderId: ++counters.orderId, seq: ++counters.seq }));
      case 'listOffer':
        assertTradable(cmd.instrument);
        assertUnlocked(cmd.instrument, user, run.at);
        return go(cmd.instrument, () => ({ kind: 'listOffer', userId: user, shares: cmd.shares, price: cmd.priceCents, unlisted: unlisted(cmd.instrument, user, run.at), orderId: ++counters.orderId, seq: ++counters.seq }));
      case 'dump':
        assertTradable(cmd.instrument);
        assertUnlocked(cmd.instrument, user, run.at);
        return go(cmd.instrument, () => ({ kind: 'dump', userId: user, shares: cmd.shares, unlisted: unlisted(cmd.instrument, user, run.at) }));
      case 'acceptAsk': {
        const ref = orderRef(cmd.askId, 'ask', cmd.kind);
        assertUnlocked(ref, user, run.at);
        return go(ref, () => ({ kind: 'acceptAsk', userId: user, askId: cmd.askId, shares: cmd.shares, unlisted: unlisted(ref, user, run.at) }));
      }
      case 'acceptOffer': {
        const ref = orderRef(cmd.offerId, 'offer');
        assertMayBuy(ref, user, run.at);
        return go(ref, () => ({ kind: 'acceptOffer', userId: user, offerId: cmd.offerId, shares: cmd.shares, cash: cashOf(user) }));
      }
      case 'cancelAsk': {
        const ref = orderRef(cmd.askId, 'ask');
        return go(ref, () => ({ kind: 'cancelAsk', userId: user, askId: cmd.askId }));
      }
      case 'cancelOffer': {
        const ref = orderRef(cmd.offerId, 'offer');
        return go(ref, () => ({ kind: 'cancelOffer', userId: user, offerId: cmd.offerId }));
      }
      case 'declineAsk': {
        const ref = orderRef(cmd.askId, 'ask', cmd.kind);
        if (ledger.order(cmd.askId)?.userId === user) refuse('BAD_REQUEST', 'own_ask', 'You cannot decline your own ask; cancel it instead');
        ledger.declineAsk(cmd.askId, user, run.at);
        run.events.push({ type: 'asksUpdated', userId: null, itemType: ref.kind, itemId: ref.id });
        return run.outcome(ref, null);
      }
      case 'setMinSellPrice': {
        const ref = cmd.instrument;
        if (!Number.isSafeInteger(cmd.priceCents) || cmd.priceCents < MIN_ORDER_PRICE_CENTS) refuse('BAD_REQUEST', 'invalid_price', 'Invalid price: the minimum sell price must be at least $1.00');
        const b = book(ref);
        const h = ledger.holding(ref.kind, user, ref.id);
        if (!h) return refuse('BAD_REQUEST', 'no_holding', `You hold no shares of this ${ref.kind}`);
        ledger.saveHolding(ref.kind, user, ref.id, { ...h, minSellPriceCents: cmd.priceCents, minSellCustom: true, minSellSeq: ++counters.seq });
        run.refreshStandingSell(ref, b, user);
        return run.outcome(ref, null);
      }
    }
  }

  /** RULES.md "Teams": one Eastern and one Western team; "Draft": a rookie is open to his team's holders for a week. */
  function assertMayBuy(ref: InstrumentRef, userId: number, at: number): void {
    if (ref.kind === 'team') {
      const other = ledger.sameConferenceTeam(userId, ref.id);
      if (other) {
        const conference = ledger.team(ref.id)?.conference ?? '';
        refuse('BAD_REQUEST', 'one_team_per_conference', `You already hold or bid on ${other}: you may have one ${conference === 'East' ? 'Eastern' : 'Western'} team only`);
      }
      return;
    }
    const player = ledger.instrument('player', ref.id);
    if (player?.restrictedUntil && player.restrictedUntil > at && player.teamId !== null && !ledger.holding('team', userId, player.teamId)) {
      const team = ledger.team(player.teamId)?.name ?? 'his team';
      refuse('FORBIDDEN', 'rookie_restricted', `Until ${new Date(player.restrictedUntil).toISOString().slice(0, 10)} only holders of ${team} shares may buy this rookie`);
    }
  }

  /** Team shares bought in the last 7 days cannot be listed, dumped or sold. */
  function assertUnlocked(ref: InstrumentRef, userId: number, at: number): void {
    if (ref.kind !== 'team') return;
    const h = ledger.holding('team', userId, ref.id);
    if (h && h.lockedUntil > at) refuse('BAD_REQUEST', 'team_locked', `Your shares of this team are locked until ${new Date(h.lockedUntil).toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  }

  function assertTradable(ref: InstrumentRef): void {
    const instrument = ledger.instrument(ref.kind, ref.id);
    const label = ref.kind === 'player' ? 'Player' : 'Team';
    if (!instrument) refuse('NOT_FOUND', 'instrument_not_found', `${label} not found`);
    if (!instrument!.active) refuse('BAD_REQUEST', 'retired', `${label} is retired and no longer trades`);
  }

  interface Pending {
    cmd: ExchangeCommand;
    resolve: (result: ExchangeResult) => void;
    reject: (error: unknown) => void;
    /** When it was submitted (performance.now()), when there is an observer. */
    at: number;
  }
  const queue: Pending[] = [];
  let flushScheduled = false;

  const stoppedResult = (cmd: ExchangeCommand): ExchangeResult => {
    observer?.refused(cmd.type, 'unavailable', 0);
    return { ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: stopped ?? STOPPED_MESSAGE } };
  };

  /** Group commits so far: transactions, the commands they held, the largest. */
  const commits = { batches: 0, commands: 0, largest: 0 };

  const flushQueued = () => flush();

  /**
   * Commits what is queued. While the log's last fsync is still running, queued commands wait for
   * it and then go in one transaction (one fsync per transaction, as large as the disk makes it);
   * `now` commits at once (for the synchronous callers below).
   */
  function flush(now = false): void {
    if (!now && walSync.syncing) {
      walSync.afterSync(flushQueued);
      return;
    }
    flushScheduled = false;
    if (queue.length === 0) return;
    commits.batches += 1;
    commits.commands += queue.length;
    commits.largest = Math.max(commits.largest, queue.length);
    runBatch(queue.splice(0));
  }

  /**
   * One transaction for the whole batch, one savepoint per command: a refused or failed command
   * leaves the others alone. Answers and events go out only once the transaction is durable: for
   * queued commands after the log's fsync on the thread pool (`WalSync`), for `now` before returning.
   */
  function runBatch(batch: Pending[], now = false): void {
    sync();
    const done: ({ ok: true; run: Run; outcome: ExchangeOutcome } | { ok: false; result?: ExchangeResult; reason?: RefusalReason; error?: unknown })[] = [];
    const each = db.$client.transaction((cmd: ExchangeCommand, run: Run) => execute(cmd, run));
    const commit = db.$client.transaction(() => foreign.own(() => {
      for (const { cmd } of batch) {
        const run = new Run(cmd.userId);
        try {
          done.push({ ok: true, run, outcome: each(cmd, run) });
        } catch (error) {
          // A refusal is decided before anything is written or applied; anything else may have
          // changed a book, so the books are rebuilt from the batch's state without this command.
          if (error instanceof Refused) done.push({ ok: false, result: { ok: false, error: error.error }, reason: error.reason });
          // SQLite rolls the whole transaction back on some failures (a full disk, I/O errors): then
          // nothing of the batch is written, and every command in it is answered with the failure.
          else if (!db.$client.inTransaction) throw error;
          else {
            reload();
            done.push({ ok: false, error });
          }
        }
      }
    }));
    const release = () => {
      // Every event of the batch is published before any answer, as one list without repeated notices.
      bus.publish(withoutRepeatedNotices(done.flatMap((d) => (d.ok ? d.run.finalEvents() : []))));
      batch.forEach((p, i) => {
        const d = done[i]!;
        if (observer) {
          if (d.ok) observer.accepted(p.cmd.type, seconds(p.at));
          else if (d.reason) observer.refused(p.cmd.type, d.reason, seconds(p.at));
          else observer.failed(p.cmd.type);
        }
        if (d.ok) p.resolve({ ok: true, outcome: d.outcome });
        else if (d.result) p.resolve(d.result);
        else p.reject(d.error);
      });
    };
    try {
      if (now) {
        commit();
        walSync.releaseAll();
        release();
      } else {
        const timed = observer && (() => {
          const start = performance.now();
          commit();
          observer.committed(batch.length, seconds(start));
        });
        walSync.commitThenRelease(timed ?? commit, release, (error) => fail(batch, error));
      }
    } catch (error) {
      reload();
      fail(batch, error);
    }
  }

  function fail(batch: Pending[], error: unknown): void {
    for (const p of batch) {
      observer?.failed(p.cmd.type);
      p.reject(error);
    }
  }

  return {
    /**
     * Queues a command; it runs with every other command that arrived in the same turn of the event
     * loop, in one transaction (group commit), and is answered only once that transaction is durable.
     */
    submit(cmd: ExchangeCommand): Promise<ExchangeResult> {
      if (stopped) return Promise.resolve(stoppedResult(cmd));
      return new Promise((resolve, reject) => {
        queue.push({ cmd, resolve, reject, at: observer ? performance.now() : 0 });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Runs one command at once in its own transaction (after anything queued): for tools and tests. */
    submitNow(cmd: ExchangeCommand): ExchangeResult {
      if (stopped) return stoppedResult(cmd);
      flush(true);
      let result: ExchangeResult | undefined;
      let failure: unknown;
      runBatch([{ cmd, resolve: (r) => (result = r), reject: (e) => (failure = e), at: observer ? performance.now() : 0 }], true);
      if (failure !== undefined) throw failure;
      return result!;
    },
    /** Rebuilds every book from the database (after changes made outside the exchange, and at start-up). */
    reload,
    /**
     * Runs a change that is not an order (an admin's contract change, retirement, draft) as the single
     * writer: in one transaction, then the books and read models of the instruments it names in
     * `touched` are rebuilt from the database (with their trades, for those it marks `traded`;
     * everything when it names none, or when it fails); its events are published once the commit is
     * durable (await `idle()` before telling anyone it is done).
     */
    exclusive<T>(change: () => { result: T; events: GameEvent[]; touched?: (InstrumentRef & { traded?: boolean })[] }): T {
      if (stopped) throw new ExchangeRefusal('SERVICE_UNAVAILABLE', stopped);
      flush(true);
      sync();
      let done: { result: T; events: GameEvent[]; touched?: (InstrumentRef & { traded?: boolean })[] } | undefined;
      try {
        // Committed like a batch of orders: the log's fsync runs off the event loop, and the events
        // wait for it (`idle()` resolves once it is durable, for an answer that must wait too).
        walSync.commitThenRelease(
          () => {
            done = db.$client.transaction(() => foreign.own(change))();
          },
          () => bus.publish(done!.events),
          () => undefined,
        );
      } catch (error) {
        reload();
        throw error;
      }
      if (done!.touched) reloadInstruments(done!.touched);
      else reload();
      return done!.result;
    },
    /** Takes no more commands (graceful shutdown): every command before this one is committed, and durable once `idle()` resolves. */
    stop(): void {
      flush(true);
      stopped ??= STOPPED_MESSAGE;
    },
    /** Resolves once every committed command has been answered (its commit is durable). */
    idle(): Promise<void> {
      return walSync.idle();
    },
    /** Closes what the exchange holds open beside the database (after `stop` and `idle`). */
    close(): void {
      walSync.close();
    },
    /** Team holdings whose lock ended since the last call join the book as standing sells (and may fill asks). */
    releaseLocks(): number {
      sync();
      const at = now();
      const due = ledger.locksEnding(locksCheckedAt, at);
      locksCheckedAt = at;
      if (due.length === 0) return 0;
      flush(true);
      const run = new Run(0);
      try {
        db.$client.transaction(() =>
          foreign.own(() => {
            for (const d of due) {
              const ref = { kind: 'team' as const, id: d.teamId };
              run.refreshStandingSell(ref, book(ref), d.userId);
            }
          }),
        )();
      } catch (error) {
        reload();
        throw error;
      }
      walSync.releaseAll();
      bus.publish(run.finalEvents());
      return due.length;
    },
    /** The book of an instrument (read now if it was not yet), for reads and tests; never mutate it. */
    book(ref: InstrumentRef): OrderBook | undefined {
      sync();
      return loadedBook(ref.kind, ref.id);
    },
    /** The books in memory: those built since the last rebuild (when first needed, or by `warmUp`). */
    bookKeys(): string[] {
      return [...books.keys()];
    },
    /** The open orders per user, as the exchange counts them (for tests); never mutate it. */
    openOrderTally(): OpenOrderTally {
      sync();
      return tally;
    },
    /**
     * Reads the market state after start-up a page at a time between whatever else the event loop
     * does (the first call that needs it reads the rest at once), then every instrument's price over
     * time and book the same way (each is otherwise made when first asked for). Resolves once all is
     * read, or the exchange stops or rebuilds its read models meanwhile.
     */
    warmUp(): Promise<void> {
      return new Promise((resolve) => {
        let keys: string[] | null = null;
        let target: ReadModels | null = null;
        let next = 0;
        const step = () => {
          if (stopped || !db.$client.open) return resolve();
          const until = performance.now() + 4;
          try {
            if (foreign.changed()) reload();
            while (loader && performance.now() < until) if (loader.step()) install(loader.state);
            if (!loader && performance.now() < until) {
              if (target === null) {
                target = models;
                keys = target.instruments.keys();
              }
              if (target !== models) return resolve();
              // Every instrument's prices over time, then every book.
              const total = 2 * keys!.length;
              while (next < total && performance.now() < until) {
                const k = keys![next % keys!.length]!;
                if (next < keys!.length) target.timelines.preload(k);
                else {
                  const [kind, id] = k.split(':') as [InstrumentKind, string];
                  loadedBook(kind, Number(id));
                }
                next++;
              }
              if (next >= total) return resolve();
            }
          } catch {
            return resolve();
          }
          setTimeout(step, 1).unref();
        };
        setTimeout(step, 1).unref();
      });
    },
    /**
     * What the screens read, as of the last commit (rebuilt first if the market's tables were written
     * behind the exchange's back). Read it synchronously; never mutate it.
     */
    readModels(): ReadModels {
      sync();
      return models;
    },
    /** How many group commits ran and how many queued commands they held (for benchmarks and monitoring). */
    commitStats(): { batches: number; commands: number; largest: number } {
      return { ...commits };
    },
  };
}
export type Exchange = ReturnType<typeof createExchange>;
