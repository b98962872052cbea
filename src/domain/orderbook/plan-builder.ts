/**
 * Collects what a planner decides and turns it into a Plan, deriving the per-user account
 * changes from the fills so that every book sums money and shares the same way. The reference
 * book plans everything with it; the fast book, the commands outside the order flow (see
 * order-planner.ts for buys, listings and cancels).
 */
import { AccountSet } from './plan-accounts.js';
import { append, NONE } from './plan-lists.js';
import type { AccountChange, CommandKind, Fill, OrderUpdate, Plan, RestingOrder, StandingSell, UserId } from './types.js';

/** A Plan, every field given: the one place plans are made, so that they all share one shape. */
export function makePlan(
  kind: CommandKind,
  userId: UserId,
  version: number,
  noop: boolean,
  fills: readonly Fill[],
  bought: number,
  sold: number,
  remaining: number,
  newAsk: RestingOrder | null,
  newOffer: RestingOrder | null,
  askUpdates: readonly OrderUpdate[],
  offerUpdates: readonly OrderUpdate[],
  standingSellUpdates: readonly StandingSell[],
  cancelled: RestingOrder | null,
  accounts: readonly AccountChange[],
): Plan {
  return {
    kind,
    userId,
    version,
    noop,
    fills,
    bought,
    sold,
    remaining,
    newAsk,
    newOffer,
    askUpdates,
    offerUpdates,
    standingSellUpdates,
    cancelled,
    accounts,
  };
}

export class PlanBuilder {
  newAsk: RestingOrder | null = null;
  newOffer: RestingOrder | null = null;
  cancelled: RestingOrder | null = null;
  noop = false;
  remaining = 0;
  private kind: CommandKind = 'buy';
  private userId: UserId = 0;
  private version = 0;
  private bought = 0;
  private sold = 0;
  private fills: Fill[] | null = null;
  private askUpdates: OrderUpdate[] | null = null;
  private offerUpdates: OrderUpdate[] | null = null;
  private standingSellUpdates: StandingSell[] | null = null;
  private accounts = new AccountSet();

  constructor(kind?: CommandKind, userId?: UserId, version?: number, remaining?: number) {
    if (kind !== undefined) this.reset(kind, userId ?? 0, version ?? 0, remaining ?? 0);
  }

  /** Starts a new plan; the lists of the previous one belong to its Plan now. */
  reset(kind: CommandKind, userId: UserId, version: number, remaining: number): this {
    this.kind = kind;
    this.userId = userId;
    this.version = version;
    this.remaining = remaining;
    this.newAsk = null;
    this.newOffer = null;
    this.cancelled = null;
    this.noop = false;
    this.bought = 0;
    this.sold = 0;
    this.fills = null;
    this.askUpdates = null;
    this.offerUpdates = null;
    this.standingSellUpdates = null;
    this.accounts = new AccountSet();
    return this;
  }

  /** Records a trade (the object becomes part of the plan) and what it does to both accounts. */
  fill(fill: Fill): void {
    this.fills = append(this.fills, fill);
    const value = fill.shares * fill.price;
    if (fill.buyerId !== null) {
      const buyer = this.accounts.of(fill.buyerId);
      buyer.shares += fill.shares;
      if (fill.askId === null) {
        buyer.cash -= value;
      } else {
        buyer.escrow -= value + fill.escrowRefund;
        buyer.cash += fill.escrowRefund;
      }
      if (fill.buyerId === this.userId) this.bought += fill.shares;
    }
    if (fill.sellerId !== null) {
      const seller = this.accounts.of(fill.sellerId);
      seller.shares -= fill.shares;
      seller.cash += value;
      if (fill.sellerId === this.userId) this.sold += fill.shares;
    }
  }

  askUpdate(update: OrderUpdate): void {
    this.askUpdates = append(this.askUpdates, update);
  }

  offerUpdate(update: OrderUpdate): void {
    this.offerUpdates = append(this.offerUpdates, update);
  }

  standingSellUpdate(update: StandingSell): void {
    this.standingSellUpdates = append(this.standingSellUpdates, update);
  }

  /** Moves cash into escrow (positive) or back out of it (negative). */
  escrow(userId: UserId, cents: number): void {
    const account = this.accounts.of(userId);
    account.cash -= cents;
    account.escrow += cents;
  }

  /** The seller's unlisted shares drop to `unlistedAfter`: their standing sell (`had` shares) can offer no more. */
  shrinkStandingSell(userId: UserId, price: number, had: number, seq: number, unlistedAfter: number): void {
    const shares = Math.max(0, Math.min(had, unlistedAfter));
    if (shares !== had) this.standingSellUpdate({ userId, price, shares, seq });
  }

  build(): Plan {
    return makePlan(
      this.kind,
      this.userId,
      this.version,
      this.noop,
      this.fills ?? NONE,
      this.bought,
      this.sold,
      this.remaining,
      this.newAsk,
      this.newOffer,
      this.askUpdates ?? NONE,
      this.offerUpdates ?? NONE,
      this.standingSellUpdates ?? NONE,
      this.cancelled,
      this.accounts.sorted(),
    );
  }
}
