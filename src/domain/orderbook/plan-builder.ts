/**
 * Collects what a planner decides and turns it into a Plan, deriving the per-user account
 * changes from the fills so that every book sums money and shares the same way.
 */
import type { AccountChange, CommandKind, Fill, OrderUpdate, Plan, RestingOrder, StandingSell, UserId } from './types.js';

interface MutableAccount {
  userId: UserId;
  cash: number;
  escrow: number;
  shares: number;
}

type FillInput = Pick<Fill, 'buyerId' | 'sellerId' | 'shares' | 'price'> & Partial<Fill>;

export class PlanBuilder {
  readonly fills: Fill[] = [];
  readonly askUpdates: OrderUpdate[] = [];
  readonly offerUpdates: OrderUpdate[] = [];
  readonly standingSellUpdates: StandingSell[] = [];
  newAsk: RestingOrder | null = null;
  newOffer: RestingOrder | null = null;
  cancelled: RestingOrder | null = null;
  noop = false;
  private readonly accounts = new Map<UserId, MutableAccount>();

  constructor(
    private readonly kind: CommandKind,
    private readonly userId: UserId,
    private readonly version: number,
    public remaining: number,
  ) {}

  fill(input: FillInput): void {
    const fill: Fill = {
      buyerId: input.buyerId,
      sellerId: input.sellerId,
      shares: input.shares,
      price: input.price,
      askId: input.askId ?? null,
      offerId: input.offerId ?? null,
      standingSell: input.standingSell ?? false,
      escrowRefund: input.escrowRefund ?? 0,
    };
    this.fills.push(fill);
    const value = fill.shares * fill.price;
    if (fill.buyerId !== null) {
      const buyer = this.account(fill.buyerId);
      buyer.shares += fill.shares;
      if (fill.askId === null) {
        buyer.cash -= value;
      } else {
        buyer.escrow -= value + fill.escrowRefund;
        buyer.cash += fill.escrowRefund;
      }
    }
    if (fill.sellerId !== null) {
      const seller = this.account(fill.sellerId);
      seller.shares -= fill.shares;
      seller.cash += value;
    }
  }

  /** Moves cash into escrow (positive) or back out of it (negative). */
  escrow(userId: UserId, cents: number): void {
    const account = this.account(userId);
    account.cash -= cents;
    account.escrow += cents;
  }

  /** The seller's unlisted shares drop to `unlistedAfter`: a standing sell can offer no more. */
  shrinkStandingSell(entry: StandingSell | undefined, unlistedAfter: number): void {
    if (!entry) return;
    const shares = Math.max(0, Math.min(entry.shares, unlistedAfter));
    if (shares !== entry.shares) {
      this.standingSellUpdates.push({ userId: entry.userId, price: entry.price, shares, seq: entry.seq });
    }
  }

  build(): Plan {
    let bought = 0;
    let sold = 0;
    for (const f of this.fills) {
      if (f.buyerId === this.userId) bought += f.shares;
      if (f.sellerId === this.userId) sold += f.shares;
    }
    const accounts: AccountChange[] = [...this.accounts.values()].sort((a, b) => a.userId - b.userId);
    return {
      kind: this.kind,
      userId: this.userId,
      version: this.version,
      noop: this.noop,
      fills: this.fills,
      bought,
      sold,
      remaining: this.remaining,
      newAsk: this.newAsk,
      newOffer: this.newOffer,
      askUpdates: this.askUpdates,
      offerUpdates: this.offerUpdates,
      standingSellUpdates: this.standingSellUpdates,
      cancelled: this.cancelled,
      accounts,
    };
  }

  private account(userId: UserId): MutableAccount {
    let account = this.accounts.get(userId);
    if (!account) {
      account = { userId, cash: 0, escrow: 0, shares: 0 };
      this.accounts.set(userId, account);
    }
    return account;
  }
}
