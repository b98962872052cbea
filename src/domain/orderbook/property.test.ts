/**
 * Random command sequences from a few users, good and bad, fed to the fast book and the
 * reference book: both must plan the same, and the World checks the invariants after each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOrderBook } from './fast/index.js';
import { createReferenceBook } from './reference-book.js';
import type { Command, RestingOrder } from './types.js';
import { World, type WorldStart } from './test-support/world.js';

const USERS = 4;

type Action =
  | { t: 'buy'; user: number; shares: number; price: number; poor: boolean }
  | { t: 'list'; user: number; shares: number; price: number; fit: boolean }
  | { t: 'setMin'; user: number; price: number }
  | { t: 'clearMin'; user: number }
  | { t: 'acceptAsk'; user: number; pick: number; shares: number }
  | { t: 'acceptOffer'; user: number; pick: number; shares: number | undefined; poor: boolean }
  | { t: 'cancelAsk'; user: number; pick: number; own: boolean }
  | { t: 'cancelOffer'; user: number; pick: number; own: boolean }
  | { t: 'dump'; user: number; shares: number };

const user = fc.integer({ min: 1, max: USERS });
const badNumber = fc.constantFrom(0, -1, 1.5, Number.NaN);
const shares = fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: badNumber });
// Few distinct prices, so that ties in price and the time priority between them get exercised;
// bids a little lower than sells, so that asks rest often enough to be sold to.
const priced = (...prices: number[]) => fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...prices) }, { weight: 1, arbitrary: fc.constantFrom(99, 150.5) });
const bid = priced(100, 110, 120, 150, 200);
const price = priced(110, 120, 150, 200, 250, 300);
const pick = fc.nat(8);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ t: fc.constant('buy' as const), user, shares, price: bid, poor: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('list' as const), user, shares, price, fit: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('setMin' as const), user, price }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('clearMin' as const), user }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('acceptAsk' as const), user, pick, shares }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('acceptOffer' as const), user, pick, shares: fc.option(shares, { nil: undefined }), poor: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancelAsk' as const), user, pick, own: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancelOffer' as const), user, pick, own: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('dump' as const), user, shares: fc.oneof(shares, fc.constant(1000)) }) },
);

const start: fc.Arbitrary<WorldStart> = fc.record({
  remaining: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30 })),
  users: fc.array(
    fc.record({
      shares: fc.integer({ min: 0, max: 30 }),
      cash: fc.integer({ min: 0, max: 20_000 }),
      minPrice: fc.oneof(fc.constant(null), fc.constantFrom(110, 120, 150, 200, 300)),
    }),
    { minLength: USERS, maxLength: USERS },
  ),
});

/** An existing order (own or anyone's), or now and then an id nobody has. */
function choose(orders: readonly RestingOrder[], userId: number, n: number, own: boolean): number {
  const pool = own ? orders.filter((o) => o.userId === userId) : orders;
  return pool[n % (pool.length + 1)]?.id ?? 9000 + n;
}

function toCommand(w: World, a: Action): Command {
  const book = w.fast.snapshot();
  const balance = w.cash.get(a.user) ?? 0;
  const cash = (poor: boolean): number => (poor ? Math.floor(balance / 3) : balance);
  switch (a.t) {
    case 'buy':
      return { kind: 'buy', userId: a.user, shares: a.shares, price: a.price, cash: cash(a.poor), orderId: w.orderId(), seq: w.seq() };
    case 'list': {
      const unlisted = w.unlisted(a.user);
      // Mostly within the holding, so that listings happen; sometimes beyond it.
      const shares = a.fit && unlisted > 0 && a.shares > 0 ? Math.min(a.shares, unlisted) : a.shares;
      return { kind: 'listOffer', userId: a.user, shares, price: a.price, unlisted, orderId: w.orderId(), seq: w.seq() };
    }
    case 'setMin':
      return { kind: 'setStandingSell', userId: a.user, price: a.price, shares: w.unlisted(a.user), seq: w.seq() };
    case 'clearMin':
      return { kind: 'removeStandingSell', userId: a.user };
    case 'acceptAsk':
      return { kind: 'acceptAsk', userId: a.user, askId: choose(book.asks, a.user, a.pick, false), shares: a.shares, unlisted: w.unlisted(a.user) };
    case 'acceptOffer':
      return { kind: 'acceptOffer', userId: a.user, offerId: choose(book.offers, a.user, a.pick, false), shares: a.shares, cash: cash(a.poor) };
    case 'cancelAsk':
      return { kind: 'cancelAsk', userId: a.user, askId: choose(book.asks, a.user, a.pick, a.own) };
    case 'cancelOffer':
      return { kind: 'cancelOffer', userId: a.user, offerId: choose(book.offers, a.user, a.pick, a.own) };
    case 'dump':
      return { kind: 'dump', userId: a.user, shares: a.shares, unlisted: w.unlisted(a.user) };
  }
}

describe('order book properties', () => {
  it('the fast book plans exactly like the reference, and no command crosses the book, oversells or loses money', () => {
    const stats = new Map<string, number>();
    fc.assert(
      fc.property(start, fc.array(action, { minLength: 5, maxLength: 60, size: 'max' }), (s, actions) => {
        const w = new World(s, createOrderBook, createReferenceBook, stats);
        for (const a of actions) w.submit(toCommand(w, a));
      }),
      // Enough sequences for the counts below (each seen a dozen times or more in 200 sequences); a few
      // seconds on a busy 2-core machine, within the default limit.
      { numRuns: 200 },
    );
    // The sequences really exercise every command: each one trades, succeeds or is refused for each reason.
    const seen = (key: string): number => stats.get(key) ?? 0;
    for (const kind of ['buy', 'listOffer', 'setStandingSell', 'acceptAsk', 'acceptOffer', 'dump']) {
      expect(seen(`${kind}:matched`), kind).toBeGreaterThan(5);
    }
    for (const kind of ['cancelAsk', 'cancelOffer', 'removeStandingSell']) expect(seen(`${kind}:ok`), kind).toBeGreaterThan(5);
    const refusals = ['buy:insufficient_cash', 'buy:invalid_shares', 'buy:invalid_price', 'listOffer:insufficient_shares', 'acceptAsk:own_ask'];
    for (const key of [...refusals, 'acceptAsk:ask_not_found', 'acceptOffer:own_offer', 'cancelAsk:not_your_ask', 'cancelOffer:not_your_offer']) {
      expect(seen(key), key).toBeGreaterThan(5);
    }
  });
});
