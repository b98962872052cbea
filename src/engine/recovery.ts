import type { InstrumentKind, LedgerRepo } from '../db/repos/ledger.js';
import type { MarketStateRepo } from '../db/repos/market-state.js';
import type { BookSnapshot, OrderBook, RestingOrder, StandingSell } from '../domain/orderbook/index.js';
import type { MarketState } from './read-models/read-models.js';
import { WEEK_MS, DAY_MS } from './read-models/trade-windows.js';

const key = (kind: InstrumentKind, id: number) => `${kind}:${id}`;

/** What a book is rebuilt from: its instrument's open market, open orders and holdings. */
export interface BookSources {
  instruments: { kind: InstrumentKind; id: number; remaining: number }[];
  orders: readonly { id: number; side: 'ask' | 'offer'; instrument: InstrumentKind; instrumentId: number; userId: number; priceCents: number; sharesRemaining: number; seq: number }[];
  holdings: Record<InstrumentKind, readonly { userId: number; instrumentId: number; shares: number; price: number; seq: number; locked: number }[]>;
}

/**
 * Builds books from their sources: open-market supply, open asks and offers, and a standing sell for
 * every holding's unlisted, unlocked shares at its minimum price.
 */
export function booksFrom(sources: BookSources, now: number, create: (snapshot: BookSnapshot) => OrderBook, only?: ReadonlySet<string>): Map<string, OrderBook> {
  const snapshots = new Map<string, { remaining: number; asks: RestingOrder[]; offers: RestingOrder[]; standingSells: StandingSell[] }>();
  for (const i of sources.instruments) {
    if (!only || only.has(key(i.kind, i.id))) snapshots.set(key(i.kind, i.id), { remaining: i.remaining, asks: [], offers: [], standingSells: [] });
  }
  const listed = new Map<string, number>();
  for (const o of sources.orders) {
    const s = snapshots.get(key(o.instrument, o.instrumentId));
    if (!s) continue;
    const order = { id: o.id, userId: o.userId, price: o.priceCents, shares: o.sharesRemaining, seq: o.seq };
    if (o.side === 'ask') s.asks.push(order);
    else {
      s.offers.push(order);
      const k = `${key(o.instrument, o.instrumentId)}:${o.userId}`;
      listed.set(k, (listed.get(k) ?? 0) + o.sharesRemaining);
    }
  }
  for (const kind of ['player', 'team'] as const) {
    for (const h of sources.holdings[kind]) {
      const s = snapshots.get(key(kind, h.instrumentId));
      if (!s || h.locked > now) continue;
      const shares = h.shares - (listed.get(`${key(kind, h.instrumentId)}:${h.userId}`) ?? 0);
      if (shares > 0) s.standingSells.push({ userId: h.userId, price: h.price, shares, seq: h.seq });
    }
  }
  const books = new Map<string, OrderBook>();
  for (const [k, s] of snapshots) {
    s.asks.sort((a, b) => b.price - a.price || a.seq - b.seq);
    s.offers.sort((a, b) => a.price - b.price || a.seq - b.seq);
    s.standingSells.sort((a, b) => a.userId - b.userId);
    books.set(k, create(s));
  }
  return books;
}

/** Rebuilds every book (or those in `only`) from the database. */
export function loadBooks(ledger: LedgerRepo, now: number, create: (snapshot: BookSnapshot) => OrderBook, only?: ReadonlySet<string>): Map<string, OrderBook> {
  return booksFrom(
    {
      instruments: (['player', 'team'] as const).flatMap((kind) => ledger.instruments(kind).map((i) => ({ kind, id: i.id, remaining: i.remaining }))),
      orders: ledger.openOrders(),
      holdings: { player: ledger.allHoldings('player'), team: ledger.allHoldings('team') },
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
  };
}

/** The book sources within a market state: active instruments only. */
export function bookSourcesOf(state: MarketState): BookSources {
  const holdings = (kind: InstrumentKind) =>
    state.holdings[kind].map((h) => ({ userId: h.userId, instrumentId: h.instrumentId, shares: h.shares, price: h.minSellPriceCents, seq: h.minSellSeq, locked: h.lockedUntil }));
  return {
    instruments: [
      ...state.players.filter((p) => p.retiredAt === null).map((p) => ({ kind: 'player' as const, id: p.id, remaining: p.remaining })),
      ...state.teams.map((t) => ({ kind: 'team' as const, id: t.id, remaining: t.remaining })),
    ],
    orders: state.openOrders,
    holdings: { player: holdings('player'), team: holdings('team') },
  };
}

/** The largest time-priority sequence number in use by an open order or a holding: new ones go after it. */
export function largestSeq(state: MarketState): number {
  let seq = 0;
  for (const o of state.openOrders) if (o.seq > seq) seq = o.seq;
  for (const kind of ['player', 'team'] as const) for (const h of state.holdings[kind]) if (h.minSellSeq > seq) seq = h.minSellSeq;
  return seq;
}
