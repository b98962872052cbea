import { describe, expect, it } from 'vitest';
import { BookSide } from './book-side.js';
import { PriceLevel, queueNode } from './price-level.js';

interface Item {
  price: number;
  seq: number;
}
const before = (a: Item, b: Item): boolean => a.seq < b.seq;
const seqs = (items: Iterable<Item>): number[] => [...items].map((i) => i.seq);

describe('PriceLevel', () => {
  it('keeps time order, whatever order items arrive in', () => {
    const level = new PriceLevel<Item>(100, before);
    for (const seq of [3, 5, 1, 4, 2]) level.insert(queueNode({ price: 100, seq }));
    expect(seqs(level)).toEqual([1, 2, 3, 4, 5]);
    expect(level.size).toBe(5);
  });

  it('keeps arrival order among equal times', () => {
    const level = new PriceLevel<Item & { id: number }>(100, before);
    for (const id of [1, 2, 3]) level.insert(queueNode({ price: 100, seq: 7, id }));
    expect([...level].map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('removes the head, the tail and the middle', () => {
    const level = new PriceLevel<Item>(100, before);
    const nodes = [1, 2, 3, 4].map((seq) => queueNode({ price: 100, seq }));
    for (const node of nodes) level.insert(node);
    level.remove(nodes[1]!);
    expect(seqs(level)).toEqual([1, 3, 4]);
    level.remove(nodes[0]!);
    level.remove(nodes[3]!);
    expect(seqs(level)).toEqual([3]);
    expect(level.head).toBe(level.tail);
    level.remove(nodes[2]!);
    expect(level.head).toBeNull();
    expect(level.tail).toBeNull();
    expect(level.size).toBe(0);
  });
});

describe('BookSide', () => {
  it('orders a buying side highest price first and a selling side lowest first', () => {
    const prices = [150, 100, 300, 200, 150];
    const buying = new BookSide<Item>(true, before);
    const selling = new BookSide<Item>(false, before);
    prices.forEach((price, seq) => {
      buying.insert({ price, seq });
      selling.insert({ price, seq });
    });
    expect([...buying].map((i) => i.price)).toEqual([300, 200, 150, 150, 100]);
    expect([...selling].map((i) => i.price)).toEqual([100, 150, 150, 200, 300]);
    expect(buying.levelCount).toBe(4);
    expect(buying.level(0)?.price).toBe(300);
    expect(selling.level(3)?.price).toBe(300);
    expect(selling.level(4)).toBeUndefined();
  });

  it('drops a level once its last order leaves, wherever it sits', () => {
    const side = new BookSide<Item>(false, before);
    const nodes = [100, 200, 300, 400].map((price, seq) => side.insert({ price, seq }));
    side.remove(nodes[2]!);
    side.remove(nodes[0]!);
    expect([...side].map((i) => i.price)).toEqual([200, 400]);
    expect(side.levelCount).toBe(2);
    side.insert({ price: 300, seq: 9 });
    expect([...side].map((i) => i.price)).toEqual([200, 300, 400]);
  });
});
