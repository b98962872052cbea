import { describe, expect, it } from 'vitest';
import { joinMarket, removeFromMarket } from './membership.js';
import { ledgerProblems } from './test-support/invariants.js';
import { testExchange } from './test-support/exchange.js';

/** A player held by `seller` (all of it, min sell price $1.10), with a resting ask of `buyer` below that price. */
function market() {
  const t = testExchange();
  const x = t.player(1_000);
  const y = t.player(500);
  const seller = t.user('seller');
  const buyer = t.user('buyer');
  t.ok({ type: 'buy', userId: seller, instrument: x, shares: 1_000, priceCents: 100 });
  t.ok({ type: 'buy', userId: seller, instrument: y, shares: 500, priceCents: 100 });
  return { t, x, y, seller, buyer };
}

describe('a member removed from the league’s market (RULES.md, Leagues)', () => {
  it('has every open order cancelled with its escrow back, no standing sell left, and every later command refused', () => {
    const { t, x, y, seller, buyer } = market();
    const offer = t.ok({ type: 'listOffer', userId: seller, instrument: x, shares: 100, priceCents: 500 }).offer!;
    t.ok({ type: 'buy', userId: seller, instrument: y, shares: 10, priceCents: 100 }); // nothing left on the open market but their own: rests as an ask
    const cashBefore = t.cash(seller);
    expect(t.openOrders().filter((o) => o.userId === seller)).toHaveLength(2);
    expect(t.exchange.book(x)!.getStandingSell(seller)).toBeDefined();

    const removed = removeFromMarket(t.exchange, t.db, seller);
    expect(removed).toEqual({ ok: true, value: 2 });
    expect(t.openOrders().filter((o) => o.userId === seller)).toEqual([]);
    expect(t.order(offer.id)!.status).toBe('cancelled');
    expect(t.cash(seller)).toBe(cashBefore + 10 * 100);
    expect(t.shares(seller, x)).toBe(1_000);
    expect(t.exchange.book(x)!.getStandingSell(seller)).toBeUndefined();
    expect(t.exchange.book(y)!.getStandingSell(seller)).toBeUndefined();

    // A buyer willing to pay more than the removed member's minimum price buys nothing of theirs.
    t.ok({ type: 'buy', userId: buyer, instrument: x, shares: 50, priceCents: 1_000 });
    expect(t.shares(seller, x)).toBe(1_000);
    for (const cmd of [
      { type: 'buy', userId: seller, instrument: x, shares: 1, priceCents: 100 },
      { type: 'listOffer', userId: seller, instrument: x, shares: 1, priceCents: 500 },
      { type: 'dump', userId: seller, instrument: x, shares: 1 },
      { type: 'setMinSellPrice', userId: seller, instrument: x, priceCents: 200 },
    ] as const) {
      expect(t.submit(cmd)).toMatchObject({ ok: false, error: { code: 'not_member' } });
    }
    expect(ledgerProblems(t.db)).toEqual([]);

    // After a rebuild from the database, still no standing sell of theirs.
    t.exchange.reload();
    expect(t.exchange.book(x)!.getStandingSell(seller)).toBeUndefined();
  });

  it('comes back with the cash and shares they left with, and their standing sells, which fill resting asks at once', () => {
    const { t, x, seller, buyer } = market();
    removeFromMarket(t.exchange, t.db, seller);
    const cash = t.cash(seller);
    t.ok({ type: 'buy', userId: buyer, instrument: x, shares: 40, priceCents: 200 });
    expect(t.shares(buyer, x)).toBe(0);

    expect(joinMarket(t.exchange, t.db, { id: seller, username: 'seller', avatar: null }, 123)).toEqual({ ok: true, value: undefined });
    // The ask at $2.00 meets the standing sell at $1.10 again, at the ask's price: the book never stays crossed.
    expect(t.shares(buyer, x)).toBe(40);
    expect(t.shares(seller, x)).toBe(960);
    expect(t.cash(seller)).toBe(cash + 40 * 200);
    expect(t.submit({ type: 'listOffer', userId: seller, instrument: x, shares: 1, priceCents: 500 }).ok).toBe(true);
    expect(ledgerProblems(t.db)).toEqual([]);
  });
});
