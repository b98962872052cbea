/**
 * A tiny engine for property tests: holdings, cash and minimum prices of a few users around two
 * books (the fast one and the reference), fed the same commands. It checks after every command
 * that both books planned alike and that nothing was created, lost or oversold.
 */
import { expect } from 'vitest';
import { findBadQuantity, findCrossing } from '../invariants.js';
import type { BookSnapshot, Command, OrderBook, Plan, PlanResult, UserId } from '../types.js';

export interface WorldStart {
  readonly remaining: number;
  /** Per user (ids 1..n): shares held, cash, minimum sell price or null. */
  readonly users: readonly { readonly shares: number; readonly cash: number; readonly minPrice: number | null }[];
}

export class World {
  readonly fast: OrderBook;
  readonly ref: OrderBook;
  readonly holdings = new Map<UserId, number>();
  readonly cash = new Map<UserId, number>();
  readonly escrow = new Map<UserId, number>();
  readonly minPrice = new Map<UserId, number>();
  readonly total: number;
  private nextSeq = 1;
  private nextId = 1;
  /**
   * How often each `kind:outcome` happened (an error code, `ok`, `matched` when it traded with a
   * resting order, `rested`), to show the tests are not vacuous.
   */
  readonly stats: Map<string, number>;

  constructor(start: WorldStart, createFast: (s: BookSnapshot) => OrderBook, createRef: (s: BookSnapshot) => OrderBook, stats = new Map<string, number>()) {
    this.stats = stats;
    const standingSells = [];
    let total = start.remaining;
    for (const [i, u] of start.users.entries()) {
      const userId = i + 1;
      this.holdings.set(userId, u.shares);
      this.cash.set(userId, u.cash);
      this.escrow.set(userId, 0);
      total += u.shares;
      if (u.minPrice !== null) {
        this.minPrice.set(userId, u.minPrice);
        if (u.shares > 0) standingSells.push({ userId, price: u.minPrice, shares: u.shares, seq: this.seq() });
      }
    }
    this.total = total;
    const snapshot: BookSnapshot = { remaining: start.remaining, asks: [], offers: [], standingSells };
    this.fast = createFast(snapshot);
    this.ref = createRef(snapshot);
  }

  get users(): UserId[] {
    return [...this.holdings.keys()];
  }

  seq(): number {
    return this.nextSeq++;
  }

  orderId(): number {
    return this.nextId++;
  }

  /** The user's shares not in an offer: of the book now, or of `listed` (listedBy of a snapshot). */
  unlisted(userId: UserId, listed = listedBy(this.fast.snapshot())): number {
    return (this.holdings.get(userId) ?? 0) - (listed.get(userId) ?? 0);
  }

  /** Plans on both books, checks, applies; then lets grown holdings offer their new shares. */
  submit(command: Command): PlanResult {
    const result = this.step(command);
    if (result.ok) this.followUp(result.plan);
    return result;
  }

  private step(command: Command): PlanResult {
    const before = this.fast.snapshot();
    const result = this.fast.plan(command);
    expect(result).toEqual(this.ref.plan(command));
    if (!result.ok) {
      this.count(`${command.kind}:${result.error.code}`);
      return result;
    }
    const plan = result.plan;
    this.count(`${command.kind}:ok`);
    if (plan.newAsk) this.count(`${command.kind}:rested`);
    if (plan.fills.some((f) => f.askId !== null || f.offerId !== null || f.standingSell)) this.count(`${command.kind}:matched`);
    checkPlan(command, plan, before);
    this.fast.apply(plan);
    this.ref.apply(plan);
    const after = this.fast.snapshot();
    expect(this.ref.snapshot()).toEqual(after);
    const everyone = [0, ...this.users];
    expect(everyone.map((u) => this.fast.bestAskExcept(u))).toEqual(everyone.map((u) => this.ref.bestAskExcept(u)));
    expect(this.fast.depth(8)).toEqual(this.ref.depth(8));
    expect(this.fast.sellQueue(12)).toEqual(this.ref.sellQueue(12));
    expect(findCrossing(after)).toBeNull();
    expect(findBadQuantity(after)).toBeNull();
    for (const a of plan.accounts) {
      this.cash.set(a.userId, (this.cash.get(a.userId) ?? 0) + a.cash);
      this.escrow.set(a.userId, (this.escrow.get(a.userId) ?? 0) + a.escrow);
      this.holdings.set(a.userId, (this.holdings.get(a.userId) ?? 0) + a.shares);
    }
    if (command.kind === 'setStandingSell') this.minPrice.set(command.userId, command.price);
    if (command.kind === 'removeStandingSell') this.minPrice.delete(command.userId);
    this.checkAccounts(after);
    return result;
  }

  private count(key: string): void {
    this.stats.set(key, (this.stats.get(key) ?? 0) + 1);
  }

  /** Every user's cash and unlisted shares are never negative, their escrow is their asks' worth, and no share is made or lost. */
  private checkAccounts(book: BookSnapshot): void {
    let held = book.remaining;
    const listed = listedBy(book);
    const inAsks = new Map<UserId, number>();
    for (const a of book.asks) inAsks.set(a.userId, (inAsks.get(a.userId) ?? 0) + a.shares * a.price);
    const problems: string[] = [];
    for (const u of this.users) {
      held += this.holdings.get(u) ?? 0;
      if ((this.cash.get(u) ?? 0) < 0) problems.push(`user ${u}: cash ${this.cash.get(u)}`);
      if (this.unlisted(u, listed) < 0) problems.push(`user ${u}: unlisted ${this.unlisted(u, listed)}`);
      if (this.escrow.get(u) !== (inAsks.get(u) ?? 0)) problems.push(`user ${u}: escrow ${this.escrow.get(u)}, asks worth ${inAsks.get(u) ?? 0}`);
    }
    expect(problems).toEqual([]);
    expect(held).toBe(this.total);
  }

  /**
   * The engine's part: after a command, a holding that grew (or got listed shares back) offers its
   * new unlisted shares through setStandingSell. The book itself may never offer more than that.
   */
  private followUp(plan: Plan): void {
    const lagging = new Set<UserId>();
    // A round either rests one user's standing sell or fills at least one share of the resting asks
    // (two users whose minimum prices sit below each other's bids trade back and forth), so the
    // cascade ends within this many rounds.
    const bound = this.users.length + this.fast.snapshot().asks.reduce((sum, a) => sum + a.shares, 0) + 1;
    for (let round = 0; round < bound; round++) {
      for (const f of plan.fills) if (f.buyerId !== null) lagging.add(f.buyerId);
      if (plan.kind === 'cancelOffer') lagging.add(plan.userId);
      let next: Plan | null = null;
      const listed = listedBy(this.fast.snapshot());
      for (const u of this.users) {
        const offered = this.fast.getStandingSell(u)?.shares ?? 0;
        const price = this.minPrice.get(u);
        if (price === undefined) {
          expect(offered).toBe(0);
          continue;
        }
        const unlisted = this.unlisted(u, listed);
        if (lagging.has(u)) expect(offered).toBeLessThanOrEqual(unlisted);
        else expect(offered).toBe(unlisted);
        if (offered < unlisted) {
          const result = this.step({ kind: 'setStandingSell', userId: u, price, shares: unlisted, seq: this.seq() });
          if (!result.ok) throw new Error(result.error.message);
          lagging.delete(u);
          next = result.plan;
          break;
        }
      }
      if (next === null) return;
      plan = next;
    }
    throw new Error('follow-ups did not settle');
  }
}

/** Each user's shares listed in the book's offers. */
function listedBy(book: BookSnapshot): Map<UserId, number> {
  const listed = new Map<UserId, number>();
  for (const o of book.offers) listed.set(o.userId, (listed.get(o.userId) ?? 0) + o.shares);
  return listed;
}

/** Conservation and the matching rules, checked on one plan against the book it was made on. */
function checkPlan(command: Command, plan: Plan, before: BookSnapshot): void {
  let moneyIn = 0;
  for (const f of plan.fills) {
    expect(Number.isSafeInteger(f.shares) && f.shares > 0).toBe(true);
    expect(Number.isSafeInteger(f.price) && f.price >= 100).toBe(true);
    expect(f.escrowRefund).toBeGreaterThanOrEqual(0);
    if (f.buyerId !== null && f.sellerId !== null) expect(f.buyerId).not.toBe(f.sellerId);
    if (f.buyerId === null) moneyIn += f.shares * f.price;
    if (f.sellerId === null) moneyIn -= f.shares * f.price;
  }
  // Money and shares only enter or leave through the open market.
  expect(plan.accounts.reduce((sum, a) => sum + a.cash + a.escrow, 0)).toBe(moneyIn);
  expect(plan.accounts.reduce((sum, a) => sum + a.shares, 0) + plan.remaining - before.remaining).toBe(0);

  // No resting order gives more than it had.
  const taken = new Map<string, number>();
  for (const f of plan.fills) {
    const fromStanding = f.standingSell && command.kind === 'buy';
    const key = f.askId !== null ? `a${f.askId}` : f.offerId !== null ? `o${f.offerId}` : fromStanding ? `s${f.sellerId}` : null;
    if (key !== null) taken.set(key, (taken.get(key) ?? 0) + f.shares);
  }
  for (const [key, shares] of taken) {
    const id = Number(key.slice(1));
    const had =
      key[0] === 'a'
        ? before.asks.find((a) => a.id === id)?.shares
        : key[0] === 'o'
          ? before.offers.find((o) => o.id === id)?.shares
          : before.standingSells.find((s) => s.userId === id)?.shares;
    expect(shares).toBeLessThanOrEqual(had ?? 0);
  }

  if (command.kind === 'buy' || command.kind === 'acceptOffer') {
    // The buyer pays exactly the sum of the fills, plus the escrow of a resting rest.
    const paid = plan.fills.reduce((sum, f) => sum + f.shares * f.price, 0);
    const escrow = plan.newAsk ? plan.newAsk.shares * plan.newAsk.price : 0;
    const buyer = plan.accounts.find((a) => a.userId === command.userId);
    expect(buyer?.cash).toBe(-(paid + escrow));
    expect(plan.bought).toBe(plan.fills.reduce((sum, f) => sum + f.shares, 0));
  }
  if (command.kind === 'buy') {
    expect(plan.bought + (plan.newAsk?.shares ?? 0)).toBe(command.shares);
    const fromMarket = plan.fills.filter((f) => f.sellerId === null).reduce((sum, f) => sum + f.shares, 0);
    expect(fromMarket).toBe(Math.min(command.shares, before.remaining));
    for (const f of plan.fills) expect(f.price).toBeLessThanOrEqual(command.price);
    const prices = plan.fills.map((f) => f.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(command.cash).toBeGreaterThanOrEqual(command.shares * command.price);
  }
}
