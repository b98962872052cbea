/**
 * Collects what a planner decides and turns it into a Plan, deriving the per-user account
 * changes from the fills so that every book sums money and shares the same way.
 *
 * Built for a hot path: lists are allocated only when something goes in them (an empty list is one
 * shared frozen array), and the fast book reuses one builder for every command (`reset`).
 */
import type { AccountChange, CommandKind, Fill, OrderUpdate, Plan, RestingOrder, StandingSell, UserId } from './types.js';

interface MutableAccount {
  userId: UserId;
  cash: number;
  escrow: number;
  shares: number;
}

const NONE: readonly never[] = Object.freeze([]);

/** Past this many users in one plan, accounts are found through a map rather than a scan. */
const SCAN_LIMIT = 16;

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
  private accounts: MutableAccount[] | null = null;
  private accountIndex: Map<UserId, MutableAccount> | null = null;

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
    this.accounts = null;
    this.accountIndex = null;
    return this;
  }

  /** Records a trade (the object becomes part of the plan) and what it does to both accounts. */
  fill(fill: Fill): void {
    if (this.fills === null) this.fills = [fill];
    else this.fills.push(fill);
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
      if (fill.buyerId === this.userId) this.bought += fill.shares;
    }
    if (fill.sellerId !== null) {
      const seller = this.account(fill.sellerId);
      seller.shares -= fill.shares;
      seller.cash += value;
      if (fill.sellerId === this.userId) this.sold += fill.shares;
    }
  }

  // A list starts as a one-element literal: most plans hold one item, and `[]` then push reserves 17.
  askUpdate(update: OrderUpdate): void {
    if (this.askUpdates === null) this.askUpdates = [update];
    else this.askUpdates.push(update);
  }

  offerUpdate(update: OrderUpdate): void {
    if (this.offerUpdates === null) this.offerUpdates = [update];
    else this.offerUpdates.push(update);
  }

  standingSellUpdate(update: StandingSell): void {
    if (this.standingSellUpdates === null) this.standingSellUpdates = [update];
    else this.standingSellUpdates.push(update);
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
      this.standingSellUpdate({ userId: entry.userId, price: entry.price, shares, seq: entry.seq });
    }
  }

  build(): Plan {
    const accounts = this.accounts;
    if (accounts !== null && accounts.length > 1) {
      if (accounts.length > SCAN_LIMIT) accounts.sort((a, b) => a.userId - b.userId);
      else sortByUser(accounts);
    }
    return {
      kind: this.kind,
      userId: this.userId,
      version: this.version,
      noop: this.noop,
      fills: this.fills ?? NONE,
      bought: this.bought,
      sold: this.sold,
      remaining: this.remaining,
      newAsk: this.newAsk,
      newOffer: this.newOffer,
      askUpdates: this.askUpdates ?? NONE,
      offerUpdates: this.offerUpdates ?? NONE,
      standingSellUpdates: this.standingSellUpdates ?? NONE,
      cancelled: this.cancelled,
      accounts: (accounts as AccountChange[] | null) ?? NONE,
    };
  }

  private account(userId: UserId): MutableAccount {
    const accounts = this.accounts;
    if (accounts === null) {
      const first: MutableAccount = { userId, cash: 0, escrow: 0, shares: 0 };
      this.accounts = [first];
      return first;
    }
    if (this.accountIndex !== null) {
      const found = this.accountIndex.get(userId);
      if (found) return found;
    } else {
      for (let i = 0; i < accounts.length; i++) if (accounts[i]!.userId === userId) return accounts[i]!;
    }
    const account: MutableAccount = { userId, cash: 0, escrow: 0, shares: 0 };
    accounts.push(account);
    if (this.accountIndex !== null) this.accountIndex.set(userId, account);
    else if (accounts.length > SCAN_LIMIT) this.accountIndex = new Map(accounts.map((a) => [a.userId, a]));
    return account;
  }
}

/** Insertion sort: a plan touches a handful of users, and this beats Array#sort's set-up cost. */
function sortByUser(accounts: MutableAccount[]): void {
  for (let i = 1; i < accounts.length; i++) {
    const a = accounts[i]!;
    let j = i - 1;
    while (j >= 0 && accounts[j]!.userId > a.userId) {
      accounts[j + 1] = accounts[j]!;
      j--;
    }
    accounts[j + 1] = a;
  }
}
