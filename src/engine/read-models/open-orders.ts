import type { InstrumentKind } from '../../db/repos/ledger.js';
import { insertSorted, lowerBound, mergePage, removeSorted, type Order } from './sorted.js';

/** An open ask or offer as the read side shows it. Cents; `createdAt` epoch ms. */
export interface OrderView {
  readonly id: number;
  readonly side: 'ask' | 'offer';
  readonly kind: InstrumentKind;
  readonly instrumentId: number;
  readonly userId: number;
  readonly priceCents: number;
  sharesRemaining: number;
  readonly seq: number;
  readonly createdAt: number;
}

/** Where a page of orders ends: the last order's sort key. */
export interface OrderCursor {
  priceCents: number;
  seq: number;
  id: number;
}

/** Asks best first: the highest bid, then the oldest. */
export const ASKS_FIRST: Order<OrderCursor> = (a, b) => b.priceCents - a.priceCents || a.seq - b.seq || a.id - b.id;
/** Offers best first: the cheapest listing, then the oldest. */
export const OFFERS_FIRST: Order<OrderCursor> = (a, b) => a.priceCents - b.priceCents || a.seq - b.seq || a.id - b.id;
export const orderOf = (side: 'ask' | 'offer') => (side === 'ask' ? ASKS_FIRST : OFFERS_FIRST);

interface Book {
  asks: OrderView[];
  offers: OrderView[];
}

const EMPTY: readonly OrderView[] = [];

/**
 * Every open order, by id, by instrument (each side in priority order, as the book fills them) and
 * by owner: pages of any list, counts and per-user sums without a look at the database.
 */
export class OpenOrders {
  private readonly byId = new Map<number, OrderView>();
  private readonly books = new Map<string, Book>();
  private readonly byUser = new Map<number, Set<OrderView>>();
  private offerCount = 0;

  get size(): number {
    return this.byId.size;
  }

  /** Every open offer, players and teams. */
  get offersTotal(): number {
    return this.offerCount;
  }

  get(id: number): OrderView | undefined {
    return this.byId.get(id);
  }

  add(o: OrderView): void {
    if (this.byId.has(o.id)) throw new Error(`Order ${o.id} is already open`);
    this.byId.set(o.id, o);
    const key = `${o.kind}:${o.instrumentId}`;
    let book = this.books.get(key);
    if (!book) this.books.set(key, (book = { asks: [], offers: [] }));
    insertSorted(o.side === 'ask' ? book.asks : book.offers, o, orderOf(o.side));
    let mine = this.byUser.get(o.userId);
    if (!mine) this.byUser.set(o.userId, (mine = new Set()));
    mine.add(o);
    if (o.side === 'offer') this.offerCount++;
  }

  /** Fills an empty index with these open orders, sorting each instrument's sides once. */
  load(orders: readonly OrderView[]): void {
    const touched = new Set<Book>();
    for (const o of orders) {
      if (this.byId.has(o.id)) throw new Error(`Order ${o.id} is already open`);
      this.byId.set(o.id, o);
      const key = `${o.kind}:${o.instrumentId}`;
      let book = this.books.get(key);
      if (!book) this.books.set(key, (book = { asks: [], offers: [] }));
      (o.side === 'ask' ? book.asks : book.offers).push(o);
      touched.add(book);
      let mine = this.byUser.get(o.userId);
      if (!mine) this.byUser.set(o.userId, (mine = new Set()));
      mine.add(o);
      if (o.side === 'offer') this.offerCount++;
    }
    for (const book of touched) {
      book.asks.sort(ASKS_FIRST);
      book.offers.sort(OFFERS_FIRST);
    }
  }

  /** An order's open shares; 0 closes it (filled). */
  setRemaining(id: number, shares: number): void {
    const o = this.byId.get(id);
    if (!o) return;
    if (shares === 0) this.remove(id);
    else o.sharesRemaining = shares;
  }

  /** Takes an order out (filled or cancelled); answers it. */
  remove(id: number): OrderView | undefined {
    const o = this.byId.get(id);
    if (!o) return undefined;
    this.byId.delete(id);
    const book = this.books.get(`${o.kind}:${o.instrumentId}`)!;
    removeSorted(o.side === 'ask' ? book.asks : book.offers, o, orderOf(o.side));
    const mine = this.byUser.get(o.userId)!;
    mine.delete(o);
    if (mine.size === 0) this.byUser.delete(o.userId);
    if (o.side === 'offer') this.offerCount--;
    return o;
  }

  /** Every open order of one instrument, taken out (its book is being rebuilt). */
  removeInstrument(key: string): OrderView[] {
    const book = this.books.get(key);
    if (!book) return [];
    const gone = [...book.asks, ...book.offers];
    for (const o of gone) this.remove(o.id);
    this.books.delete(key);
    return gone;
  }

  asks(key: string): readonly OrderView[] {
    return this.books.get(key)?.asks ?? EMPTY;
  }

  offers(key: string): readonly OrderView[] {
    return this.books.get(key)?.offers ?? EMPTY;
  }

  /** A user's open asks and offers (at most the cap per user). */
  ofUser(userId: number): ReadonlySet<OrderView> {
    return this.byUser.get(userId) ?? new Set();
  }

  /** Cash held in a user's open asks. */
  escrowCents(userId: number): number {
    let sum = 0;
    for (const o of this.ofUser(userId)) if (o.side === 'ask') sum += o.priceCents * o.sharesRemaining;
    return sum;
  }

  /** Shares a user lists in open offers, per instrument key. */
  listedByUser(userId: number): Map<string, number> {
    const listed = new Map<string, number>();
    for (const o of this.ofUser(userId)) {
      if (o.side !== 'offer') continue;
      const key = `${o.kind}:${o.instrumentId}`;
      listed.set(key, (listed.get(key) ?? 0) + o.sharesRemaining);
    }
    return listed;
  }

  /** One page of one instrument's side, after `cursor`, in priority order. */
  page(key: string, side: 'ask' | 'offer', cursor: OrderCursor | null, limit: number): OrderView[] {
    const list = side === 'ask' ? this.asks(key) : this.offers(key);
    const order = orderOf(side);
    const from = cursor === null ? 0 : lowerBound(list, cursor, (item, c) => (order(item, c) <= 0 ? -1 : 1));
    return list.slice(from, from + limit);
  }

  /** One page of every open offer, players and teams, cheapest first. */
  allOffersPage(cursor: OrderCursor | null, limit: number): OrderView[] {
    const lists = [...this.books.values()].map((b) => b.offers);
    return mergePage(
      lists,
      cursor,
      (item, c) => OFFERS_FIRST(item, c) > 0,
      OFFERS_FIRST,
      limit,
      () => false,
    );
  }

  /** One page of the asks on these instruments, best first, without those `skip` refuses. */
  asksPageOn(keys: Iterable<string>, cursor: OrderCursor | null, limit: number, skip: (o: OrderView) => boolean): OrderView[] {
    const lists: (readonly OrderView[])[] = [];
    for (const key of keys) {
      const asks = this.books.get(key)?.asks;
      if (asks && asks.length > 0) lists.push(asks);
    }
    return mergePage(lists, cursor, (item, c) => ASKS_FIRST(item, c) > 0, ASKS_FIRST, limit, skip);
  }
}
