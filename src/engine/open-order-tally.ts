import type { OrderBook, Plan } from '../domain/orderbook/index.js';

/**
 * Per user, what their open asks and offers add up to, kept beside the books so that the exchange
 * does not count them in the database for every order: how many orders a user has open (capped),
 * and how many shares of an instrument they list (which may not be listed again or sold).
 */
export class OpenOrderTally {
  private readonly orders = new Map<number, number>();
  private readonly listed = new Map<string, number>();

  /** The tally of the open orders in these books (keyed by instrument, as the exchange keys them). */
  static of(books: ReadonlyMap<string, OrderBook>): OpenOrderTally {
    const tally = new OpenOrderTally();
    for (const [key, book] of books) tally.count(key, book, 1);
    return tally;
  }

  /** The tally of these open orders (as the database lists them: no book needed). */
  static ofOrders(
    orders: readonly { side: 'ask' | 'offer'; instrument: string; instrumentId: number; userId: number; sharesRemaining: number }[],
  ): OpenOrderTally {
    const tally = new OpenOrderTally();
    for (const o of orders) {
      tally.addOrders(o.userId, 1);
      if (o.side === 'offer') tally.addListed(`${o.instrument}:${o.instrumentId}`, o.userId, o.sharesRemaining);
    }
    return tally;
  }

  /** Adds (1) or takes away (-1) these open orders (of the read models, when one instrument is rebuilt). */
  countOrders(orders: Iterable<{ side: 'ask' | 'offer'; kind: string; instrumentId: number; userId: number; sharesRemaining: number }>, sign: 1 | -1): void {
    for (const o of orders) {
      this.addOrders(o.userId, sign);
      if (o.side === 'offer') this.addListed(`${o.kind}:${o.instrumentId}`, o.userId, sign * o.sharesRemaining);
    }
  }

  /** Adds (1) or takes away (-1) the open orders of one book: when it is rebuilt alone. */
  count(key: string, book: OrderBook, sign: 1 | -1): void {
    const { asks, offers } = book.snapshot();
    for (const a of asks) this.addOrders(a.userId, sign);
    for (const o of offers) {
      this.addOrders(o.userId, sign);
      this.addListed(key, o.userId, sign * o.shares);
    }
  }

  openOrders(userId: number): number {
    return this.orders.get(userId) ?? 0;
  }

  listedShares(key: string, userId: number): number {
    return this.listed.get(`${key}:${userId}`) ?? 0;
  }

  /**
   * Counts what `plan` does to the open orders; call it before the plan is applied to `book`. An
   * order that leaves the book (filled or cancelled) is among the plan's updates with 0 shares.
   */
  record(key: string, book: OrderBook, plan: Plan): void {
    if (plan.newAsk) this.addOrders(plan.newAsk.userId, 1);
    if (plan.newOffer) {
      this.addOrders(plan.newOffer.userId, 1);
      this.addListed(key, plan.newOffer.userId, plan.newOffer.shares);
    }
    for (const u of plan.askUpdates) if (u.shares === 0) this.addOrders(u.userId, -1);
    for (const u of plan.offerUpdates) {
      const before = book.getOffer(u.id);
      if (!before) throw new Error(`Offer ${u.id} is not in the book it was planned on`);
      this.addListed(key, u.userId, u.shares - before.shares);
      if (u.shares === 0) this.addOrders(u.userId, -1);
    }
  }

  /** Every non-zero entry, for comparing two tallies. */
  entries(): { orders: [number, number][]; listed: [string, number][] } {
    const sorted = <K>(m: Map<K, number>) => [...m].filter(([, n]) => n !== 0).sort(([a], [b]) => String(a).localeCompare(String(b)));
    return { orders: sorted(this.orders), listed: sorted(this.listed) };
  }

  private addOrders(userId: number, n: number): void {
    this.orders.set(userId, (this.orders.get(userId) ?? 0) + n);
  }

  private addListed(key: string, userId: number, n: number): void {
    const k = `${key}:${userId}`;
    this.listed.set(k, (this.listed.get(k) ?? 0) + n);
  }
}
