/**
 * The fast book's memory: asks and sells (offers and standing sells share one side, since a buy
 * takes both by price then time) in sorted price levels, and maps from id to queue node.
 */
import { BookSide } from './book-side.js';
import type { PriceLevel, QueueNode } from './price-level.js';
import type { BookSnapshot, OrderId, Plan, RestingOrder, Seq, StandingSell, UserId } from './types.js';

/** An open ask. It is its own queue node, so a resting order costs one object. */
export class AskEntry implements QueueNode<AskEntry> {
  prev: QueueNode<AskEntry> | null = null;
  next: QueueNode<AskEntry> | null = null;
  level: PriceLevel<AskEntry> | null = null;

  constructor(
    readonly id: OrderId,
    readonly userId: UserId,
    readonly price: number,
    public shares: number,
    readonly seq: Seq,
  ) {}

  get item(): AskEntry {
    return this;
  }
}

/** An offer or a standing sell, its own queue node like an ask. */
export class SellEntry implements QueueNode<SellEntry> {
  prev: QueueNode<SellEntry> | null = null;
  next: QueueNode<SellEntry> | null = null;
  level: PriceLevel<SellEntry> | null = null;

  constructor(
    /** False for an offer, true for a standing sell. */
    readonly standing: boolean,
    /** The offer id; for a standing sell, the user id. */
    readonly id: number,
    readonly userId: UserId,
    readonly price: number,
    public shares: number,
    readonly seq: Seq,
  ) {}

  get item(): SellEntry {
    return this;
  }
}

const askBefore = (a: AskEntry, b: AskEntry): boolean => a.seq < b.seq || (a.seq === b.seq && a.id < b.id);

/** Older first; on equal time an offer before a standing sell, then by id. */
const sellBefore = (a: SellEntry, b: SellEntry): boolean =>
  a.seq !== b.seq ? a.seq < b.seq : a.standing !== b.standing ? !a.standing : a.id < b.id;

const copyOrder = (e: AskEntry | SellEntry): RestingOrder => ({ id: e.id, userId: e.userId, price: e.price, shares: e.shares, seq: e.seq });
const copyStanding = (e: SellEntry): StandingSell => ({ userId: e.userId, price: e.price, shares: e.shares, seq: e.seq });

export class BookState {
  version = 0;
  remaining = 0;
  readonly asks = new BookSide<AskEntry>(true, askBefore);
  readonly sells = new BookSide<SellEntry>(false, sellBefore);
  readonly askById = new Map<OrderId, AskEntry>();
  readonly offerById = new Map<OrderId, SellEntry>();
  readonly standingByUser = new Map<UserId, SellEntry>();

  constructor(snapshot?: BookSnapshot) {
    if (!snapshot) return;
    this.remaining = snapshot.remaining;
    for (const ask of snapshot.asks) this.addAsk(ask);
    for (const offer of snapshot.offers) this.addOffer(offer);
    for (const standing of snapshot.standingSells) this.setStanding(standing);
  }

  apply(plan: Plan): void {
    if (plan.version !== this.version) {
      throw new Error(`Stale plan: it was made on book version ${plan.version}, the book is at ${this.version}.`);
    }
    const askUpdates = plan.askUpdates;
    for (let i = 0; i < askUpdates.length; i++) {
      const u = askUpdates[i]!;
      const entry = this.askById.get(u.id);
      if (!entry) throw new Error(`Plan updates ask ${u.id}, which is not in the book.`);
      if (u.shares > 0) {
        entry.shares = u.shares;
      } else {
        this.asks.remove(entry);
        this.askById.delete(u.id);
      }
    }
    const offerUpdates = plan.offerUpdates;
    for (let i = 0; i < offerUpdates.length; i++) {
      const u = offerUpdates[i]!;
      const entry = this.offerById.get(u.id);
      if (!entry) throw new Error(`Plan updates offer ${u.id}, which is not in the book.`);
      if (u.shares > 0) {
        entry.shares = u.shares;
      } else {
        this.sells.remove(entry);
        this.offerById.delete(u.id);
      }
    }
    const standingUpdates = plan.standingSellUpdates;
    for (let i = 0; i < standingUpdates.length; i++) this.setStanding(standingUpdates[i]!);
    if (plan.newAsk) this.addAsk(plan.newAsk);
    if (plan.newOffer) this.addOffer(plan.newOffer);
    this.remaining = plan.remaining;
    this.version++;
  }

  getAsk(id: OrderId): RestingOrder | undefined {
    const node = this.askById.get(id);
    return node && copyOrder(node.item);
  }

  getOffer(id: OrderId): RestingOrder | undefined {
    const node = this.offerById.get(id);
    return node && copyOrder(node.item);
  }

  getStandingSell(userId: UserId): StandingSell | undefined {
    const node = this.standingByUser.get(userId);
    return node && copyStanding(node.item);
  }

  snapshot(): BookSnapshot {
    const offers: RestingOrder[] = [];
    for (const sell of this.sells) if (!sell.standing) offers.push(copyOrder(sell));
    const standingSells = [...this.standingByUser.values()].map((n) => copyStanding(n.item)).sort((a, b) => a.userId - b.userId);
    return { remaining: this.remaining, asks: [...this.asks].map(copyOrder), offers, standingSells };
  }

  private addAsk(o: RestingOrder): void {
    if (this.askById.has(o.id)) throw new Error(`Ask ${o.id} is already in the book.`);
    const entry = new AskEntry(o.id, o.userId, o.price, o.shares, o.seq);
    this.asks.insertNode(entry);
    this.askById.set(o.id, entry);
  }

  private addOffer(o: RestingOrder): void {
    if (this.offerById.has(o.id)) throw new Error(`Offer ${o.id} is already in the book.`);
    const entry = new SellEntry(false, o.id, o.userId, o.price, o.shares, o.seq);
    this.sells.insertNode(entry);
    this.offerById.set(o.id, entry);
  }

  /** Upsert; 0 shares removes. Only a new price or time moves it in the queue. */
  private setStanding(s: StandingSell): void {
    const node = this.standingByUser.get(s.userId);
    if (node && s.shares > 0 && node.item.price === s.price && node.item.seq === s.seq) {
      node.item.shares = s.shares;
      return;
    }
    if (node) {
      this.sells.remove(node);
      this.standingByUser.delete(s.userId);
    }
    if (s.shares > 0) {
      const entry = new SellEntry(true, s.userId, s.userId, s.price, s.shares, s.seq);
      this.sells.insertNode(entry);
      this.standingByUser.set(s.userId, entry);
    }
  }
}
