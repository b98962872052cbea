/**
 * One side's resting orders as records in two flat arrays, indexed by slot: `val` holds each
 * order's numbers (id, user, price, shares, seq), `link` its place in the book (neighbours in its
 * level's queue, its level, its kind). A resting order costs no object of its own: the garbage
 * collector sees a few arrays whatever the number of orders, and a freed slot is reused.
 *
 * `val` is a plain array, not a Float64Array: V8 keeps it an array of small integers (Smis) while
 * every number fits, and plans copy those into their objects as they are, whereas a number read
 * from a Float64Array is stored as a separately allocated HeapNumber in every plan object. A larger
 * or fractional number turns the array into doubles: slower, still exact.
 */

/** No slot, no level: the end of a queue. */
export const NIL = -1;

/**
 * Where each number sits in a slot's records. Hot loops elsewhere read the arrays directly through
 * local copies of these constants (V8 does not fold imported constants) and check them against this.
 */
export const SLOT = Object.freeze({ ID: 0, USER: 1, PRICE: 2, SHARES: 3, SEQ: 4, VAL_STRIDE: 5, PREV: 0, NEXT: 1, LEVEL: 2, KIND: 3, LINK_STRIDE: 4 });

const ID = 0;
const USER = 1;
const PRICE = 2;
const SHARES = 3;
const SEQ = 4;
const VAL_STRIDE = 5;
const PREV = 0;
const NEXT = 1;
const LEVEL = 2;
/** 1 for a standing sell (its id is its user's id), 0 for an ask or an offer. */
const KIND = 3;
const LINK_STRIDE = 4;

export class OrderSlots {
  readonly val: number[] = [];
  link: Int32Array = new Int32Array(0);
  /** Freed slots, linked through NEXT. */
  private freeSlots = NIL;
  private slotsUsed = 0;

  id(s: number): number {
    return this.val[s * VAL_STRIDE + ID]!;
  }

  userId(s: number): number {
    return this.val[s * VAL_STRIDE + USER]!;
  }

  price(s: number): number {
    return this.val[s * VAL_STRIDE + PRICE]!;
  }

  shares(s: number): number {
    return this.val[s * VAL_STRIDE + SHARES]!;
  }

  setShares(s: number, shares: number): void {
    this.val[s * VAL_STRIDE + SHARES] = shares;
  }

  seq(s: number): number {
    return this.val[s * VAL_STRIDE + SEQ]!;
  }

  standing(s: number): boolean {
    return this.link[s * LINK_STRIDE + KIND] === 1;
  }

  /** The slot queued after `s` at its price, or NIL. */
  next(s: number): number {
    return this.link[s * LINK_STRIDE + NEXT]!;
  }

  /** True when `a` has time priority over `b`: older; on equal time an offer before a standing sell, then the lower id. */
  protected before(a: number, b: number): boolean {
    const val = this.val;
    const seqA = val[a * VAL_STRIDE + SEQ]!;
    const seqB = val[b * VAL_STRIDE + SEQ]!;
    if (seqA !== seqB) return seqA < seqB;
    const kindA = this.link[a * LINK_STRIDE + KIND]!;
    const kindB = this.link[b * LINK_STRIDE + KIND]!;
    if (kindA !== kindB) return kindA < kindB;
    return val[a * VAL_STRIDE + ID]! < val[b * VAL_STRIDE + ID]!;
  }

  protected newSlot(id: number, userId: number, price: number, shares: number, seq: number, standing: boolean): number {
    let s = this.freeSlots;
    if (s !== NIL) {
      this.freeSlots = this.link[s * LINK_STRIDE + NEXT]!;
    } else {
      if (this.slotsUsed * LINK_STRIDE === this.link.length) this.growSlots();
      s = this.slotsUsed++;
    }
    const val = this.val;
    const o = s * VAL_STRIDE;
    val[o + ID] = id;
    val[o + USER] = userId;
    val[o + PRICE] = price;
    val[o + SHARES] = shares;
    val[o + SEQ] = seq;
    const link = this.link;
    const l = s * LINK_STRIDE;
    link[l + PREV] = NIL;
    link[l + NEXT] = NIL;
    link[l + LEVEL] = NIL;
    link[l + KIND] = standing ? 1 : 0;
    return s;
  }

  protected freeSlot(s: number): void {
    const l = s * LINK_STRIDE;
    this.link[l + LEVEL] = NIL;
    this.link[l + PREV] = NIL;
    this.link[l + NEXT] = this.freeSlots;
    this.freeSlots = s;
  }

  private growSlots(): void {
    const n = Math.max(64, 2 * this.slotsUsed);
    // Pushed one by one, so that the array stays packed (no holes to check on every read).
    for (let i = this.val.length; i < n * VAL_STRIDE; i++) this.val.push(0);
    const link = new Int32Array(n * LINK_STRIDE);
    link.set(this.link);
    this.link = link;
  }
}
