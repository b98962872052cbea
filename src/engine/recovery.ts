import type { InstrumentKind, LedgerRepo } from '../db/repos/ledger.js';
import type { BookSnapshot, OrderBook, RestingOrder, StandingSell } from '../domain/orderbook/index.js';

const key = (kind: InstrumentKind, id: number) => `${kind}:${id}`;

/**
 * Rebuilds every order book from the database: open-market supply, open asks and offers, and a
 * standing sell for every holding's unlisted, unlocked shares at its minimum price.
 */
export function loadBooks(ledger: LedgerRepo, now: number, create: (snapshot: BookSnapshot) => OrderBook, only?: ReadonlySet<string>): Map<string, OrderBook> {
  const snapshots = new Map<string, { remaining: number; asks: RestingOrder[]; offers: RestingOrder[]; standingSells: StandingSell[] }>();
  for (const kind of ['player', 'team'] as const) {
    for (const i of ledger.instruments(kind)) {
      if (!only || only.has(key(kind, i.id))) snapshots.set(key(kind, i.id), { remaining: i.remaining, asks: [], offers: [], standingSells: [] });
    }
  }
  const listed = new Map<string, number>();
  for (const o of ledger.openOrders()) {
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
    for (const h of ledger.allHoldings(kind)) {
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
