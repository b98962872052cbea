import { OPEN_MARKET_PRICE_CENTS } from '../../shared/money.js';

/**
 * An instrument's last user-to-user price at a time, and when it next changes (the first such trade
 * after that time; Infinity when none): history visits times in order and asks again only then.
 */
export interface PriceSource {
  priceAt(key: string, at: number): number | null;
  nextChange(key: string, at: number): number;
  /** Both for one instrument, without looking it up each time (optional). */
  cursor?(key: string): { priceAt(at: number): number | null; nextChange(at: number): number };
}

/**
 * The share value of changing holdings at increasing times, kept as a sum of each holding's part: a
 * part is worked out again only when its shares, its average buy price or its price changed. A heap
 * orders the held instruments by when their price is next due to change (the price source says), so
 * a point costs only the holdings that changed since the last one.
 */
export class ShareValue {
  private readonly index = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly count: number[] = [];
  private readonly price: (number | null)[] = [];
  private readonly validUntil: number[] = [];
  private readonly part: number[] = [];
  private readonly held: boolean[] = [];
  private readonly isDirty: boolean[] = [];
  private readonly dirty: number[] = [];
  private readonly cursors: ({ priceAt(at: number): number | null; nextChange(at: number): number } | null)[] = [];
  /** A heap of (validUntil, index) pairs, soonest first; stale pairs are skipped when they come up. */
  private dueAt = new Float64Array(64);
  private dueIndex = new Int32Array(64);
  private dueSize = 0;
  private total = 0;

  constructor(
    private readonly prices: PriceSource,
    private readonly bought: Map<string, { costCents: number; shares: number }>,
    start: Map<string, number>,
  ) {
    for (const [key, n] of start) this.set(key, n);
  }

  private slot(key: string): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.keys.length;
      this.index.set(key, i);
      this.keys.push(key);
      this.count.push(0);
      this.price.push(null);
      this.validUntil.push(Number.NEGATIVE_INFINITY);
      this.part.push(0);
      this.held.push(false);
      this.isDirty.push(false);
      this.cursors.push(this.prices.cursor?.(key) ?? null);
    }
    return i;
  }

  private mark(i: number): void {
    if (this.isDirty[i]) return;
    this.isDirty[i] = true;
    this.dirty.push(i);
  }

  private set(key: string, n: number): void {
    const i = this.slot(key);
    this.count[i] = n;
    if (n > 0 && !this.held[i]) {
      this.held[i] = true;
      this.push(this.validUntil[i]!, i);
    } else if (n === 0 && this.held[i]) {
      this.held[i] = false;
    }
    this.mark(i);
  }

  apply(changes: readonly [string, number][]): void {
    for (const [key, n] of changes) this.set(key, n);
  }

  /** Its average buy price changed. */
  touch(key: string): void {
    const i = this.index.get(key);
    if (i !== undefined) this.mark(i);
  }

  at(time: number): number {
    while (this.dueSize > 0 && this.dueAt[0]! <= time) {
      const until = this.dueAt[0]!;
      const i = this.pop();
      if (!this.held[i] || until !== this.validUntil[i]) continue;
      const cursor = this.cursors[i];
      const key = this.keys[i]!;
      this.price[i] = cursor ? cursor.priceAt(time) : this.prices.priceAt(key, time);
      this.validUntil[i] = cursor ? cursor.nextChange(time) : this.prices.nextChange(key, time);
      this.push(this.validUntil[i]!, i);
      this.mark(i);
    }
    for (const i of this.dirty) {
      this.isDirty[i] = false;
      let part = 0;
      if (this.held[i]) {
        const count = this.count[i]!;
        const price = this.price[i]!;
        if (price !== null) {
          part = count * price;
        } else {
          const b = this.bought.get(this.keys[i]!);
          part = b && b.shares > 0 ? Math.round((b.costCents * count) / b.shares) : count * OPEN_MARKET_PRICE_CENTS;
        }
      }
      this.total += part - this.part[i]!;
      this.part[i] = part;
    }
    this.dirty.length = 0;
    return this.total;
  }

  private push(until: number, i: number): void {
    if (this.dueSize === this.dueAt.length) {
      const at = new Float64Array(this.dueSize * 2);
      at.set(this.dueAt);
      this.dueAt = at;
      const index = new Int32Array(this.dueSize * 2);
      index.set(this.dueIndex);
      this.dueIndex = index;
    }
    const dueAt = this.dueAt;
    const dueIndex = this.dueIndex;
    let c = this.dueSize++;
    while (c > 0) {
      const p = (c - 1) >> 1;
      if (dueAt[p]! <= until) break;
      dueAt[c] = dueAt[p]!;
      dueIndex[c] = dueIndex[p]!;
      c = p;
    }
    dueAt[c] = until;
    dueIndex[c] = i;
  }

  /** Takes the soonest pair out; answers its index. */
  private pop(): number {
    const dueAt = this.dueAt;
    const dueIndex = this.dueIndex;
    const top = dueIndex[0]!;
    const n = --this.dueSize;
    const until = dueAt[n]!;
    const i = dueIndex[n]!;
    let p = 0;
    for (;;) {
      const l = 2 * p + 1;
      if (l >= n) break;
      const r = l + 1;
      const m = r < n && dueAt[r]! < dueAt[l]! ? r : l;
      if (dueAt[m]! >= until) break;
      dueAt[p] = dueAt[m]!;
      dueIndex[p] = dueIndex[m]!;
      p = m;
    }
    dueAt[p] = until;
    dueIndex[p] = i;
    return top;
  }
}
