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
    let level = this.byPrice.get(item.price);
    if (!level) {
      level = new PriceLevel<T>(item.price, this.before);
      this.levels.splice(this.upperBound(this.rank(item.price)), 0, level);
      this.byPrice.set(item.price, level);
    }
    const node = queueNode(item);
    level.insert(node);
    return node;
  }

  /** Removes a node that is in this side at `item.price`; drops the level once empty. */
  remove(node: QueueNode<T>): void {
    const price = node.item.price;
    const level = this.byPrice.get(price);
    if (!level) throw new Error(`no level at price ${price}`);
    level.remove(node);
    if (level.size > 0) return;
    this.byPrice.delete(price);
    const last = this.levels.length - 1;
    const index = this.levels[last] === level ? last : this.upperBound(this.rank(price)) - 1;
    this.levels.splice(index, 1);
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
