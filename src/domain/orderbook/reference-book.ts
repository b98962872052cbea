/**
 * The naive book, a test oracle: plain arrays, sorted again for every command, matching written
 * out as the rules say it. Slow and obviously right; the fast book must plan exactly as it does.
 */
import { OPEN_MARKET_PRICE_CENTS } from '../../shared/money.js';
import { bookErrors, type BookError } from './errors.js';
import { PlanBuilder } from './plan-builder.js';
import type {
  BestAsk,
  BookDepth,
  BookSnapshot,
  Command,
  DepthLevel,
  Fill,
  OrderBook,
  OrderId,
  Plan,
  PlanResult,
  QueuedSell,
  RestingOrder,
  StandingSell,
  UserId,
} from './types.js';
import { checkAmount, checkOrder, checkPrice, checkShares } from './validation.js';

type FillInput = Pick<Fill, 'buyerId' | 'sellerId' | 'shares' | 'price'> & Partial<Fill>;

/** A whole fill from its defining fields; the others default to "not from an order, no refund". */
const fill = (input: FillInput): Fill => ({ askId: null, offerId: null, standingSell: false, escrowRefund: 0, ...input });

type Sell = { standing: false; order: RestingOrder } | { standing: true; order: StandingSell };

const refuse = (error: BookError): PlanResult => ({ ok: false, error });

export class ReferenceBook implements OrderBook {
  version = 0;
  remaining = 0;
  private asks: RestingOrder[] = [];
  private offers: RestingOrder[] = [];
  private standing: StandingSell[] = [];

  constructor(snapshot?: BookSnapshot) {
    if (!snapshot) return;
    this.remaining = snapshot.remaining;
    this.asks = snapshot.asks.map((o) => ({ ...o }));
    this.offers = snapshot.offers.map((o) => ({ ...o }));
    this.standing = snapshot.standingSells.filter((s) => s.shares > 0).map((s) => ({ ...s }));
  }

  /** Highest price first, then oldest, then lowest id. */
  private sortedAsks(): RestingOrder[] {
    return [...this.asks].sort((a, b) => b.price - a.price || a.seq - b.seq || a.id - b.id);
  }

  /** Lowest price first, then oldest; on equal time an offer before a standing sell, then by id. */
  private sortedSells(): Sell[] {
    const sells: Sell[] = [
      ...this.offers.map((order): Sell => ({ standing: false, order })),
      ...this.standing.map((order): Sell => ({ standing: true, order })),
    ];
    const id = (s: Sell): number => (s.standing ? s.order.userId : s.order.id);
    return sells.sort((a, b) => a.order.price - b.order.price || a.order.seq - b.order.seq || Number(a.standing) - Number(b.standing) || id(a) - id(b));
  }

  private standingOf(userId: UserId): StandingSell | undefined {
    return this.standing.find((s) => s.userId === userId);
  }

  private shrinkStanding(b: PlanBuilder, userId: UserId, unlistedAfter: number): void {
    const s = this.standingOf(userId);
    if (s) b.shrinkStandingSell(s.userId, s.price, s.shares, s.seq, unlistedAfter);
  }

  private hasAsk(id: OrderId): boolean {
    return this.asks.some((a) => a.id === id);
  }

  private hasOffer(id: OrderId): boolean {
    return this.offers.some((o) => o.id === id);
  }

  plan(c: Command): PlanResult {
    const b = new PlanBuilder(c.kind, c.userId, this.version, this.remaining);
    const bad = this.planInto(b, c);
    return bad ? refuse(bad) : { ok: true, plan: b.build() };
  }

  /** Builds the command's plan into `b`; a refusal instead when the command cannot run. */
  private planInto(b: PlanBuilder, c: Command): BookError | null {
    switch (c.kind) {
      case 'buy':
        return this.planBuy(b, c);
      case 'listOffer':
        return this.planListOffer(b, c);
      case 'setStandingSell': {
        const bad = checkPrice(c.price) ?? checkAmount('Shares', c.shares);
        if (bad) return bad;
        const left = this.sellToAsks(b, c.userId, c.price, c.shares, true);
        b.standingSellUpdate({ userId: c.userId, price: c.price, shares: left, seq: c.seq });
        return null;
      }
      case 'removeStandingSell': {
        const entry = this.standingOf(c.userId);
        if (entry) b.standingSellUpdate({ ...entry, shares: 0 });
        else b.noop = true;
        return null;
      }
      case 'acceptAsk':
        return this.planAcceptAsk(b, c);
      case 'acceptOffer':
        return this.planAcceptOffer(b, c);
      case 'cancelAsk':
      case 'cancelOffer':
        return this.planCancel(b, c);
      case 'dump':
        return this.planDump(b, c);
    }
  }

  /** Sells `shares` to asks at ≥ `limit`, never the seller's own; returns what is left. */
  private sellToAsks(b: PlanBuilder, sellerId: UserId | null, limit: number, shares: number, standing: boolean): number {
    let left = shares;
    for (const ask of this.sortedAsks()) {
      if (left === 0 || ask.price < limit) break;
      if (ask.userId === sellerId) continue;
      const take = Math.min(left, ask.shares);
      const price = sellerId === null ? OPEN_MARKET_PRICE_CENTS : ask.price;
      const escrowRefund = take * ask.price - take * price;
      b.fill(fill({ buyerId: ask.userId, sellerId, shares: take, price, askId: ask.id, standingSell: standing, escrowRefund }));
      b.askUpdate({ id: ask.id, userId: ask.userId, shares: ask.shares - take });
      left -= take;
    }
    return left;
  }

  private planBuy(b: PlanBuilder, c: Extract<Command, { kind: 'buy' }>): BookError | null {
    const bad = checkOrder(c.shares, c.price) ?? checkAmount('Cash', c.cash);
    if (bad) return bad;
    if (this.hasAsk(c.orderId)) return bookErrors.duplicateOrderId('ask', c.orderId);
    if (c.cash < c.shares * c.price) return bookErrors.insufficientCash(c.shares, c.price, c.cash);
    let left = c.shares;
    const fromMarket = Math.min(left, this.remaining);
    if (fromMarket > 0) {
      b.fill(fill({ buyerId: c.userId, sellerId: null, shares: fromMarket, price: OPEN_MARKET_PRICE_CENTS }));
      b.remaining = this.remaining - fromMarket;
      left -= fromMarket;
    }
    for (const sell of this.sortedSells()) {
      if (left === 0 || sell.order.price > c.price) break;
      if (sell.order.userId === c.userId) continue;
      const s = sell.order;
      const take = Math.min(left, s.shares);
      if (sell.standing) {
        b.fill(fill({ buyerId: c.userId, sellerId: s.userId, shares: take, price: s.price, standingSell: true }));
        b.standingSellUpdate({ ...sell.order, shares: s.shares - take });
      } else {
        b.fill(fill({ buyerId: c.userId, sellerId: s.userId, shares: take, price: s.price, offerId: sell.order.id }));
        b.offerUpdate({ id: sell.order.id, userId: s.userId, shares: s.shares - take });
      }
      left -= take;
    }
    if (left > 0) {
      b.newAsk = { id: c.orderId, userId: c.userId, price: c.price, shares: left, seq: c.seq };
      b.escrow(c.userId, left * c.price);
    }
    return null;
  }

  private planListOffer(b: PlanBuilder, c: Extract<Command, { kind: 'listOffer' }>): BookError | null {
    const bad = checkOrder(c.shares, c.price) ?? checkAmount('Unlisted shares', c.unlisted);
    if (bad) return bad;
    if (this.hasOffer(c.orderId)) return bookErrors.duplicateOrderId('offer', c.orderId);
    if (c.shares > c.unlisted) return bookErrors.insufficientShares(c.shares, c.unlisted);
    const left = this.sellToAsks(b, c.userId, c.price, c.shares, false);
    if (left > 0) b.newOffer = { id: c.orderId, userId: c.userId, price: c.price, shares: left, seq: c.seq };
    this.shrinkStanding(b, c.userId, c.unlisted - c.shares);
    return null;
  }

  private planAcceptAsk(b: PlanBuilder, c: Extract<Command, { kind: 'acceptAsk' }>): BookError | null {
    const bad = checkShares(c.shares) ?? checkAmount('Unlisted shares', c.unlisted);
    if (bad) return bad;
    const ask = this.asks.find((a) => a.id === c.askId);
    if (!ask) return bookErrors.askNotFound(c.askId);
    if (ask.userId === c.userId) return bookErrors.ownAsk();
    const take = Math.min(c.shares, ask.shares, c.unlisted);
    if (take === 0) return bookErrors.nothingToSell();
    b.fill(fill({ buyerId: ask.userId, sellerId: c.userId, shares: take, price: ask.price, askId: ask.id }));
    b.askUpdate({ id: ask.id, userId: ask.userId, shares: ask.shares - take });
    this.shrinkStanding(b, c.userId, c.unlisted - take);
    return null;
  }

  private planAcceptOffer(b: PlanBuilder, c: Extract<Command, { kind: 'acceptOffer' }>): BookError | null {
    const bad = (c.shares === undefined ? null : checkShares(c.shares)) ?? checkAmount('Cash', c.cash);
    if (bad) return bad;
    const offer = this.offers.find((o) => o.id === c.offerId);
    if (!offer) return bookErrors.offerNotFound(c.offerId);
    if (offer.userId === c.userId) return bookErrors.ownOffer();
    const take = c.shares === undefined ? offer.shares : Math.min(c.shares, offer.shares);
    if (c.cash < take * offer.price) return bookErrors.insufficientCash(take, offer.price, c.cash);
    b.fill(fill({ buyerId: c.userId, sellerId: offer.userId, shares: take, price: offer.price, offerId: offer.id }));
    b.offerUpdate({ id: offer.id, userId: offer.userId, shares: offer.shares - take });
    return null;
  }

  private planCancel(b: PlanBuilder, c: Extract<Command, { kind: 'cancelAsk' | 'cancelOffer' }>): BookError | null {
    if (c.kind === 'cancelAsk') {
      const ask = this.asks.find((a) => a.id === c.askId);
      if (!ask) return bookErrors.askNotFound(c.askId);
      if (ask.userId !== c.userId) return bookErrors.notYourAsk(c.askId);
      b.askUpdate({ id: ask.id, userId: ask.userId, shares: 0 });
      b.escrow(c.userId, -(ask.shares * ask.price));
      b.cancelled = { ...ask };
      return null;
    }
    const offer = this.offers.find((o) => o.id === c.offerId);
    if (!offer) return bookErrors.offerNotFound(c.offerId);
    if (offer.userId !== c.userId) return bookErrors.notYourOffer(c.offerId);
    b.offerUpdate({ id: offer.id, userId: offer.userId, shares: 0 });
    b.cancelled = { ...offer };
    return null;
  }

  private planDump(b: PlanBuilder, c: Extract<Command, { kind: 'dump' }>): BookError | null {
    if (Number.isNaN(c.shares) || c.shares <= 0) {
      b.noop = true;
      return null;
    }
    const bad = checkShares(c.shares) ?? checkAmount('Unlisted shares', c.unlisted);
    if (bad) return bad;
    const dumped = Math.min(c.shares, c.unlisted);
    if (dumped === 0) {
      b.noop = true;
      return null;
    }
    b.fill(fill({ buyerId: null, sellerId: c.userId, shares: dumped, price: OPEN_MARKET_PRICE_CENTS }));
    this.shrinkStanding(b, c.userId, c.unlisted - dumped);
    b.remaining = this.sellToAsks(b, null, 0, this.remaining + dumped, false);
    return null;
  }

  apply(plan: Plan): void {
    if (plan.version !== this.version) throw new Error(`Stale plan: made on version ${plan.version}, book is at ${this.version}.`);
    for (const u of plan.askUpdates) {
      const ask = this.asks.find((a) => a.id === u.id);
      if (!ask) throw new Error(`Plan updates ask ${u.id}, which is not in the book.`);
      this.asks = this.asks.filter((a) => a.id !== u.id);
      if (u.shares > 0) this.asks.push({ ...ask, shares: u.shares });
    }
    for (const u of plan.offerUpdates) {
      const offer = this.offers.find((o) => o.id === u.id);
      if (!offer) throw new Error(`Plan updates offer ${u.id}, which is not in the book.`);
      this.offers = this.offers.filter((o) => o.id !== u.id);
      if (u.shares > 0) this.offers.push({ ...offer, shares: u.shares });
    }
    for (const s of plan.standingSellUpdates) {
      this.standing = this.standing.filter((x) => x.userId !== s.userId);
      if (s.shares > 0) this.standing.push({ ...s });
    }
    if (plan.newAsk) this.asks.push({ ...plan.newAsk });
    if (plan.newOffer) this.offers.push({ ...plan.newOffer });
    this.remaining = plan.remaining;
    this.version++;
  }

  getAsk(id: OrderId): RestingOrder | undefined {
    const ask = this.asks.find((a) => a.id === id);
    return ask && { ...ask };
  }

  getOffer(id: OrderId): RestingOrder | undefined {
    const offer = this.offers.find((o) => o.id === id);
    return offer && { ...offer };
  }

  getStandingSell(userId: UserId): StandingSell | undefined {
    const s = this.standingOf(userId);
    return s && { ...s };
  }

  bestAskExcept(userId: UserId): BestAsk | undefined {
    const ask = this.sortedAsks().find((a) => a.userId !== userId);
    return ask && { userId: ask.userId, price: ask.price };
  }

  depth(levels: number): BookDepth {
    const summed = (entries: { price: number; shares: number }[]): DepthLevel[] => {
      const out: { price: number; shares: number; orders: number }[] = [];
      for (const e of entries) {
        const last = out[out.length - 1];
        if (last && last.price === e.price) {
          last.shares += e.shares;
          last.orders++;
        } else {
          out.push({ price: e.price, shares: e.shares, orders: 1 });
        }
      }
      return out.slice(0, levels);
    };
    return { asks: summed(this.sortedAsks()), sells: summed(this.sortedSells().map((s) => s.order)) };
  }

  sellQueue(limit: number): QueuedSell[] {
    return this.sortedSells()
      .slice(0, limit)
      .map((s) => ({ userId: s.order.userId, price: s.order.price, shares: s.order.shares, offerId: s.standing ? null : s.order.id }));
  }

  snapshot(): BookSnapshot {
    return {
      remaining: this.remaining,
      asks: this.sortedAsks().map((a) => ({ ...a })),
      offers: this.sortedSells().flatMap((s) => (s.standing ? [] : [{ ...s.order }])),
      standingSells: [...this.standing].sort((a, b) => a.userId - b.userId).map((s) => ({ ...s })),
    };
  }
}

export const createReferenceBook = (snapshot?: BookSnapshot): OrderBook => new ReferenceBook(snapshot);
