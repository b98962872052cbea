import type { PriceSource } from '../../db/repos/share-value.js';

/**
 * Each instrument's price over time: the times at which the price of trades between two users
 * changed, and the new price (the last trade price of docs/rules.md §5 Prices and values as it was then). Loaded from the database
 * the first time an instrument is asked about, then kept up to date with every trade, so that
 * "the price at time t" is a binary search however long the history.
 */
export class PriceTimelines implements PriceSource {
  private readonly lines = new Map<string, { at: number[]; price: number[] }>();

  constructor(private readonly load: (key: string) => { at: number; priceCents: number }[]) {}

  /** The price of the last trade between users at or before `at`, or null before the first. */
  priceAt(key: string, at: number): number | null {
    const { line, after } = this.find(key, at);
    return after === 0 ? null : line.price[after - 1]!;
  }

  /** When the price next changes after `at` (Infinity: not since). */
  nextChange(key: string, at: number): number {
    const { line, after } = this.find(key, at);
    return line.at[after] ?? Number.POSITIVE_INFINITY;
  }

  // The last search, kept: a price and its next change are asked for the same time one after the other.
  private last = { key: '', at: Number.NaN, line: { at: [] as number[], price: [] as number[] }, after: 0 };

  private find(key: string, at: number) {
    const last = this.last;
    if (last.key !== key || last.at !== at) {
      last.line = this.line(key);
      last.after = firstAfter(last.line.at, at);
      last.key = key;
      last.at = at;
    }
    return last;
  }

  /** One instrument's price and next change, without looking it up again each time (while no trade comes). */
  cursor(key: string): { priceAt(at: number): number | null; nextChange(at: number): number } {
    const line = this.line(key);
    let lastAt = Number.NaN;
    let after = 0;
    const find = (at: number) => {
      if (at !== lastAt) {
        // Times asked for mostly go forward, a few changes at a time: search onward from the last answer.
        after = at > lastAt ? firstAfterFrom(line.at, at, after) : firstAfter(line.at, at);
        lastAt = at;
      }
      return after;
    };
    return {
      priceAt: (at) => {
        const i = find(at);
        return i === 0 ? null : line.price[i - 1]!;
      },
      nextChange: (at) => line.at[find(at)] ?? Number.POSITIVE_INFINITY,
    };
  }

  /** Reads an instrument's line now, if it is not yet (to spread the first reads over time). */
  preload(key: string): void {
    this.line(key);
  }

  loaded(key: string): boolean {
    return this.lines.has(key);
  }

  /** A trade between users; only instruments already loaded are kept up to date (the others load it with the rest). */
  add(key: string, at: number, priceCents: number): void {
    const line = this.lines.get(key);
    if (!line) return;
    const n = line.at.length;
    this.last.key = '';
    if (n > 0 && at < line.at[n - 1]!) {
      // Out of time order (a clock set back): read it again when next asked.
      this.lines.delete(key);
      return;
    }
    if (n > 0 && line.price[n - 1] === priceCents) return;
    line.at.push(at);
    line.price.push(priceCents);
  }

  forget(key: string): void {
    this.lines.delete(key);
    this.last.key = '';
  }

  private line(key: string): { at: number[]; price: number[] } {
    let line = this.lines.get(key);
    if (!line) {
      line = { at: [], price: [] };
      for (const t of this.load(key)) {
        const n = line.at.length;
        if (n > 0 && line.price[n - 1] === t.priceCents) continue;
        line.at.push(t.at);
        line.price.push(t.priceCents);
      }
      this.lines.set(key, line);
    }
    return line;
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
