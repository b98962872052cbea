/**
 * One side of a book: its orders (slots, see OrderSlots), grouped in price levels that are kept
 * sorted, each level a queue in time priority. A level is a record too, in `lv`.
 */
import { ABSENT } from './id-index.js';
import { LevelIndex } from './level-index.js';
import { NIL, OrderSlots, SLOT } from './order-slots.js';

// The slot links (see SLOT), as local constants for the hot paths.
const PREV = 0;
const NEXT = 1;
const LEVEL = 2;
const LINK_STRIDE = 4;
if (SLOT.PREV !== PREV || SLOT.NEXT !== NEXT || SLOT.LEVEL !== LEVEL || SLOT.LINK_STRIDE !== LINK_STRIDE) throw new Error('book-side: SLOT changed');

/** Where each number sits in a level's record in `lv`; the planner reads HEAD through a local copy. */
export const LEVEL_RECORD = Object.freeze({ HEAD: 0, TAIL: 1, SIZE: 2, STRIDE: 4 });

const L_HEAD = 0;
const L_TAIL = 1;
const L_SIZE = 2;
const L_STRIDE = 4;

export class BookSide extends OrderSlots {
  /** By level: its price, and its record of first and last slot in time priority and number of orders. */
  lvPrice: Float64Array = new Float64Array(0);
  lv: Int32Array = new Int32Array(0);
  /** Freed levels, linked through L_HEAD. */
  private freeLevels = NIL;
  private levelsUsed = 0;
  /**
   * The levels from worst to best, so that the best sits at the end where levels come and go most,
   * and beside them their rank (the price, negated on a selling side) for binary search.
   *
   * A level that empties below the best stays ranked, empty, so that orders coming back to its
   * price (the usual case: prices cluster) find it without a search or moving the others; empty
   * levels are dropped in one sweep once they outnumber the others. The best level is never empty.
   */
  private ranked: Int32Array = new Int32Array(16);
  private rankOf: Float64Array = new Float64Array(16);
  private emptyLevels = 0;
  /** Price → level, so that an order joining an existing level needs no search. */
  private readonly levelAt = new LevelIndex();
  levelCount = 0;
  /** The largest seq queued on this side so far. */
  private newestSeq = -Infinity;

  constructor(private readonly higherIsBetter: boolean) {
    super();
  }

  /** The i-th best level, 0 being the best; NIL past the worst. Levels below the best may be empty. */
  level(i: number): number {
    const r = this.levelCount - 1 - i;
    return r >= 0 ? this.ranked[r]! : NIL;
  }

  levelPrice(level: number): number {
    return this.lvPrice[level]!;
  }

  /** The level's first slot in time priority. */
  head(level: number): number {
    return this.lv[level * L_STRIDE + L_HEAD]!;
  }

  /** Queues a new order by price, then time; returns its slot. */
  add(id: number, userId: number, price: number, shares: number, seq: number, standing: boolean): number {
    const s = this.newSlot(id, userId, price, shares, seq, standing);
    const level = this.levelFor(price);
    const link = this.link;
    const lv = this.lv;
    const o = level * L_STRIDE;
    // An order newer than any before it goes last, without reading the others; otherwise (a
    // standing sell keeps its holding's time) walk back from the tail.
    let after = lv[o + L_TAIL]!;
    if (seq > this.newestSeq) this.newestSeq = seq;
    else while (after !== NIL && this.before(s, after)) after = link[after * LINK_STRIDE + PREV]!;
    const following = after === NIL ? lv[o + L_HEAD]! : link[after * LINK_STRIDE + NEXT]!;
    link[s * LINK_STRIDE + PREV] = after;
    link[s * LINK_STRIDE + NEXT] = following;
    link[s * LINK_STRIDE + LEVEL] = level;
    if (following === NIL) lv[o + L_TAIL] = s;
    else link[following * LINK_STRIDE + PREV] = s;
    if (after === NIL) lv[o + L_HEAD] = s;
    else link[after * LINK_STRIDE + NEXT] = s;
    lv[o + L_SIZE] = lv[o + L_SIZE]! + 1;
    return s;
  }

  /** Takes a queued order out; drops its level once empty. */
  remove(s: number): void {
    const link = this.link;
    const level = link[s * LINK_STRIDE + LEVEL]!;
    if (level === NIL) throw new Error(`slot ${s} is in no level`);
    const lv = this.lv;
    const o = level * L_STRIDE;
    const before = link[s * LINK_STRIDE + PREV]!;
    const after = link[s * LINK_STRIDE + NEXT]!;
    if (before === NIL) lv[o + L_HEAD] = after;
    else link[before * LINK_STRIDE + NEXT] = after;
    if (after === NIL) lv[o + L_TAIL] = before;
    else link[after * LINK_STRIDE + PREV] = before;
    this.freeSlot(s);
    const size = lv[o + L_SIZE]! - 1;
    lv[o + L_SIZE] = size;
    if (size === 0) this.emptied(level);
  }

  /** Slots best first (price, then time). */
  *[Symbol.iterator](): IterableIterator<number> {
    for (let i = 0; i < this.levelCount; i++) {
      for (let s = this.head(this.level(i)); s !== NIL; s = this.next(s)) yield s;
    }
  }

  private rank(price: number): number {
    return this.higherIsBetter ? price : -price;
  }

  /** First index of `ranked` whose rank is ≥ `rank`. */
  private lowerBound(rank: number): number {
    const rankOf = this.rankOf;
    let lo = 0;
    let hi = this.levelCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rankOf[mid]! < rank) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The level at `price`, made and ranked if there is none. Small, so that `add` inlines it. */
  private levelFor(price: number): number {
    const found = this.levelAt.get(price);
    if (found === ABSENT) return this.newRankedLevel(price);
    if (this.lv[found * L_STRIDE + L_SIZE] === 0) this.emptyLevels--;
    return found;
  }

  private newRankedLevel(price: number): number {
    const rank = this.rank(price);
    const count = this.levelCount;
    // Levels come and go mostly at the best price: try past the end before searching.
    const at = count === 0 || this.rankOf[count - 1]! < rank ? count : this.lowerBound(rank);
    const level = this.newLevel(price);
    this.levelAt.add(price, level);
    if (count === this.ranked.length) this.growRanks();
    const ranked = this.ranked;
    const rankOf = this.rankOf;
    // A plain loop: copyWithin calls into C++, far slower for the few entries that move.
    for (let i = count; i > at; i--) {
      ranked[i] = ranked[i - 1]!;
      rankOf[i] = rankOf[i - 1]!;
    }
    ranked[at] = level;
    rankOf[at] = rank;
    this.levelCount = count + 1;
    return level;
  }

  private emptied(level: number): void {
    if (this.ranked[this.levelCount - 1] !== level) {
      this.emptyLevels++;
      if (this.emptyLevels > 16 && 2 * this.emptyLevels > this.levelCount) this.dropEmptyLevels();
      return;
    }
    // The best level: drop it, and the empty ones it leaves on top.
    this.levelCount--;
    this.freeLevel(level);
    while (this.levelCount > 0) {
      const next = this.ranked[this.levelCount - 1]!;
      if (this.lv[next * L_STRIDE + L_SIZE] !== 0) break;
      this.levelCount--;
      this.emptyLevels--;
      this.freeLevel(next);
    }
  }

  private dropEmptyLevels(): void {
    const ranked = this.ranked;
    const rankOf = this.rankOf;
    let kept = 0;
    for (let i = 0; i < this.levelCount; i++) {
      const level = ranked[i]!;
      if (this.lv[level * L_STRIDE + L_SIZE] === 0) {
        this.freeLevel(level);
      } else {
        ranked[kept] = level;
        rankOf[kept] = rankOf[i]!;
        kept++;
      }
    }
    this.levelCount = kept;
    this.emptyLevels = 0;
  }

  private freeLevel(level: number): void {
    this.levelAt.remove(this.lvPrice[level]!, level);
    this.lv[level * L_STRIDE + L_HEAD] = this.freeLevels;
    this.freeLevels = level;
  }

  private newLevel(price: number): number {
    let level = this.freeLevels;
    if (level !== NIL) {
      this.freeLevels = this.head(level);
    } else {
      if (this.levelsUsed === this.lvPrice.length) {
        const n = Math.max(16, 2 * this.levelsUsed);
        const prices = new Float64Array(n);
        prices.set(this.lvPrice);
        this.lvPrice = prices;
        const records = new Int32Array(n * L_STRIDE);
        records.set(this.lv);
        this.lv = records;
      }
      level = this.levelsUsed++;
    }
    this.lvPrice[level] = price;
    const o = level * L_STRIDE;
    this.lv[o + L_HEAD] = NIL;
    this.lv[o + L_TAIL] = NIL;
    this.lv[o + L_SIZE] = 0;
    return level;
  }

  private growRanks(): void {
    const ranked = new Int32Array(2 * this.ranked.length);
    ranked.set(this.ranked);
    this.ranked = ranked;
    const rankOf = new Float64Array(2 * this.rankOf.length);
    rankOf.set(this.rankOf);
    this.rankOf = rankOf;
  }
}
