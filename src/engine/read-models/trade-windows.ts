/** Sums of one instrument's trades over a window. Cents; shares. */
export interface WindowSums {
  trades: number;
  shares: number;
  cents: number;
  /** Trades between two users only (open-market buys and dumps left out). */
  userTrades: number;
  userShares: number;
  userCents: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
/** What each instrument keeps: a week of trades, and a day more so that a clock set back a little still finds its week. */
const KEEP_MS = WEEK_MS + DAY_MS;

/**
 * One instrument's recent trades, oldest first, with running sums: the sums over any window that
 * ends now are two subtractions after a binary search, the low and high a scan of the window.
 */
class TradeWindow {
  readonly at: number[] = [];
  readonly price: number[] = [];
  readonly userToUser: boolean[] = [];
  // Running sums, one more entry than trades: sums[i] covers trades before i.
  private readonly sumShares: number[] = [0];
  private readonly sumCents: number[] = [0];
  private readonly sumUserTrades: number[] = [0];
  private readonly sumUserShares: number[] = [0];
  private readonly sumUserCents: number[] = [0];
  private readonly shares: number[] = [];
  /** Trades before this index are older than what is kept. */
  private start = 0;

  add(at: number, shares: number, priceCents: number, userToUser: boolean): void {
    const n = this.at.length;
    if (n > 0 && at < this.at[n - 1]!) {
      // Out of time order (a clock set back): put it in its place and redo the sums after it.
      let i = n;
      while (i > this.start && this.at[i - 1]! > at) i--;
      this.at.splice(i, 0, at);
      this.price.splice(i, 0, priceCents);
      this.userToUser.splice(i, 0, userToUser);
      this.shares.splice(i, 0, shares);
      for (const sums of [this.sumShares, this.sumCents, this.sumUserTrades, this.sumUserShares, this.sumUserCents]) sums.length = i + 1;
      for (let j = i; j <= n; j++) this.pushSums(j);
      return;
    }
    this.at.push(at);
    this.price.push(priceCents);
    this.userToUser.push(userToUser);
    this.shares.push(shares);
    this.pushSums(n);
  }

  private pushSums(i: number): void {
    const s = this.shares[i]!;
    const c = s * this.price[i]!;
    const u = this.userToUser[i]!;
    this.sumShares.push(this.sumShares[i]! + s);
    this.sumCents.push(this.sumCents[i]! + c);
    this.sumUserTrades.push(this.sumUserTrades[i]! + (u ? 1 : 0));
    this.sumUserShares.push(this.sumUserShares[i]! + (u ? s : 0));
    this.sumUserCents.push(this.sumUserCents[i]! + (u ? c : 0));
  }

  /** The first index at or after `since`. */
  from(since: number): number {
    let lo = this.start;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at[mid]! < since) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  sums(since: number): WindowSums {
    const lo = this.from(since);
    const hi = this.at.length;
    return {
      trades: hi - lo,
      shares: this.sumShares[hi]! - this.sumShares[lo]!,
      cents: this.sumCents[hi]! - this.sumCents[lo]!,
      userTrades: this.sumUserTrades[hi]! - this.sumUserTrades[lo]!,
      userShares: this.sumUserShares[hi]! - this.sumUserShares[lo]!,
      userCents: this.sumUserCents[hi]! - this.sumUserCents[lo]!,
    };
  }

  /** The lowest and highest price of the trades since `since` (between users only, or all), or null without one. */
  range(since: number, usersOnly: boolean): { low: number; high: number } | null {
    let low = Infinity;
    let high = -Infinity;
    for (let i = this.from(since); i < this.at.length; i++) {
      if (usersOnly && !this.userToUser[i]) continue;
      const p = this.price[i]!;
      if (p < low) low = p;
      if (p > high) high = p;
    }
    return low === Infinity ? null : { low, high };
  }

  /** Forgets trades before `horizon`; compacts now and then. */
  prune(horizon: number): void {
    this.start = this.from(horizon);
    if (this.start > 1024 && this.start * 2 > this.at.length) {
      const cut = this.start;
      for (const list of [this.at, this.price, this.userToUser, this.shares]) list.splice(0, cut);
      for (const sums of [this.sumShares, this.sumCents, this.sumUserTrades, this.sumUserShares, this.sumUserCents]) sums.splice(0, cut);
      this.start = 0;
    }
  }

  get empty(): boolean {
    return this.start >= this.at.length;
  }
}

/** The last week of trades of every instrument, for the 24 h and 7-day figures. */
export class TradeWindows {
  private readonly windows = new Map<string, TradeWindow>();
  private prunedAt = -Infinity;

  add(key: string, at: number, shares: number, priceCents: number, userToUser: boolean): void {
    let w = this.windows.get(key);
    if (!w) this.windows.set(key, (w = new TradeWindow()));
    w.add(at, shares, priceCents, userToUser);
  }

  removeInstrument(key: string): void {
    this.windows.delete(key);
  }

  /** Sums of `key`'s trades at or after `since` (which must be within the last week of `now`). */
  sums(key: string, since: number, now: number): WindowSums | null {
    this.prune(now);
    const w = this.windows.get(key);
    return w ? w.sums(since) : null;
  }

  userRange(key: string, since: number): { low: number; high: number } | null {
    return this.windows.get(key)?.range(since, true) ?? null;
  }

  /** The time of the first trade at or after `since`, or null without one. */
  oldestSince(key: string, since: number): number | null {
    const w = this.windows.get(key);
    if (!w) return null;
    return w.at[w.from(since)] ?? null;
  }

  allRange(key: string, since: number): { low: number; high: number } | null {
    return this.windows.get(key)?.range(since, false) ?? null;
  }

  /** Instruments with a trade kept. */
  keys(now: number): string[] {
    this.prune(now);
    return [...this.windows.keys()];
  }

  private prune(now: number): void {
    // At most once a minute of the clock: old trades only make windows longer to search, never wrong.
    if (now - this.prunedAt < 60_000) return;
    this.prunedAt = now;
    for (const [key, w] of this.windows) {
      w.prune(now - KEEP_MS);
      if (w.empty) this.windows.delete(key);
    }
  }
}
