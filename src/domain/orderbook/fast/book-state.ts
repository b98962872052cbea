/**
 * The fast book's memory: asks and sells (offers and standing sells share one side, since a buy
 * takes both by price then time) in sorted price levels, and indexes from id to slot.
 */
import { BookSide } from './book-side.js';
import { ABSENT, IdIndex } from './id-index.js';
import { NIL } from './order-slots.js';
import type { BookError } from '../errors.js';
import type { BestAsk, BookDepth, BookSnapshot, DepthLevel, OrderId, OrderUpdate, Plan, QueuedSell, RestingOrder, StandingSell, UserId } from '../types.js';

/** What the fast book's planners return: the plan, or why the command is refused. */
export type Planned = Plan | BookError;

const copyOrder = (side: BookSide, s: number): RestingOrder => ({
  id: side.id(s),
  userId: side.userId(s),
  price: side.price(s),
  shares: side.shares(s),
  seq: side.seq(s),
});

const copyStanding = (side: BookSide, s: number): StandingSell => ({
  userId: side.userId(s),
  price: side.price(s),
  shares: side.shares(s),
  seq: side.seq(s),
});

/** The best `levels` non-empty levels of a side, summed. */
function depthOf(side: BookSide, levels: number): DepthLevel[] {
  const out: DepthLevel[] = [];
  for (let i = 0; out.length < levels; i++) {
    const lv = side.level(i);
    if (lv === NIL) break;
    let shares = 0;
    let orders = 0;
    for (let s = side.head(lv); s !== NIL; s = side.next(s)) {
      shares += side.shares(s);
      orders++;
    }
    if (orders > 0) out.push({ price: side.levelPrice(lv), shares, orders });
  }
  return out;
}

/** Sets an ask's or offer's open shares; 0 takes it out of the book. */
function updateOrder(side: BookSide, byId: IdIndex, u: OrderUpdate, what: string): void {
  const s = u.shares > 0 ? byId.get(u.id) : byId.take(u.id);
  if (s === ABSENT) throw new Error(`Plan updates ${what} ${u.id}, which is not in the book.`);
  if (u.shares > 0) side.setShares(s, u.shares);
  else side.remove(s);
}

function addOrder(side: BookSide, byId: IdIndex, o: RestingOrder, what: string): void {
  const cell = byId.cellFor(o.id);
  if (cell === ABSENT) throw new Error(`${what} ${o.id} is already in the book.`);
  byId.fill(cell, o.id, side.add(o.id, o.userId, o.price, o.shares, o.seq, false));
}

export class BookState {
  version = 0;
  remaining = 0;
  readonly asks = new BookSide(true);
  readonly sells = new BookSide(false);
  /** Ask id → slot in `asks`. */
  readonly askById = new IdIndex();
  /** Offer id → slot in `sells`. */
  readonly offerById = new IdIndex();
  /** User id → slot of the user's standing sell in `sells`. */
  readonly standingByUser = new IdIndex();

  constructor(snapshot?: BookSnapshot) {
    if (!snapshot) return;
    this.remaining = snapshot.remaining;
    for (const ask of snapshot.asks) this.addAsk(ask);
    for (const offer of snapshot.offers) this.addOffer(offer);
    // By price, then time: each joins the end of its level's queue (in the snapshot's order, by
    // user, each would walk back past the newer ones before it).
    for (const standing of [...snapshot.standingSells].sort((a, b) => a.price - b.price || a.seq - b.seq)) this.setStanding(standing);
  }

  apply(plan: Plan): void {
    if (plan.version !== this.version) {
      throw new Error(`Stale plan: it was made on book version ${plan.version}, the book is at ${this.version}.`);
    }
    const askUpdates = plan.askUpdates;
    for (let i = 0; i < askUpdates.length; i++) updateOrder(this.asks, this.askById, askUpdates[i]!, 'ask');
    const offerUpdates = plan.offerUpdates;
    for (let i = 0; i < offerUpdates.length; i++) updateOrder(this.sells, this.offerById, offerUpdates[i]!, 'offer');
    const standingUpdates = plan.standingSellUpdates;
    for (let i = 0; i < standingUpdates.length; i++) this.setStanding(standingUpdates[i]!);
    if (plan.newAsk) this.addAsk(plan.newAsk);
    if (plan.newOffer) this.addOffer(plan.newOffer);
    this.remaining = plan.remaining;
    this.version++;
  }

  getAsk(id: OrderId): RestingOrder | undefined {
    const s = this.askById.get(id);
    return s === ABSENT ? undefined : copyOrder(this.asks, s);
  }

  getOffer(id: OrderId): RestingOrder | undefined {
    const s = this.offerById.get(id);
    return s === ABSENT ? undefined : copyOrder(this.sells, s);
  }

  getStandingSell(userId: UserId): StandingSell | undefined {
    const s = this.standingByUser.get(userId);
    return s === ABSENT ? undefined : copyStanding(this.sells, s);
  }

  bestAskExcept(userId: UserId): BestAsk | undefined {
    const asks = this.asks;
    for (let i = 0; ; i++) {
      const lv = asks.level(i);
      if (lv === NIL) return undefined;
      for (let s = asks.head(lv); s !== NIL; s = asks.next(s)) {
        if (asks.userId(s) !== userId) return { userId: asks.userId(s), price: asks.price(s) };
      }
    }
  }

  depth(levels: number): BookDepth {
    return { asks: depthOf(this.asks, levels), sells: depthOf(this.sells, levels) };
  }

  sellQueue(limit: number): QueuedSell[] {
    const out: QueuedSell[] = [];
    const sells = this.sells;
    for (const s of sells) {
      if (out.length >= limit) break;
      out.push({ userId: sells.userId(s), price: sells.price(s), shares: sells.shares(s), offerId: sells.standing(s) ? null : sells.id(s) });
    }
    return out;
  }

  snapshot(): BookSnapshot {
    const asks: RestingOrder[] = [];
    for (const s of this.asks) asks.push(copyOrder(this.asks, s));
    const offers: RestingOrder[] = [];
    const standingSells: StandingSell[] = [];
    for (const s of this.sells) {
      if (this.sells.standing(s)) standingSells.push(copyStanding(this.sells, s));
      else offers.push(copyOrder(this.sells, s));
    }
    standingSells.sort((a, b) => a.userId - b.userId);
    return { remaining: this.remaining, asks, offers, standingSells };
  }

  private addAsk(o: RestingOrder): void {
    addOrder(this.asks, this.askById, o, 'Ask');
  }

  private addOffer(o: RestingOrder): void {
    addOrder(this.sells, this.offerById, o, 'Offer');
  }

  /** Upsert; 0 shares removes. Only a new price or time moves it in the queue. */
  private setStanding(s: StandingSell): void {
    const sells = this.sells;
    const slot = this.standingByUser.get(s.userId);
    if (slot !== ABSENT && s.shares > 0 && sells.price(slot) === s.price && sells.seq(slot) === s.seq) {
      sells.setShares(slot, s.shares);
      return;
    }
    if (slot !== ABSENT) {
      sells.remove(slot);
      this.standingByUser.delete(s.userId);
    }
    if (s.shares > 0) this.standingByUser.set(s.userId, sells.add(s.userId, s.userId, s.price, s.shares, s.seq, true));
  }
}
