/** One price of one side of a book: its orders in a doubly linked queue, in time priority. */

/** A queued order. The book keeps nodes in maps by id, so removing one is O(1). */
export interface QueueNode<T> {
  readonly item: T;
  prev: QueueNode<T> | null;
  next: QueueNode<T> | null;
  /** The level the node is queued in, so that removing it needs no lookup by price. */
  level: PriceLevel<T> | null;
}

export const queueNode = <T>(item: T): QueueNode<T> => ({ item, prev: null, next: null, level: null });

export class PriceLevel<T> {
  head: QueueNode<T> | null = null;
  tail: QueueNode<T> | null = null;
  size = 0;

  /** `before(a, b)`: a has time priority over b. */
  constructor(
    readonly price: number,
    private readonly before: (a: T, b: T) => boolean,
  ) {}

  /** Places the node by time priority. New orders are the newest, so the walk from the tail stops at once. */
  insert(node: QueueNode<T>): void {
    let after = this.tail;
    while (after !== null && this.before(node.item, after.item)) after = after.prev;
    node.prev = after;
    node.next = after === null ? this.head : after.next;
    if (node.next === null) this.tail = node;
    else node.next.prev = node;
    if (after === null) this.head = node;
    else after.next = node;
    node.level = this;
    this.size++;
  }

  remove(node: QueueNode<T>): void {
    if (node.prev === null) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) this.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = null;
    node.next = null;
    node.level = null;
    this.size--;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let node = this.head; node !== null; node = node.next) yield node.item;
  }
}
