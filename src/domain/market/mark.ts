/**
 * The mark (docs/rules.md §5 Prices and values): the price every valuation uses, one that a small
 * trade between friends, or a last-minute dump, cannot move.
 *
 * - $1.00 while the open market has held shares of the instrument for the whole of the last 24
 *   hours (or since the season began, if that is more recent): anyone could have had one for $1.00;
 * - otherwise the share-weighted median price of its most recent trades between two users: those of
 *   the last 24 hours, extended back to older ones until they cover at least 1% of its total shares
 *   (or all of them, if fewer). Each share traded is one vote; of two middle prices, the lower;
 * - never below $1.00; with no trade between users, $1.00.
 *
 * `markAt` says it from scratch; `MarkBook` keeps it as trades come and time passes; `markTimeline`
 * is the mark over a season. All pure: times are given, never read from a clock.
 */
import { OPEN_MARKET_PRICE_CENTS } from '../../shared/money.js';

export const MARK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The trades counted cover at least 1/MARK_COVER_DIVISOR of the instrument's total shares. */
export const MARK_COVER_DIVISOR = 100;
const FLOOR = OPEN_MARKET_PRICE_CENTS as number;

/** A trade between two users, as the mark counts it. Cents; epoch ms. */
export interface MarkTrade {
  at: number;
  shares: number;
  priceCents: number;
}

/** The open market of the instrument became empty (`held: false`) or held shares again (`held: true`) at `at`. */
export interface OpenMarketChange {
  at: number;
  held: boolean;
}

/** What the mark of one instrument depends on beside its trades. */
export interface MarkTerms {
  /** A player's salary, a team's payroll. */
  totalShares: number;
  /** When the current season began (epoch ms). */
  seasonStart: number;
}

/** Since when the open market has held shares, from its changes (oldest first) up to `at`: -Infinity for always, null when empty. */
export function openMarketSince(changes: readonly OpenMarketChange[], at: number): number | null {
  let since: number | null = Number.NEGATIVE_INFINITY;
  for (const c of changes) {
    if (c.at > at) break;
    if (!c.held) since = null;
    else since ??= c.at;
  }
  return since;
}

/** Whether the open market held shares for the whole of the last 24 hours before `at`, or since the season began. */
export function openMarketFloors(since: number | null, seasonStart: number, at: number): boolean {
  return since !== null && (since <= seasonStart || since <= at - MARK_WINDOW_MS);
}

/** Whether `shares` cover at least 1% of `totalShares`. */
const covers = (shares: number, totalShares: number): boolean => shares * MARK_COVER_DIVISOR >= totalShares;

/** The share-weighted median price (the lower of two middle ones) of some trades; null without any. */
export function weightedMedian(trades: readonly { shares: number; priceCents: number }[]): number | null {
  const sorted = [...trades].sort((a, b) => a.priceCents - b.priceCents);
  const total = sorted.reduce((sum, t) => sum + t.shares, 0);
  let seen = 0;
  for (const t of sorted) {
    seen += t.shares;
    if (2 * seen >= total) return t.priceCents;
  }
  return null;
}

/** The trades the mark counts at `at`: those of the last 24 hours, then older ones until they cover 1% of the shares. */
export function tradesCounted(trades: readonly MarkTrade[], totalShares: number, at: number): MarkTrade[] {
  const counted: MarkTrade[] = [];
  let shares = 0;
  for (let i = trades.length - 1; i >= 0; i--) {
    const t = trades[i]!;
    if (t.at > at) continue;
    if (t.at <= at - MARK_WINDOW_MS && covers(shares, totalShares)) break;
    counted.push(t);
    shares += t.shares;
  }
  return counted.reverse();
}

/**
 * The mark at `at`, from scratch: the instrument's trades between users of the season (oldest
 * first) and its open market's changes (oldest first). Cents.
 */
export function markAt(trades: readonly MarkTrade[], openMarket: readonly OpenMarketChange[], terms: MarkTerms, at: number): number {
  if (openMarketFloors(openMarketSince(openMarket, at), terms.seasonStart, at)) return FLOOR;
  const median = weightedMedian(tradesCounted(trades, terms.totalShares, at));
  return median === null ? FLOOR : Math.max(FLOOR, median);
}

/**
 * One instrument's mark kept up to date: trades between users and the open market's changes are
 * told in time order, and `advance` moves its clock (a trade leaves the last 24 hours, the open
 * market has held shares for a day). It keeps only the trades it counts, by price, so the mark is
 * a walk over the prices of those trades; `due` says when it next changes if nothing is told.
 */
export class MarkBook {
  private readonly at: number[] = [];
  private readonly shares: number[] = [];
  private readonly price: number[] = [];
  /** Trades before this index are no longer counted. */
  private head = 0;
  private counted = 0;
  /** The counted trades' distinct prices, lowest first, and the shares at each. */
  private readonly levels: number[] = [];
  private readonly atLevel = new Map<number, number>();
  private since: number | null;
  private time = Number.NEGATIVE_INFINITY;
  private value = FLOOR;
  /** The counted trades' median, while they stay the same (undefined: to work out). */
  private medianKept: number | null | undefined = null;

  constructor(
    private readonly terms: MarkTerms,
    /** Since when the open market has held shares (-Infinity: always; null: it is empty now). */
    openSince: number | null = Number.NEGATIVE_INFINITY,
  ) {
    this.since = openSince;
  }

  /** The mark in cents, as of the last time told. */
  get mark(): number {
    return this.value;
  }

  /** The latest time told. */
  get clock(): number {
    return this.time;
  }

  get openSince(): number | null {
    return this.since;
  }

  /** A trade between two users at `trade.at` (not before the last time told). */
  add(trade: MarkTrade): void {
    this.moveClock(trade.at);
    this.at.push(trade.at);
    this.shares.push(trade.shares);
    this.price.push(trade.priceCents);
    this.counted += trade.shares;
    const level = this.atLevel.get(trade.priceCents);
    if (level === undefined) {
      this.levels.splice(firstAtLeast(this.levels, trade.priceCents), 0, trade.priceCents);
      this.atLevel.set(trade.priceCents, trade.shares);
    } else this.atLevel.set(trade.priceCents, level + trade.shares);
    this.medianKept = undefined;
    this.settle();
  }

  /**
   * What a new book starts from, in one go: trades oldest first (what it counts at `now`, and maybe
   * more), and the time then.
   */
  addAll(trades: readonly MarkTrade[], now: number): void {
    if (this.at.length > 0) throw new Error('addAll starts an empty book');
    for (const t of trades) {
      this.at.push(t.at);
      this.shares.push(t.shares);
      this.price.push(t.priceCents);
      this.counted += t.shares;
      this.moveClock(t.at);
    }
    this.moveClock(now);
    const horizon = this.time - MARK_WINDOW_MS;
    while (this.head < this.at.length && this.at[this.head]! <= horizon && covers(this.counted - this.shares[this.head]!, this.terms.totalShares)) {
      this.counted -= this.shares[this.head++]!;
    }
    for (let i = this.head; i < this.at.length; i++) this.atLevel.set(this.price[i]!, (this.atLevel.get(this.price[i]!) ?? 0) + this.shares[i]!);
    for (const p of [...this.atLevel.keys()].sort((a, b) => a - b)) this.levels.push(p);
    this.medianKept = undefined;
    this.settle();
  }

  /** The open market became empty, or held shares again, at `at`. */
  openMarket(held: boolean, at: number): void {
    this.moveClock(at);
    if (!held) this.since = null;
    else this.since ??= at;
    this.settle();
  }

  /** Time passed: the mark as of `at` (a time before the last one told changes nothing). */
  advance(at: number): void {
    if (at <= this.time) return;
    this.moveClock(at);
    this.settle();
  }

  /** When the mark may next change with nothing told (Infinity: not by time alone). */
  due(): number {
    let due = Number.POSITIVE_INFINITY;
    if (this.since !== null && this.since > this.terms.seasonStart) {
      const floorsAt = this.since + MARK_WINDOW_MS;
      if (floorsAt > this.time) due = floorsAt;
    }
    if (this.head < this.at.length && covers(this.counted - this.shares[this.head]!, this.terms.totalShares)) {
      due = Math.min(due, this.at[this.head]! + MARK_WINDOW_MS);
    }
    return due;
  }

  private moveClock(at: number): void {
    if (at > this.time) this.time = at;
  }

  /** Drops the trades no longer counted, then works the mark out again. */
  private settle(): void {
    const horizon = this.time - MARK_WINDOW_MS;
    while (this.head < this.at.length && this.at[this.head]! <= horizon && covers(this.counted - this.shares[this.head]!, this.terms.totalShares)) {
      this.drop(this.head++);
    }
    if (this.head > 1024 && this.head * 2 > this.at.length) {
      for (const list of [this.at, this.shares, this.price]) list.splice(0, this.head);
      this.head = 0;
    }
    this.value = openMarketFloors(this.since, this.terms.seasonStart, this.time) ? FLOOR : Math.max(FLOOR, this.median() ?? FLOOR);
  }

  private drop(i: number): void {
    this.medianKept = undefined;
    const p = this.price[i]!;
    const s = this.shares[i]!;
    this.counted -= s;
    const left = this.atLevel.get(p)! - s;
    if (left > 0) this.atLevel.set(p, left);
    else {
      this.atLevel.delete(p);
      this.levels.splice(firstAtLeast(this.levels, p), 1);
    }
  }

  private median(): number | null {
    if (this.medianKept !== undefined) return this.medianKept;
    let seen = 0;
    this.medianKept = null;
    for (const p of this.levels) {
      seen += this.atLevel.get(p)!;
      if (2 * seen >= this.counted) {
        this.medianKept = p;
        break;
      }
    }
    return this.medianKept;
  }
}

/** The first index of a sorted list whose value is at least `value`. */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The mark over time: from each `at` (oldest first) the mark is `cents`, until the next; $1.00 before the first. */
export interface MarkLine {
  at: number[];
  cents: number[];
}

/**
 * The mark of one instrument over a season, worked out from its trades between users told in time
 * order a page at a time (a busy instrument's season read in short steps), with its open market's
 * changes and the time steps between. Each page tells the book every event before the page's last
 * trade; the trades of that millisecond wait for the next page, which may hold more of them.
 */
export class MarkTimeline {
  private readonly book: MarkBook;
  private readonly line: MarkLine = { at: [], cents: [] };
  /** Trades read but not told yet (oldest first). */
  private waiting: readonly MarkTrade[] = [];
  /** How many of the open market's changes were told. */
  private changesTold = 0;

  constructor(terms: MarkTerms) {
    this.book = new MarkBook(terms);
  }

  /**
   * The next trades (oldest first, after every one given before) and the open market's changes of
   * the season so far (oldest first; a later call's list starts with this one's): everything before
   * the last of these trades is told.
   */
  page(trades: readonly MarkTrade[], openMarket: readonly OpenMarketChange[]): void {
    const last = trades[trades.length - 1];
    if (last) this.tell(trades, openMarket, (next) => next >= last.at);
  }

  /** Everything up to `until` told: the mark over time, and the book at `until` to be told what comes next. */
  finish(trades: readonly MarkTrade[], openMarket: readonly OpenMarketChange[], until: number): { line: MarkLine; book: MarkBook } {
    this.tell(trades, openMarket, (next) => next > until);
    this.book.advance(until);
    setLine(this.line, until, this.book.mark);
    return { line: this.line, book: this.book };
  }

  private tell(trades: readonly MarkTrade[], openMarket: readonly OpenMarketChange[], stop: (next: number) => boolean): void {
    const { book, line } = this;
    const all = this.waiting.length > 0 ? [...this.waiting, ...trades] : trades;
    let i = 0;
    let k = this.changesTold;
    for (;;) {
      const next = Math.min(all[i]?.at ?? Number.POSITIVE_INFINITY, openMarket[k]?.at ?? Number.POSITIVE_INFINITY, book.due());
      if (next === Number.POSITIVE_INFINITY || stop(next)) break;
      book.advance(next);
      while (k < openMarket.length && openMarket[k]!.at === next) book.openMarket(openMarket[k++]!.held, next);
      while (i < all.length && all[i]!.at === next) book.add(all[i++]!);
      setLine(line, next, book.mark);
    }
    this.waiting = all.slice(i);
    this.changesTold = k;
  }
}

/**
 * The mark of one instrument over a season, up to `until`: its trades between users and its open
 * market's changes, oldest first, told to a MarkBook in time order with the time steps between.
 * Returns the book too, at `until`, to be told what comes next.
 */
export function markTimeline(
  trades: readonly MarkTrade[],
  openMarket: readonly OpenMarketChange[],
  terms: MarkTerms,
  until: number,
): { line: MarkLine; book: MarkBook } {
  return new MarkTimeline(terms).finish(trades, openMarket, until);
}

/**
 * The mark is `cents` from `at` on (not before the line's last change): the line's last change is
 * replaced when at the same time, and nothing is added when the mark stays the same.
 */
export function setLine(line: MarkLine, at: number, cents: number): void {
  const n = line.at.length;
  if (n > 0 && line.at[n - 1] === at) {
    line.cents[n - 1] = cents;
    if ((n > 1 ? line.cents[n - 2] : FLOOR) === cents) {
      line.at.pop();
      line.cents.pop();
    }
    return;
  }
  const before = n > 0 ? line.cents[n - 1]! : FLOOR;
  if (before === cents) return;
  line.at.push(at);
  line.cents.push(cents);
}

/** The mark on a line at `at`. */
export function markOnLine(line: MarkLine, at: number): number {
  let lo = 0;
  let hi = line.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (line.at[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? FLOOR : line.cents[lo - 1]!;
}
