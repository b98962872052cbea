import { MarkBook, MarkTimeline, markOnLine, markTimeline, setLine, type MarkLine, type MarkTrade, type OpenMarketChange } from '../../domain/market/mark.js';
import type { TradePlace } from '../../db/repos/market-state.js';
import type { MarkSource } from '../../domain/market/value-history.js';

/** What an instrument's mark is built from, read from the database when it is (re)built. */
export interface MarkInputs {
  /** The trades between users it counts now (at least), oldest first. */
  trades: readonly MarkTrade[];
  /** Since when the open market has held shares (-Infinity: all season; null: it is empty). */
  openSince: number | null;
}

export interface MarkStore {
  /** One instrument's inputs at `at`, from the database. */
  inputs(key: string, totalShares: number, at: number): MarkInputs;
  /**
   * What one instrument's mark over time is worked out from, at `from` and after: its trades between
   * users the mark counts at `from` and every one since, oldest first (the whole season's when `from`
   * is -Infinity), and its open market's changes of the season.
   */
  history(key: string, totalShares: number, from: number): { trades: readonly MarkTrade[]; openMarket: readonly OpenMarketChange[] };
  /** The season's history a page at a time: at most `limit` trades between users after `after` (null: from the first), oldest first, and the open market's changes so far. */
  historyPage(key: string, after: TradePlace | null, limit: number): { trades: readonly (MarkTrade & TradePlace)[]; openMarket: readonly OpenMarketChange[] };
}

/**
 * Every instrument's mark (docs/rules.md §5), kept by the single writer: each instrument's MarkBook
 * is read from the database the first time its mark is needed (the trades it counts, since when the
 * open market has held shares), then each trade between users and each change of its open market is
 * told to it as it is written, and time is told before every read, so the marks that change as their
 * window slides (a trade leaving the last 24 hours, an open market that has held shares for a day)
 * change then, at their own time. Nothing scans the history per read: a read costs nothing unless a
 * mark is due to change.
 *
 * Also each instrument's mark over time (for the value charts), read the first time it is asked
 * for, from the earliest time asked (what the mark counts then, not the whole season), and then kept
 * up to date with every change; a chart reaching further back reads it again from there.
 */
export class Marks implements MarkSource {
  private readonly books = new Map<string, MarkBook>();
  /** Instruments to build again from the database before their next use (an admin's change). */
  private readonly stale = new Set<string>();
  /** Each instrument's mark over time, right from `from` on. */
  private readonly lines = new Map<string, { line: MarkLine; from: number }>();
  private nextDue = Number.POSITIVE_INFINITY;
  private time = Number.NEGATIVE_INFINITY;
  /** An instrument's season being read a page at a time (`preloadPage`): its mark over time so far, and the last trade read. */
  private reading: { key: string; timeline: MarkTimeline; after: TradePlace | null } | null = null;

  constructor(
    private readonly store: MarkStore,
    private readonly seasonStart: number,
    private readonly totalOf: (key: string) => number,
    /** A mark changed from `before` to `after` at `at` (`before` null: a book just read, on which no value was worked out yet). */
    private readonly changed: (key: string, before: number | null, after: number, at: number) => void,
    /** Something was told out of time order (a clock set back): marks over time before now may have changed. */
    private readonly pastChanged: () => void,
  ) {}

  /** The instrument's mark now (as of the last time told), in cents. */
  mark(key: string): number {
    this.rebuildStale();
    return this.bookOf(key).book.mark;
  }

  /**
   * The instrument's mark as its book in memory has it, read from nothing: undefined when no book
   * was read yet. An instrument to be read again (`forget`) answers its old book's mark, from which
   * the new one is told as a change.
   */
  known(key: string): number | undefined {
    return this.books.get(key)?.mark;
  }

  /**
   * Reads the next page of an instrument's season toward its mark over the season and its book now,
   * if they are not yet (the warm-up's steps, before any chart asks); true once all of it is read.
   * One read of its season's trades between users makes both, the book being where the mark over
   * time ends. A busy instrument's season (tens of thousands of trades at a season's end) so takes
   * many short steps between other work instead of one long one. The trades written meanwhile are
   * in the pages still to read: they come after the last one read.
   */
  preloadPage(key: string, pageSize: number): boolean {
    this.rebuildStale();
    if (this.lines.get(key)?.from === Number.NEGATIVE_INFINITY) {
      this.bookOf(key);
      return true;
    }
    if (this.reading?.key !== key) {
      const terms = { totalShares: this.totalOf(key), seasonStart: this.seasonStart };
      this.reading = { key, timeline: new MarkTimeline(terms), after: null };
    }
    const reading = this.reading;
    const { trades, openMarket } = this.store.historyPage(key, reading.after, pageSize);
    if (trades.length === pageSize) {
      reading.timeline.page(trades, openMarket);
      reading.after = trades[trades.length - 1]!;
      return false;
    }
    this.reading = null;
    // Up to now; a clock set back since the pages were read is no reason to end before them.
    const until = Math.max(this.time, reading.after?.at ?? Number.NEGATIVE_INFINITY);
    const { line, book } = reading.timeline.finish(trades, openMarket, until);
    this.lines.set(key, { line, from: Number.NEGATIVE_INFINITY });
    if (!this.books.has(key)) {
      this.books.set(key, book);
      this.nextDue = Math.min(this.nextDue, book.due());
    }
    return true;
  }

  /** Time passed: every mark due to change by `now` changes, at its own time. */
  advance(now: number): void {
    this.rebuildStale();
    if (now > this.time) this.time = now;
    if (now < this.nextDue) return;
    let next = Number.POSITIVE_INFINITY;
    for (const [key, book] of this.books) {
      let due = book.due();
      while (due <= now) {
        const before = book.mark;
        book.advance(due);
        this.tell(key, before, book.mark, due);
        due = book.due();
      }
      next = Math.min(next, due);
    }
    this.nextDue = next;
  }

  /** A trade between two users, as written (a book read from the database now has it already). */
  trade(key: string, at: number, shares: number, priceCents: number): void {
    if (this.outOfOrder(key, at)) return;
    this.advance(at);
    const { book, read } = this.bookOf(key);
    const before = read ? null : book.mark;
    if (!read) book.add({ at, shares, priceCents });
    this.tell(key, before, book.mark, at);
    this.nextDue = Math.min(this.nextDue, book.due());
  }

  /** The open market of an instrument became empty, or held shares again, as written (a book read now has it already). */
  openMarket(key: string, held: boolean, at: number): void {
    if (this.outOfOrder(key, at)) return;
    this.advance(at);
    const { book, read } = this.bookOf(key);
    const before = read ? null : book.mark;
    if (!read) book.openMarket(held, at);
    this.tell(key, before, book.mark, at);
    this.nextDue = Math.min(this.nextDue, book.due());
  }

  /** Told something older than what the book was told (a clock set back): it is read again from the database, where it is now. */
  private outOfOrder(key: string, at: number): boolean {
    const book = this.books.get(key);
    if (!book || at >= book.clock) return false;
    this.forget(key);
    this.pastChanged();
    return true;
  }

  /** The instrument changed behind the books (an admin's change): it is read again before its next use. */
  forget(key: string): void {
    this.stale.add(key);
    this.lines.delete(key);
    if (this.reading?.key === key) this.reading = null;
  }

  // ── Over time, for the value charts ─────────────────────────────────────────────────────────

  markAt(key: string, at: number): number {
    return markOnLine(this.line(key, at), at);
  }

  nextChange(key: string, at: number): number {
    const line = this.line(key, at);
    return line.at[firstAfter(line.at, at)] ?? Number.POSITIVE_INFINITY;
  }

  /**
   * One instrument's mark and next change at `from` or later, searching onward from the last time
   * asked (times mostly go forward).
   */
  cursor(key: string, from = Number.NEGATIVE_INFINITY): { markAt(at: number): number; nextChange(at: number): number } {
    const line = this.line(key, from);
    let lastAt = Number.NaN;
    let after = 0;
    const find = (at: number) => {
      if (at !== lastAt) {
        after = at > lastAt ? firstAfterFrom(line.at, at, after) : firstAfter(line.at, at);
        lastAt = at;
      }
      return after;
    };
    return {
      markAt: (at) => {
        const i = find(at);
        return i === 0 ? markOnLine(line, Number.NEGATIVE_INFINITY) : line.cents[i - 1]!;
      },
      nextChange: (at) => line.at[find(at)] ?? Number.POSITIVE_INFINITY,
    };
  }

  /** The instrument's mark over time, right from `from` on (before the season began: all of it). */
  /** Whether the instrument's mark over time from `from` on is in memory (a cursor from there reads nothing). */
  hasLineFrom(key: string, from: number): boolean {
    const start = from <= this.seasonStart ? Number.NEGATIVE_INFINITY : from;
    return !this.stale.has(key) && (this.lines.get(key)?.from ?? Number.POSITIVE_INFINITY) <= start;
  }

  private line(key: string, from: number): MarkLine {
    this.rebuildStale();
    const start = from <= this.seasonStart ? Number.NEGATIVE_INFINITY : from;
    const kept = this.lines.get(key);
    if (kept && kept.from <= start) return kept.line;
    const totalShares = this.totalOf(key);
    const { trades, openMarket } = this.store.history(key, totalShares, start);
    const { line } = markTimeline(trades, openMarket, { totalShares, seasonStart: this.seasonStart }, this.time);
    this.lines.set(key, { line, from: start });
    return line;
  }

  private tell(key: string, before: number | null, after: number, at: number): void {
    const kept = this.lines.get(key);
    if (kept) {
      const { line } = kept;
      if (line.at.length > 0 && at < line.at[line.at.length - 1]!) this.lines.delete(key);
      else setLine(line, at, after);
    }
    if (after !== before) this.changed(key, before, after, at);
  }

  /** The instrument's book, read from the database now when it was not yet (`read`). */
  private bookOf(key: string): { book: MarkBook; read: boolean } {
    const kept = this.books.get(key);
    if (kept) return { book: kept, read: false };
    const book = this.read(key);
    this.books.set(key, book);
    this.nextDue = Math.min(this.nextDue, book.due());
    return { book, read: true };
  }

  private read(key: string): MarkBook {
    const inputs = this.store.inputs(key, this.totalOf(key), this.time);
    const book = new MarkBook({ totalShares: this.totalOf(key), seasonStart: this.seasonStart }, inputs.openSince);
    book.addAll(inputs.trades, this.time);
    return book;
  }

  private rebuildStale(): void {
    if (this.stale.size === 0) return;
    const keys = [...this.stale];
    this.stale.clear();
    for (const key of keys) {
      const before = this.books.get(key)?.mark;
      if (before === undefined) continue;
      const rebuilt = this.read(key);
      this.books.set(key, rebuilt);
      this.nextDue = Math.min(this.nextDue, rebuilt.due());
      if (before !== rebuilt.mark) this.changed(key, before, rebuilt.mark, this.time);
    }
  }
}

/** The first index whose time is after `at`. */
function firstAfter(times: readonly number[], at: number, from = 0, to = times.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose time is after `at`, knowing it is `from` or later: steps of 1, 2, 4… then a binary search. */
function firstAfterFrom(times: readonly number[], at: number, from: number): number {
  let lo = from;
  let step = 1;
  while (lo < times.length && times[lo]! <= at) {
    const next = lo + step;
    if (next >= times.length || times[next]! > at) return firstAfter(times, at, lo + 1, Math.min(next, times.length));
    lo = next + 1;
    step *= 2;
  }
  return lo;
}
