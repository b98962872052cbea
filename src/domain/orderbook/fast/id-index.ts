/**
 * A map from numeric keys (order ids, user ids, prices) to slot numbers, kept in one typed array
 * by open addressing with linear probing. Unlike a Map it allocates nothing per entry and leaves
 * no garbage when entries come and go, which the book does for every resting order.
 */

/** What `get` returns for a key that is not there. */
export const ABSENT = -1;

const MIN_CELLS = 16;

export class IdIndex {
  /** Cells of two numbers: the key, then the slot + 1 (0: an empty cell). */
  private cells = new Float64Array(2 * MIN_CELLS);
  private mask = MIN_CELLS - 1;
  private bits = Math.log2(MIN_CELLS);
  size = 0;

  get(key: number): number {
    const cells = this.cells;
    for (let i = this.home(key); ; i = (i + 1) & this.mask) {
      const v = cells[2 * i + 1]!;
      if (v === 0) return ABSENT;
      // As an int32, so that V8 keeps it a small integer wherever it is stored.
      if (cells[2 * i] === key) return (v - 1) | 0;
    }
  }

  has(key: number): boolean {
    return this.get(key) !== ABSENT;
  }

  /** Adds or replaces; `slot` must be a non-negative integer. */
  set(key: number, slot: number): void {
    if (2 * (this.size + 1) > this.mask + 1) this.resize(2 * (this.mask + 1));
    const cells = this.cells;
    let i = this.home(key);
    while (cells[2 * i + 1] !== 0 && cells[2 * i] !== key) i = (i + 1) & this.mask;
    if (cells[2 * i + 1] === 0) this.size++;
    cells[2 * i] = key;
    cells[2 * i + 1] = slot + 1;
  }

  /**
   * The cell where `key` goes, made room for, or ABSENT when the key is there already: with `fill`,
   * an insert that refuses duplicates in one probe. Valid until the index next changes.
   */
  cellFor(key: number): number {
    if (2 * (this.size + 1) > this.mask + 1) this.resize(2 * (this.mask + 1));
    const cells = this.cells;
    let i = this.home(key);
    for (;;) {
      if (cells[2 * i + 1] === 0) return i;
      if (cells[2 * i] === key) return ABSENT;
      i = (i + 1) & this.mask;
    }
  }

  fill(cell: number, key: number, slot: number): void {
    this.cells[2 * cell] = key;
    this.cells[2 * cell + 1] = slot + 1;
    this.size++;
  }

  delete(key: number): boolean {
    return this.take(key) !== ABSENT;
  }

  /** Removes `key` and returns its slot, or ABSENT. */
  take(key: number): number {
    const cells = this.cells;
    const mask = this.mask;
    let i = this.home(key);
    for (;;) {
      if (cells[2 * i + 1] === 0) return ABSENT;
      if (cells[2 * i] === key) break;
      i = (i + 1) & mask;
    }
    const slot = (cells[2 * i + 1]! - 1) | 0;
    // Backward-shift deletion: later entries of the probe run move into the gap, so that no
    // tombstones build up as orders come and go (lookups would have to step over them).
    let gap = i;
    for (let j = (gap + 1) & mask; cells[2 * j + 1] !== 0; j = (j + 1) & mask) {
      const home = this.home(cells[2 * j]!);
      const stays = gap <= j ? gap < home && home <= j : gap < home || home <= j;
      if (!stays) {
        cells[2 * gap] = cells[2 * j]!;
        cells[2 * gap + 1] = cells[2 * j + 1]!;
        gap = j;
      }
    }
    cells[2 * gap + 1] = 0;
    this.size--;
    return slot;
  }

  /**
   * The key's low bits, folded with the bits above them. Consecutive ids land in neighbouring
   * cells, so the id of a new order is checked and inserted in the cell next to the previous one,
   * still in the CPU's cache, while ids spaced by a power of two still spread out. Keys beyond 32
   * bits share homes by their low bits: still found, only after a longer probe.
   */
  private home(key: number): number {
    const k = key | 0;
    return (k ^ (k >>> this.bits)) & this.mask;
  }

  private resize(capacity: number): void {
    const old = this.cells;
    this.cells = new Float64Array(2 * capacity);
    this.mask = capacity - 1;
    this.bits = Math.log2(capacity);
    this.size = 0;
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.set(old[i]!, old[i + 1]! - 1);
  }
}
