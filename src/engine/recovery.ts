import type { InstrumentKind, LedgerRepo, OpenOrderRow } from '../db/repos/ledger.js';
import { INSTRUMENT_KINDS } from '../shared/instrument.js';
import type { HoldingStateRow, MarketStateRepo } from '../db/repos/market-state.js';
import type { BookSnapshot, OrderBook, RestingOrder, StandingSell } from '../domain/orderbook/index.js';
import type { MarketState, ReadModels } from './read-models/read-models.js';
import { WEEK_MS, DAY_MS } from './read-models/trade-windows.js';

const key = (kind: InstrumentKind, id: number) => `${kind}:${id}`;

/** What a book is rebuilt from: its instrument's open market, open orders and holdings. */
export interface BookSources {
  instruments: { kind: InstrumentKind; id: number; remaining: number }[];
  orders: readonly OpenOrderRow[];
  holdings: Record<
    InstrumentKind,
    readonly { userId: number; instrumentId: number; shares: number; minSellPriceCents: number; minSellSeq: number; lockedUntil: number }[]
  >;
}

/**
 * Builds books from their sources: open-market supply, open asks and offers, and a standing sell for
 * every holding's unlisted, unlocked shares at its minimum price.
 */
export function booksFrom(
  sources: BookSources,
  now: number,
  create: (snapshot: BookSnapshot) => OrderBook,
  only?: ReadonlySet<string>,
): Map<string, OrderBook> {
  type Snapshot = { remaining: number; asks: RestingOrder[]; offers: RestingOrder[]; standingSells: StandingSell[]; listed: Map<number, number> };
  const snapshots = new Map<string, Snapshot>();
  for (const i of sources.instruments) {
    if (!only || only.has(key(i.kind, i.id)))
      snapshots.set(key(i.kind, i.id), { remaining: i.remaining, asks: [], offers: [], standingSells: [], listed: new Map() });
  }
  for (const o of sources.orders) {
    const s = snapshots.get(key(o.instrument, o.instrumentId));
    if (!s) continue;
    const order = { id: o.id, userId: o.userId, price: o.priceCents, shares: o.sharesRemaining, seq: o.seq };
    if (o.side === 'ask') s.asks.push(order);
    else {
      s.offers.push(order);
      s.listed.set(o.userId, (s.listed.get(o.userId) ?? 0) + o.sharesRemaining);
    }
  }
  for (const kind of INSTRUMENT_KINDS) {
    // By number: one string key per instrument, not one per holding.
    const byId = new Map<number, Snapshot>();
    for (const [k, s] of snapshots) if (k.startsWith(`${kind}:`)) byId.set(Number(k.slice(kind.length + 1)), s);
    for (const h of sources.holdings[kind]) {
      const s = byId.get(h.instrumentId);
      if (!s || h.lockedUntil > now) continue;
      const shares = h.shares - (s.listed.get(h.userId) ?? 0);
      if (shares > 0) s.standingSells.push({ userId: h.userId, price: h.minSellPriceCents, shares, seq: h.minSellSeq });
    }
  }
  const books = new Map<string, OrderBook>();
  for (const [k, s] of snapshots) {
    s.asks.sort((a, b) => b.price - a.price || a.seq - b.seq);
    s.offers.sort((a, b) => a.price - b.price || a.seq - b.seq);
    s.standingSells.sort((a, b) => a.userId - b.userId);
    books.set(k, create({ remaining: s.remaining, asks: s.asks, offers: s.offers, standingSells: s.standingSells }));
  }
  return books;
}

const fromLedger = (h: { userId: number; instrumentId: number; shares: number; price: number; seq: number; locked: number }) => ({
  userId: h.userId,
  instrumentId: h.instrumentId,
  shares: h.shares,
  minSellPriceCents: h.price,
  minSellSeq: h.seq,
  lockedUntil: h.locked,
});

/**
 * One instrument's book sources from the read models (kept equal to the database by the single
 * writer): no query. Undefined for an unknown instrument or a retired player. The holdings of
 * `removed` members make no standing sells.
 */
export function bookSourcesOf(models: ReadModels, kind: InstrumentKind, id: number, removed: ReadonlySet<number> = new Set()): BookSources | undefined {
  const i = models.instruments.get(kind, id);
  if (!i?.active) return undefined;
  const k = key(kind, id);
  const orders = [...models.orders.asks(k), ...models.orders.offers(k)].map((o) => ({ ...o, instrument: o.kind }));
  // A removed member's shares stay theirs but offer nothing for sale: no standing sell (RULES.md, Leagues).
  const holders = models.holdings.holders(k);
  const holdings = removed.size === 0 ? holders : holders.filter((h) => !removed.has(h.userId));
  return {
    instruments: [{ kind, id, remaining: i.remaining }],
    orders,
    holdings: kind === 'player' ? { player: holdings, team: [] } : { player: [], team: holdings },
  };
}

/** Rebuilds every book (or those in `only`) from the database. */
export function loadBooks(ledger: LedgerRepo, now: number, create: (snapshot: BookSnapshot) => OrderBook, only?: ReadonlySet<string>): Map<string, OrderBook> {
  return booksFrom(
    {
      instruments: INSTRUMENT_KINDS.flatMap((kind) => ledger.instruments(kind).map((i) => ({ kind, id: i.id, remaining: i.remaining }))),
      orders: ledger.openOrders(),
      holdings: { player: ledger.allHoldings('player').map(fromLedger), team: ledger.allHoldings('team').map(fromLedger) },
    },
    now,
    create,
    only,
  );
}

/** The market's whole state for the books and the read models, read once: each table through one query. */
export function readMarketState(repo: MarketStateRepo, now: number): MarketState {
  return {
    players: repo.players(),
    teams: repo.teams(),
    holdings: { player: repo.holdings('player'), team: repo.holdings('team') },
    openOrders: repo.openOrders(),
    trades: repo.tradesSince(now - WEEK_MS - DAY_MS),
    declines: repo.declines(),
    marks: { seasonStart: repo.seasonStart() },
  };
}

/** The largest time-priority sequence number in use by an open order or a holding: new ones go after it. */
export function largestSeq(state: MarketState): number {
  let seq = 0;
  for (const o of state.openOrders) if (o.seq > seq) seq = o.seq;
  for (const kind of INSTRUMENT_KINDS) for (const h of state.holdings[kind]) if (h.minSellSeq > seq) seq = h.minSellSeq;
  return seq;
}

/** Rows read per step by a MarketStateLoader: a few milliseconds of reading each. */
const LOAD_PAGE = 2_000;

/**
 * Reads a market state a page at a time, so that a server can answer while it loads after start-up;
 * `finish()` reads the rest at once (when the state is needed before the steps are done). Between
 * two steps the market must not change: the exchange finishes loading before it writes anything.
 */
export class MarketStateLoader {
  readonly state: MarketState;
  private phase: 'player' | 'team' | 'orders' | 'trades' | 'done' = 'player';
  private lastHolding: HoldingStateRow | null = null;
  private lastOrder: MarketState['openOrders'][number] | null = null;
  private lastTrade: { createdAt: number; id: number } | null = null;

  constructor(
    private readonly repo: MarketStateRepo,
    private readonly now: number,
    private readonly pageSize = LOAD_PAGE,
  ) {
    this.state = {
      players: repo.players(),
      teams: repo.teams(),
      holdings: { player: [], team: [] },
      openOrders: [],
      trades: [],
      declines: [],
      marks: { seasonStart: repo.seasonStart() },
    };
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  /** Reads one page; true once everything is read. */
  step(): boolean {
    const { repo, state } = this;
    switch (this.phase) {
      case 'player':
      case 'team': {
        const kind = this.phase;
        const rows = repo.holdingsPage(kind, this.lastHolding, this.pageSize);
        state.holdings[kind].push(...rows);
        if (rows.length < this.pageSize) {
          this.phase = kind === 'player' ? 'team' : 'orders';
          this.lastHolding = null;
        } else {
          this.lastHolding = rows[rows.length - 1]!;
        }
        break;
      }
      case 'orders': {
        const rows = repo.openOrdersPage(this.lastOrder, this.pageSize);
        state.openOrders.push(...rows);
        if (rows.length < this.pageSize) this.phase = 'trades';
        else this.lastOrder = rows[rows.length - 1]!;
        break;
      }
      case 'trades': {
        const rows = repo.tradesPage(this.now - WEEK_MS - DAY_MS, this.lastTrade, this.pageSize);
        for (const { id: _id, ...t } of rows) state.trades.push(t);
        if (rows.length < this.pageSize) {
          state.declines = repo.declines();
          this.phase = 'done';
        } else {
          this.lastTrade = rows[rows.length - 1]!;
        }
        break;
      }
      case 'done':
        break;
    }
    return this.done;
  }

  /** Reads whatever is left. */
  finish(): MarketState {
    while (!this.step());
    return this.state;
  }
}
