/**
 * Each instrument's price over time: the times at which the price of trades between two users
 * changed, and the new price (RULES.md's last trade price as it was then). Loaded from the database
 * the first time an instrument is asked about, then kept up to date with every trade, so that
 * "the price at time t" is a binary search however long the history.
 */
export class PriceTimelines {
  private readonly lines = new Map<string, { at: number[]; price: number[] }>();

  constructor(private readonly load: (key: string) => { at: number; priceCents: number }[]) {}

  /** The price of the last trade between users at or before `at`, or null before the first. */
  priceAt(key: string, at: number): number | null {
    const line = this.line(key);
    let lo = 0;
    let hi = line.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (line.at[mid]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? null : line.price[lo - 1]!;
  }

  /** A trade between users; only instruments already loaded are kept up to date (the others load it with the rest). */
  add(key: string, at: number, priceCents: number): void {
    const line = this.lines.get(key);
    if (!line) return;
    const n = line.at.length;
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
  }

  clear(): void {
    this.lines.clear();
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
