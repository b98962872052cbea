/**
 * The fast book against the reference on large books: many users, prices spread wide, long
 * sequences, and orders that sweep the book. It exercises what small books do not: price levels
 * emptying and coming back, indexes growing, plans touching more users than a scan handles.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOrderBook } from './fast/index.js';
import { createReferenceBook } from './reference-book.js';
import type { Command, RestingOrder } from './types.js';
import { World, type WorldStart } from './test-support/world.js';

const USERS = 40;

type Action =
  | { t: 'buy'; user: number; shares: number; price: number }
  | { t: 'list'; user: number; shares: number; price: number }
  | { t: 'cancel'; pick: number }
  | { t: 'dump'; user: number; shares: number };

const user = fc.integer({ min: 1, max: USERS });
// Bids mostly below offers, so that the book grows deep on both sides between the sweeps.
const bid = fc.integer({ min: 100, max: 260 });
const ask = fc.integer({ min: 240, max: 400 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ t: fc.constant('buy' as const), user, shares: fc.integer({ min: 1, max: 6 }), price: bid }) },
  { weight: 8, arbitrary: fc.record({ t: fc.constant('list' as const), user, shares: fc.integer({ min: 1, max: 6 }), price: ask }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('buy' as const), user, shares: fc.integer({ min: 40, max: 120 }), price: fc.constant(400) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('list' as const), user, shares: fc.integer({ min: 20, max: 60 }), price: fc.constant(100) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('dump' as const), user, shares: fc.integer({ min: 1, max: 150 }) }) },
);

const start: WorldStart = {
  remaining: 0,
  users: Array.from({ length: USERS }, (_, i) => ({ shares: 150, cash: 10_000_000, minPrice: i % 8 === 0 ? 380 + i : null })),
};

function toCommand(w: World, a: Action): Command | null {
  switch (a.t) {
    case 'buy': {
      const cash = w.cash.get(a.user) ?? 0;
      return { kind: 'buy', userId: a.user, shares: a.shares, price: a.price, cash, orderId: w.orderId(), seq: w.seq() };
    }
    case 'list': {
      const unlisted = w.unlisted(a.user);
      if (unlisted === 0) return null;
      return { kind: 'listOffer', userId: a.user, shares: Math.min(a.shares, unlisted), price: a.price, unlisted, orderId: w.orderId(), seq: w.seq() };
    }
    case 'cancel': {
      const book = w.fast.snapshot();
      const orders: (RestingOrder & { side: 'ask' | 'offer' })[] = [
        ...book.asks.map((o) => ({ ...o, side: 'ask' as const })),
        ...book.offers.map((o) => ({ ...o, side: 'offer' as const })),
      ];
      const o = orders[a.pick % Math.max(1, orders.length)];
      if (!o) return null;
      return o.side === 'ask' ? { kind: 'cancelAsk', userId: o.userId, askId: o.id } : { kind: 'cancelOffer', userId: o.userId, offerId: o.id };
    }
    case 'dump':
      return { kind: 'dump', userId: a.user, shares: a.shares, unlisted: w.unlisted(a.user) };
  }
}

describe('order book properties, large books', () => {
  it('the fast book plans exactly like the reference with many users, prices and orders', () => {
    const stats = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(action, { minLength: 120, maxLength: 200 }), (actions) => {
        const w = new World(start, createOrderBook, createReferenceBook, stats);
        for (const a of actions) {
          const command = toCommand(w, a);
          if (!command) continue;
          w.submit(command);
        }
      }),
      // Large books are slow to plan twice (fast and reference): enough sequences for the counts below,
      // a few seconds on a busy 2-core machine, within the default limit.
      { numRuns: 12 },
    );
    for (const kind of ['buy', 'listOffer', 'dump']) expect(stats.get(`${kind}:matched`) ?? 0, kind).toBeGreaterThan(5);
    for (const kind of ['cancelAsk', 'cancelOffer']) expect(stats.get(`${kind}:ok`) ?? 0, kind).toBeGreaterThan(5);
  });

  // More users in one plan than the planner finds by a scan: every user's ask, or offer, taken at once.
  for (const sweep of ['listOffer', 'buy'] as const) {
    it(`a ${sweep} that trades with every user plans like the reference`, () => {
      const w = new World(start, createOrderBook, createReferenceBook);
      for (let u = 2; u <= USERS; u++) {
        const command: Command =
          sweep === 'listOffer'
            ? { kind: 'buy', userId: u, shares: 2, price: 150 + u, cash: w.cash.get(u) ?? 0, orderId: w.orderId(), seq: w.seq() }
            : { kind: 'listOffer', userId: u, shares: 2, price: 300 + u, unlisted: w.unlisted(u), orderId: w.orderId(), seq: w.seq() };
        expect(w.submit(command).ok).toBe(true);
      }
      const result =
        sweep === 'listOffer'
          ? w.submit({ kind: 'listOffer', userId: 1, shares: 100, price: 100, unlisted: w.unlisted(1), orderId: w.orderId(), seq: w.seq() })
          : w.submit({ kind: 'buy', userId: 1, shares: 100, price: 400, cash: w.cash.get(1) ?? 0, orderId: w.orderId(), seq: w.seq() });
      expect(result.ok && result.plan.accounts.length).toBe(USERS);
    });
  }
});
