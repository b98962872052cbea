/** One side of a book: price levels kept sorted, each a time-priority queue. */
import { PriceLevel, queueNode, type QueueNode } from './price-level.js';

export class BookSide<T extends { readonly price: number }> {
  /** Worst to best, so the best level sits at the end, where adding and removing levels is cheap. */
  private readonly levels: PriceLevel<T>[] = [];
  private readonly byPrice = new Map<number, PriceLevel<T>>();

  constructor(
    private readonly higherIsBetter: boolean,
    private readonly before: (a: T, b: T) => boolean,
  ) {}

  get levelCount(): number {
    return this.levels.length;
  }

  /** The i-th best level, 0 being the best. */
  level(i: number): PriceLevel<T> | undefined {
    return this.levels[this.levels.length - 1 - i];
  }

  insert(item: T): QueueNode<T> {
    return this.insertNode(queueNode(item));
  }

  /** Queues a node made by the caller (the book's entries are their own nodes). */
  insertNode(node: QueueNode<T>): QueueNode<T> {
    const price = node.item.price;
    let level = this.byPrice.get(price);
    if (!level) {
      level = new PriceLevel<T>(price, this.before);
      const at = this.upperBound(this.rank(price));
      if (at === this.levels.length) this.levels.push(level);
      else this.levels.splice(at, 0, level);
      this.byPrice.set(price, level);
    }
    level.insert(node);
    return node;
  }

  /** Removes a node that is in this side at `item.price`; drops the level once empty. */
  remove(node: QueueNode<T>): void {
    const level = node.level;
    if (!level) throw new Error(`order at price ${node.item.price} is in no level`);
    const price = level.price;
    level.remove(node);
    if (level.size > 0) return;
    this.byPrice.delete(price);
    const last = this.levels.length - 1;
    if (this.levels[last] === level) this.levels.pop();
    else this.levels.splice(this.upperBound(this.rank(price)) - 1, 1);
  }

  /** Items best first. */
  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = this.levels.length - 1; i >= 0; i--) yield* this.levels[i] as PriceLevel<T>;
  }

  private rank(price: number): number {
    return this.higherIsBetter ? price : -price;
  }

  /** First index whose level ranks above `rank`. */
  private upperBound(rank: number): number {
    let lo = 0;
    let hi = this.levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rank((this.levels[mid] as PriceLevel<T>).price) <= rank) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
