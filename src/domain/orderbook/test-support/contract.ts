/**
 * The order book contract: the matching rules of docs/rules.md §4 Matching as examples. Every book implementation
 * registers these tests with its factory.
 */
import { describe, expect, it } from 'vitest';
import { findCrossing } from '../invariants.js';
import type { BookFactory } from '../types.js';
import { acceptAsk, acceptOffer, buy, dump, listOffer, setStandingSell } from './commands.js';
import { ALICE, BOB, CAROL, DAVE, ERIN, fill, order, planOk, refused, run, standing } from './helpers.js';

const empty = { remaining: 0, asks: [], offers: [], standingSells: [] };

export function orderBookContract(name: string, create: BookFactory): void {
  describe(`${name}: buy`, () => {
    it('takes the open market first at $1.00, then sells at the seller’s price', () => {
      const book = create({ ...empty, remaining: 10, offers: [order(1, BOB, 150, 10, 1)] });
      const plan = run(book, buy(ALICE, 15, 300));
      expect(plan.fills).toEqual([
        fill({ buyerId: ALICE, sellerId: null, shares: 10, price: 100 }),
        fill({ buyerId: ALICE, sellerId: BOB, shares: 5, price: 150, offerId: 1 }),
      ]);
      expect(plan.bought).toBe(15);
      expect(plan.remaining).toBe(0);
      expect(plan.newAsk).toBeNull();
      expect(plan.offerUpdates).toEqual([{ id: 1, userId: BOB, shares: 5 }]);
      expect(plan.accounts).toEqual([
        { userId: ALICE, cash: -(1000 + 750), escrow: 0, shares: 15 },
        { userId: BOB, cash: 750, escrow: 0, shares: -5 },
      ]);
      expect(book.remaining).toBe(0);
      expect(book.getOffer(1)?.shares).toBe(5);
    });

    it('buys only from the open market while it covers the order, even with cheaper-looking offers', () => {
      const book = create({ ...empty, remaining: 10, offers: [order(1, BOB, 100, 10, 1)] });
      const plan = run(book, buy(ALICE, 4, 500));
      expect(plan.fills).toEqual([fill({ buyerId: ALICE, sellerId: null, shares: 4, price: 100 })]);
      expect(book.remaining).toBe(6);
      expect(book.getOffer(1)?.shares).toBe(10);
    });

    it('fills lowest price first, then oldest, across offers and standing sells', () => {
      const book = create({
        ...empty,
        offers: [order(1, BOB, 300, 5, 5), order(2, CAROL, 200, 5, 3), order(3, ERIN, 200, 5, 1)],
        standingSells: [standing(DAVE, 200, 5, 4)],
      });
      const plan = run(book, buy(ALICE, 17, 300));
      expect(plan.fills).toEqual([
        fill({ buyerId: ALICE, sellerId: ERIN, shares: 5, price: 200, offerId: 3 }),
        fill({ buyerId: ALICE, sellerId: CAROL, shares: 5, price: 200, offerId: 2 }),
        fill({ buyerId: ALICE, sellerId: DAVE, shares: 5, price: 200, standingSell: true }),
        fill({ buyerId: ALICE, sellerId: BOB, shares: 2, price: 300, offerId: 1 }),
      ]);
      expect(plan.standingSellUpdates).toEqual([standing(DAVE, 200, 0, 4)]);
      expect(book.getStandingSell(DAVE)).toBeUndefined();
      expect(book.snapshot().offers).toEqual([order(1, BOB, 300, 3, 5)]);
    });

    it('takes an older standing sell before a newer offer at the same price', () => {
      const book = create({ ...empty, offers: [order(1, BOB, 200, 5, 2)], standingSells: [standing(DAVE, 200, 5, 1)] });
      const plan = run(book, buy(ALICE, 6, 200));
      expect(plan.fills.map((f) => [f.sellerId, f.shares])).toEqual([
        [DAVE, 5],
        [BOB, 1],
      ]);
    });

    it('trades at the seller’s price: the buyer gets the price improvement', () => {
      const book = create({ ...empty, offers: [order(1, BOB, 300, 10, 1)] });
      const plan = run(book, buy(ALICE, 10, 900));
      expect(plan.fills).toEqual([fill({ buyerId: ALICE, sellerId: BOB, shares: 10, price: 300, offerId: 1 })]);
      expect(plan.accounts[0]).toEqual({ userId: ALICE, cash: -3000, escrow: 0, shares: 10 });
    });

    it('rests what is left as an ask at the limit, with its cash in escrow', () => {
      const book = create({ ...empty, offers: [order(1, BOB, 200, 4, 1), order(2, CAROL, 260, 4, 2)] });
      const plan = run(book, buy(ALICE, 10, 250, { cash: 2500, orderId: 7, seq: 9 }));
      expect(plan.fills).toEqual([fill({ buyerId: ALICE, sellerId: BOB, shares: 4, price: 200, offerId: 1 })]);
      expect(plan.newAsk).toEqual(order(7, ALICE, 250, 6, 9));
      expect(plan.accounts[0]).toEqual({ userId: ALICE, cash: -(800 + 1500), escrow: 1500, shares: 4 });
      expect(book.getAsk(7)).toEqual(order(7, ALICE, 250, 6, 9));
    });

    it('rests the whole order when nothing is for sale', () => {
      const book = create();
      const plan = run(book, buy(ALICE, 10, 250, { cash: 2500, orderId: 7 }));
      expect(plan.fills).toEqual([]);
      expect(plan.bought).toBe(0);
      expect(plan.accounts).toEqual([{ userId: ALICE, cash: -2500, escrow: 2500, shares: 0 }]);
      expect(book.snapshot().asks).toEqual([order(7, ALICE, 250, 10, 100)]);
    });

    it('never fills the buyer’s own offer or standing sell', () => {
      const book = create({ ...empty, offers: [order(1, ALICE, 150, 5, 1), order(2, BOB, 250, 5, 2)], standingSells: [standing(ALICE, 150, 5, 1)] });
      const plan = run(book, buy(ALICE, 5, 300));
      expect(plan.fills).toEqual([fill({ buyerId: ALICE, sellerId: BOB, shares: 5, price: 250, offerId: 2 })]);
      const rest = run(book, buy(ALICE, 3, 200, { orderId: 8 }));
      expect(rest.fills).toEqual([]);
      expect(rest.newAsk?.shares).toBe(3);
    });

    it('refuses the whole order when cash is below shares × limit, even if the fills would cost less', () => {
      const book = create({ ...empty, remaining: 10 });
      const error = refused(book, buy(ALICE, 10, 500, { cash: 4999 }), 'insufficient_cash');
      expect(error.message).toContain('$50.00');
      expect(planOk(book, buy(ALICE, 10, 500, { cash: 5000 })).fills).toHaveLength(1);
    });

    it('refuses bad shares, prices and cash', () => {
      const book = create({ ...empty, remaining: 10 });
      for (const shares of [0, -1, 1.5, Number.NaN]) refused(book, buy(ALICE, shares, 200), 'invalid_shares');
      for (const price of [99, 0, 150.5, Number.POSITIVE_INFINITY]) refused(book, buy(ALICE, 1, price), 'invalid_price');
      refused(book, buy(ALICE, 1, 200, { cash: -1 }), 'invalid_amount');
    });

    it('refuses an order id that is already open', () => {
      const book = create({ ...empty, asks: [order(7, BOB, 200, 1, 1)] });
      refused(book, buy(ALICE, 1, 150, { orderId: 7 }), 'duplicate_order_id');
    });
  });

  describe(`${name}: offers`, () => {
    it('fills resting asks at once, highest first then oldest, at the ask’s price; the rest rests', () => {
      const asks = [order(1, ALICE, 300, 5, 2), order(2, BOB, 300, 5, 1), order(3, CAROL, 400, 2, 3), order(4, DAVE, 150, 5, 4)];
      const book = create({ ...empty, asks });
      const plan = run(book, listOffer(ERIN, 15, 200, { unlisted: 20, orderId: 9, seq: 10 }));
      expect(plan.fills).toEqual([
        fill({ buyerId: CAROL, sellerId: ERIN, shares: 2, price: 400, askId: 3 }),
        fill({ buyerId: BOB, sellerId: ERIN, shares: 5, price: 300, askId: 2 }),
        fill({ buyerId: ALICE, sellerId: ERIN, shares: 5, price: 300, askId: 1 }),
      ]);
      expect(plan.sold).toBe(12);
      expect(plan.newOffer).toEqual(order(9, ERIN, 200, 3, 10));
      expect(plan.accounts).toEqual([
        { userId: ALICE, cash: 0, escrow: -1500, shares: 5 },
        { userId: BOB, cash: 0, escrow: -1500, shares: 5 },
        { userId: CAROL, cash: 0, escrow: -800, shares: 2 },
        { userId: ERIN, cash: 3800, escrow: 0, shares: -12 },
      ]);
      expect(book.snapshot().asks).toEqual([order(4, DAVE, 150, 5, 4)]);
      expect(book.getOffer(9)).toEqual(order(9, ERIN, 200, 3, 10));
    });

    it('never sells to the seller’s own ask', () => {
      const book = create({ ...empty, asks: [order(1, ERIN, 300, 5, 1), order(2, ALICE, 250, 5, 2)] });
      const plan = run(book, listOffer(ERIN, 5, 200));
      expect(plan.fills).toEqual([fill({ buyerId: ALICE, sellerId: ERIN, shares: 5, price: 250, askId: 2 })]);
      expect(book.getAsk(1)?.shares).toBe(5);
    });

    it('refuses more shares than the seller has unlisted', () => {
      refused(create(), listOffer(ERIN, 6, 200, { unlisted: 5 }), 'insufficient_shares');
    });

    it('takes the listed shares out of the seller’s standing sell', () => {
      const book = create({ ...empty, standingSells: [standing(ERIN, 500, 20, 1)] });
      const plan = run(book, listOffer(ERIN, 5, 600, { unlisted: 20 }));
      expect(plan.standingSellUpdates).toEqual([standing(ERIN, 500, 15, 1)]);
      expect(book.getStandingSell(ERIN)).toEqual(standing(ERIN, 500, 15, 1));
    });

    it('buys all of an offer, or part of it, at the offer’s price', () => {
      const book = create({ ...empty, offers: [order(1, BOB, 250, 10, 1), order(2, CAROL, 300, 10, 2)] });
      const all = run(book, acceptOffer(ALICE, 1, { cash: 2500 }));
      expect(all.fills).toEqual([fill({ buyerId: ALICE, sellerId: BOB, shares: 10, price: 250, offerId: 1 })]);
      expect(book.getOffer(1)).toBeUndefined();
      const part = run(book, acceptOffer(ALICE, 2, { shares: 4 }));
      expect(part.fills).toEqual([fill({ buyerId: ALICE, sellerId: CAROL, shares: 4, price: 300, offerId: 2 })]);
      expect(book.getOffer(2)?.shares).toBe(6);
      const capped = run(book, acceptOffer(DAVE, 2, { shares: 50 }));
      expect(capped.bought).toBe(6);
      expect(book.getOffer(2)).toBeUndefined();
    });

    it('refuses accepting an own, unknown or unaffordable offer', () => {
      const book = create({ ...empty, offers: [order(1, BOB, 250, 10, 1)] });
      refused(book, acceptOffer(BOB, 1), 'own_offer');
      refused(book, acceptOffer(ALICE, 99), 'offer_not_found');
      refused(book, acceptOffer(ALICE, 1, { cash: 2499 }), 'insufficient_cash');
      refused(book, acceptOffer(ALICE, 1, { shares: 0 }), 'invalid_shares');
    });

    it('cancels an own offer: the shares go back to the seller', () => {
      const book = create({ ...empty, offers: [order(1, BOB, 250, 10, 1)] });
      refused(book, { kind: 'cancelOffer', userId: ALICE, offerId: 1 }, 'not_your_offer');
      refused(book, { kind: 'cancelOffer', userId: BOB, offerId: 2 }, 'offer_not_found');
      const plan = run(book, { kind: 'cancelOffer', userId: BOB, offerId: 1 });
      expect(plan.cancelled).toEqual(order(1, BOB, 250, 10, 1));
      expect(plan.offerUpdates).toEqual([{ id: 1, userId: BOB, shares: 0 }]);
      expect(plan.accounts).toEqual([]);
      expect(book.snapshot()).toEqual(empty);
    });
  });

  describe(`${name}: minimum sell prices`, () => {
    it('a lowered minimum price fills resting asks at once at the ask’s price; the rest stands', () => {
      const book = create({ ...empty, asks: [order(1, ALICE, 300, 4, 2), order(2, BOB, 250, 4, 3)], standingSells: [standing(CAROL, 400, 10, 1)] });
      const plan = run(book, setStandingSell(CAROL, 250, 10, 5));
      expect(plan.fills).toEqual([
        fill({ buyerId: ALICE, sellerId: CAROL, shares: 4, price: 300, askId: 1, standingSell: true }),
        fill({ buyerId: BOB, sellerId: CAROL, shares: 4, price: 250, askId: 2, standingSell: true }),
      ]);
      expect(plan.standingSellUpdates).toEqual([standing(CAROL, 250, 2, 5)]);
      expect(book.snapshot()).toEqual({ ...empty, standingSells: [standing(CAROL, 250, 2, 5)] });
    });

    it('never fills the holder’s own ask, and rests above every ask', () => {
      const book = create({ ...empty, asks: [order(1, CAROL, 300, 4, 1), order(2, ALICE, 200, 4, 2)] });
      const plan = run(book, setStandingSell(CAROL, 250, 10));
      expect(plan.fills).toEqual([]);
      expect(book.getStandingSell(CAROL)).toEqual(standing(CAROL, 250, 10, 100));
    });

    it('sells the whole holding when asks cover it, leaving no standing sell', () => {
      const book = create({ ...empty, asks: [order(1, ALICE, 300, 40, 1)] });
      const plan = run(book, setStandingSell(CAROL, 200, 10));
      expect(plan.sold).toBe(10);
      expect(book.getStandingSell(CAROL)).toBeUndefined();
      expect(book.getAsk(1)?.shares).toBe(30);
    });

    it('removes a standing sell; removing a missing one is a no-op', () => {
      const book = create({ ...empty, standingSells: [standing(CAROL, 400, 10, 1)] });
      expect(run(book, { kind: 'removeStandingSell', userId: CAROL }).noop).toBe(false);
      expect(book.getStandingSell(CAROL)).toBeUndefined();
      expect(run(book, { kind: 'removeStandingSell', userId: CAROL }).noop).toBe(true);
    });

    it('refuses a price below $1.00 or a bad share count', () => {
      refused(create(), setStandingSell(CAROL, 99, 10), 'invalid_price');
      refused(create(), setStandingSell(CAROL, 200, -1), 'invalid_amount');
    });
  });

  describe(`${name}: asks`, () => {
    it('a holder accepting an ask sells min(shares, remainder, unlisted) at the ask’s price', () => {
      const book = create({ ...empty, asks: [order(1, ALICE, 300, 10, 1)], standingSells: [standing(BOB, 900, 6, 1)] });
      const plan = run(book, acceptAsk(BOB, 1, 20, 6));
      expect(plan.fills).toEqual([fill({ buyerId: ALICE, sellerId: BOB, shares: 6, price: 300, askId: 1 })]);
      expect(plan.accounts).toEqual([
        { userId: ALICE, cash: 0, escrow: -1800, shares: 6 },
        { userId: BOB, cash: 1800, escrow: 0, shares: -6 },
      ]);
      expect(book.getAsk(1)?.shares).toBe(4);
      expect(book.getStandingSell(BOB)).toBeUndefined();
    });

    it('two holders accepting the same ask: the second gets what is left, a third a clear error', () => {
      const book = create({ ...empty, asks: [order(1, ALICE, 300, 10, 1)] });
      expect(run(book, acceptAsk(BOB, 1, 7)).sold).toBe(7);
      expect(run(book, acceptAsk(CAROL, 1, 5)).sold).toBe(3);
      const error = refused(book, acceptAsk(DAVE, 1, 1), 'ask_not_found');
      expect(error.message).toContain('not open');
    });

    it('refuses accepting an own or unknown ask, or with nothing to sell', () => {
      const book = create({ ...empty, asks: [order(1, ALICE, 300, 10, 1)] });
      refused(book, acceptAsk(ALICE, 1, 1), 'own_ask');
      refused(book, acceptAsk(BOB, 2, 1), 'ask_not_found');
      refused(book, acceptAsk(BOB, 1, 1, 0), 'nothing_to_sell');
      refused(book, acceptAsk(BOB, 1, 0), 'invalid_shares');
    });

    it('cancels an own ask: the escrow goes back', () => {
      const book = create({ ...empty, asks: [order(1, ALICE, 250, 4, 1)] });
      refused(book, { kind: 'cancelAsk', userId: BOB, askId: 1 }, 'not_your_ask');
      refused(book, { kind: 'cancelAsk', userId: ALICE, askId: 2 }, 'ask_not_found');
      const plan = run(book, { kind: 'cancelAsk', userId: ALICE, askId: 1 });
      expect(plan.cancelled).toEqual(order(1, ALICE, 250, 4, 1));
      expect(plan.accounts).toEqual([{ userId: ALICE, cash: 1000, escrow: -1000, shares: 0 }]);
      expect(book.getAsk(1)).toBeUndefined();
    });
  });

  describe(`${name}: dump`, () => {
    it('sells to the open market at $1.00, capped to the unlisted shares', () => {
      const book = create({ ...empty, standingSells: [standing(ALICE, 300, 8, 1)] });
      const plan = run(book, dump(ALICE, 50, 8));
      expect(plan.fills).toEqual([fill({ buyerId: null, sellerId: ALICE, shares: 8, price: 100 })]);
      expect(plan.sold).toBe(8);
      expect(plan.accounts).toEqual([{ userId: ALICE, cash: 800, escrow: 0, shares: -8 }]);
      expect(book.remaining).toBe(8);
      expect(book.getStandingSell(ALICE)).toBeUndefined();
    });

    it('does nothing for 0, negative, NaN, or nothing unlisted', () => {
      const book = create({ ...empty, remaining: 3 });
      for (const [shares, unlisted] of [
        [0, 5],
        [-2, 5],
        [Number.NaN, 5],
        [4, 0],
      ] as const) {
        const plan = planOk(book, dump(ALICE, shares, unlisted));
        expect(plan.noop).toBe(true);
        expect(plan.fills).toEqual([]);
        expect(plan.accounts).toEqual([]);
        expect(plan.remaining).toBe(3);
      }
      refused(book, dump(ALICE, 1.5, 5), 'invalid_shares');
    });

    it('dumped shares fill resting asks at once at $1.00, highest then oldest, refunding the escrow difference', () => {
      const asks = [order(1, BOB, 300, 3, 2), order(2, CAROL, 300, 3, 1), order(3, DAVE, 200, 10, 3)];
      const book = create({ ...empty, asks });
      const plan = run(book, dump(ALICE, 8, 8));
      expect(plan.fills).toEqual([
        fill({ buyerId: null, sellerId: ALICE, shares: 8, price: 100 }),
        fill({ buyerId: CAROL, sellerId: null, shares: 3, price: 100, askId: 2, escrowRefund: 600 }),
        fill({ buyerId: BOB, sellerId: null, shares: 3, price: 100, askId: 1, escrowRefund: 600 }),
        fill({ buyerId: DAVE, sellerId: null, shares: 2, price: 100, askId: 3, escrowRefund: 200 }),
      ]);
      expect(plan.remaining).toBe(0);
      expect(plan.accounts).toContainEqual({ userId: CAROL, cash: 600, escrow: -900, shares: 3 });
      expect(plan.accounts).toContainEqual({ userId: DAVE, cash: 200, escrow: -400, shares: 2 });
      expect(book.snapshot().asks).toEqual([order(3, DAVE, 200, 8, 3)]);
    });

    it('open-market supply fills even the dumper’s own ask, so no ask rests beside it', () => {
      const book = create({ ...empty, asks: [order(1, ALICE, 300, 5, 1)] });
      const plan = run(book, dump(ALICE, 2, 2));
      expect(plan.fills[1]).toEqual(fill({ buyerId: ALICE, sellerId: null, shares: 2, price: 100, askId: 1, escrowRefund: 400 }));
      expect(plan.accounts).toEqual([{ userId: ALICE, cash: 200 + 400, escrow: -600, shares: 0 }]);
    });
  });

  describe(`${name}: best ask of others`, () => {
    it('is the highest ask of anyone but the user, the oldest among equal prices', () => {
      const asks = [order(1, ALICE, 300, 5, 3), order(2, BOB, 300, 5, 2), order(3, CAROL, 400, 2, 4), order(4, DAVE, 150, 5, 1)];
      const book = create({ ...empty, asks });
      expect(book.bestAskExcept(ERIN)).toEqual({ userId: CAROL, price: 400 });
      expect(book.bestAskExcept(CAROL)).toEqual({ userId: BOB, price: 300 });
      run(book, { kind: 'cancelAsk', userId: CAROL, askId: 3 });
      expect(book.bestAskExcept(BOB)).toEqual({ userId: ALICE, price: 300 });
      expect(book.bestAskExcept(ALICE)).toEqual({ userId: BOB, price: 300 });
    });

    it('skips all of the user’s own asks, and ignores offers and standing sells', () => {
      const book = create({
        ...empty,
        asks: [order(1, ALICE, 300, 5, 1), order(2, ALICE, 250, 5, 2), order(3, BOB, 200, 5, 3)],
        offers: [order(4, CAROL, 900, 1, 4)],
        standingSells: [standing(DAVE, 800, 3, 1)],
      });
      expect(book.bestAskExcept(ALICE)).toEqual({ userId: BOB, price: 200 });
      expect(book.bestAskExcept(BOB)).toEqual({ userId: ALICE, price: 300 });
    });

    it('is undefined when only the user’s asks, or none, rest', () => {
      expect(create().bestAskExcept(ALICE)).toBeUndefined();
      const book = create({ ...empty, asks: [order(1, ALICE, 300, 5, 1)], offers: [order(2, BOB, 900, 1, 2)] });
      expect(book.bestAskExcept(ALICE)).toBeUndefined();
      run(book, listOffer(BOB, 5, 300));
      expect(book.bestAskExcept(CAROL)).toBeUndefined();
    });
  });

  describe(`${name}: planning and applying`, () => {
    it('planning leaves the book as it was', () => {
      const snapshot = { ...empty, remaining: 5, offers: [order(1, BOB, 200, 5, 1)] };
      const book = create(snapshot);
      planOk(book, buy(ALICE, 8, 300));
      planOk(book, dump(BOB, 5, 5));
      expect(book.snapshot()).toEqual(snapshot);
      expect(book.version).toBe(0);
    });

    it('refuses to apply a plan made on an older version', () => {
      const book = create({ ...empty, remaining: 5 });
      const first = planOk(book, buy(ALICE, 2, 300));
      const second = planOk(book, buy(BOB, 2, 300));
      book.apply(first);
      expect(() => book.apply(second)).toThrow(/Stale plan/);
      expect(book.remaining).toBe(3);
    });

    it('sums each side by price, best first, and queues the sells as a buy takes them', () => {
      const book = create({
        remaining: 7,
        asks: [order(1, BOB, 300, 1, 5), order(2, ALICE, 300, 2, 6), order(3, CAROL, 200, 3, 1)],
        offers: [order(4, DAVE, 400, 1, 4), order(5, ERIN, 500, 1, 1)],
        standingSells: [standing(ALICE, 400, 3, 1), standing(BOB, 600, 2, 2)],
      });
      expect(book.depth(10)).toEqual({
        asks: [
          { price: 300, shares: 3, orders: 2 },
          { price: 200, shares: 3, orders: 1 },
        ],
        sells: [
          { price: 400, shares: 4, orders: 2 },
          { price: 500, shares: 1, orders: 1 },
          { price: 600, shares: 2, orders: 1 },
        ],
      });
      expect(book.depth(1)).toEqual({ asks: [{ price: 300, shares: 3, orders: 2 }], sells: [{ price: 400, shares: 4, orders: 2 }] });
      expect(book.sellQueue(3)).toEqual([
        { userId: ALICE, price: 400, shares: 3, offerId: null },
        { userId: DAVE, price: 400, shares: 1, offerId: 4 },
        { userId: ERIN, price: 500, shares: 1, offerId: 5 },
      ]);
      run(book, buy(CAROL, 11, 400));
      expect(book.depth(10).sells).toEqual([
        { price: 500, shares: 1, orders: 1 },
        { price: 600, shares: 2, orders: 1 },
      ]);
      expect(create(empty).depth(5)).toEqual({ asks: [], sells: [] });
    });

    it('rebuilds from a snapshot and gives it back in priority order', () => {
      const snapshot = {
        remaining: 0,
        asks: [order(2, BOB, 300, 1, 5), order(1, ALICE, 300, 2, 6), order(3, CAROL, 200, 3, 1)],
        offers: [order(4, DAVE, 400, 1, 2), order(5, ERIN, 500, 1, 1)],
        standingSells: [standing(ALICE, 450, 3, 1), standing(BOB, 600, 2, 2)],
      };
      const book = create(snapshot);
      expect(book.snapshot()).toEqual(snapshot);
      expect(findCrossing(book.snapshot())).toBeNull();
    });
  });
}
