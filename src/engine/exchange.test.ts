import { describe, expect, it } from 'vitest';
import { testExchange } from './test-support/exchange.js';

const $ = (dollars: number) => Math.round(dollars * 100);

describe('buying', () => {
  it('takes the open market first, at $1.00, whatever the limit price', () => {
    const t = testExchange();
    const p = t.player(1_000);
    const alice = t.user('alice');
    const before = t.cash(alice);
    const out = t.ok({ type: 'buy', userId: alice, instrument: p, shares: 100, priceCents: $(5) });
    expect(out.bought).toBe(100);
    expect(out.fills).toEqual([{ tradeId: expect.any(Number), buyerId: alice, sellerId: null, shares: 100, priceCents: 100 }]);
    expect(out.ask).toBeNull();
    expect(t.cash(alice)).toBe(before - $(100));
    expect(t.remaining(p)).toBe(900);
    expect(t.shares(alice, p)).toBe(100);
  });

  it('gives a new holding a minimum sell price 10% over its average buy price, rounded up to the cent', () => {
    const t = testExchange();
    const p = t.player(1_000);
    const alice = t.user('alice');
    t.ok({ type: 'buy', userId: alice, instrument: p, shares: 3, priceCents: $(2) });
    expect(t.holding(alice, p)).toMatchObject({ shares: 3, costBasisCents: 300, minSellPriceCents: 110, minSellCustom: false });
  });

  it('fills from sells at the seller’s price, lowest price first, then oldest, and rests the rest as an ask with escrow', () => {
    const t = testExchange();
    const p = t.player(300);
    const [s1, s2, s3, buyer] = ['s1', 's2', 's3', 'buyer'].map((n) => t.user(n)) as [number, number, number, number];
    for (const s of [s1, s2, s3]) t.ok({ type: 'buy', userId: s, instrument: p, shares: 100, priceCents: $(1) });
    expect(t.remaining(p)).toBe(0);
    // Listing all shares keeps standing sells out of the way.
    t.ok({ type: 'listOffer', userId: s1, instrument: p, shares: 100, priceCents: $(3) });
    t.ok({ type: 'listOffer', userId: s2, instrument: p, shares: 100, priceCents: $(2.5) });
    t.ok({ type: 'listOffer', userId: s3, instrument: p, shares: 100, priceCents: $(3) });
    const before = t.cash(buyer);
    const out = t.ok({ type: 'buy', userId: buyer, instrument: p, shares: 250, priceCents: $(3) });
    expect(out.fills.map((f) => [f.sellerId, f.shares, f.priceCents])).toEqual([
      [s2, 100, 250],
      [s1, 100, 300],
      [s3, 50, 300],
    ]);
    expect(t.cash(buyer)).toBe(before - (100 * 250 + 150 * 300));
    expect(t.cash(s2)).toBe(t.cash(s1) - 100 * 300 + 100 * 250);

    const rest = t.ok({ type: 'buy', userId: buyer, instrument: p, shares: 80, priceCents: $(2.75) });
    expect(rest.bought).toBe(0);
    expect(rest.ask).toEqual({ id: expect.any(Number), shares: 80, priceCents: 275 });
    expect(t.cash(buyer)).toBe(before - (100 * 250 + 150 * 300) - 80 * 275);
    expect(t.order(rest.ask!.id)).toMatchObject({ side: 'ask', status: 'open', sharesRemaining: 80, priceCents: 275 });
  });

  it('refuses a buy the buyer’s cash cannot cover at its limit, whole, and changes nothing', () => {
    const t = testExchange();
    const p = t.player(1_000);
    const poor = t.user('poor', $(50));
    const result = t.submit({ type: 'buy', userId: poor, instrument: p, shares: 60, priceCents: $(1) });
    expect(result).toMatchObject({ ok: false, error: { code: 'insufficient_cash', message: expect.stringContaining('Not enough cash') } });
    expect(t.cash(poor)).toBe($(50));
    expect(t.remaining(p)).toBe(1_000);
    expect(t.trades()).toHaveLength(0);
  });

  it('fills a bid from a holder’s standing sell at the minimum sell price (auto-trading)', () => {
    const t = testExchange();
    const p = t.player(100);
    const holder = t.user('holder');
    const bidder = t.user('bidder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 100, priceCents: $(1) });
    const out = t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 40, priceCents: $(2) });
    expect(out.fills.map((f) => [f.sellerId, f.shares, f.priceCents])).toEqual([[holder, 40, 110]]);
    expect(t.shares(holder, p)).toBe(60);
    expect(t.shares(bidder, p)).toBe(40);
  });
});

describe('minimum sell price', () => {
  it('fills a resting ask at once when lowered to meet it, at the ask’s price', () => {
    const t = testExchange();
    const p = t.player(100);
    const holder = t.user('holder');
    const bidder = t.user('bidder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 100, priceCents: $(1) });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: p, priceCents: $(5) });
    const ask = t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 30, priceCents: $(4) });
    expect(ask.ask).toMatchObject({ shares: 30, priceCents: 400 });
    const escrowed = t.cash(bidder);
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: p, priceCents: $(3.5) });
    expect(t.shares(bidder, p)).toBe(30);
    expect(t.order(ask.ask!.id)).toMatchObject({ status: 'filled', sharesRemaining: 0 });
    expect(t.cash(bidder)).toBe(escrowed);
    const last = t.trades().at(-1)!;
    expect(last).toMatchObject({ buyerId: bidder, sellerId: holder, shares: 30, priceCents: 400 });
  });

  it('is refused for a player the user does not hold', () => {
    const t = testExchange();
    const p = t.player(100);
    const alice = t.user('alice');
    expect(t.submit({ type: 'setMinSellPrice', userId: alice, instrument: p, priceCents: $(2) })).toMatchObject({ ok: false, error: { code: 'no_holding' } });
  });
});

describe('asks: accept, decline, cancel', () => {
  function withAsk() {
    const t = testExchange();
    const p = t.player(100);
    const [h1, h2, bidder] = ['h1', 'h2', 'bidder'].map((n) => t.user(n)) as [number, number, number];
    t.ok({ type: 'buy', userId: h1, instrument: p, shares: 50, priceCents: $(1) });
    t.ok({ type: 'buy', userId: h2, instrument: p, shares: 50, priceCents: $(1) });
    for (const h of [h1, h2]) t.ok({ type: 'setMinSellPrice', userId: h, instrument: p, priceCents: $(9) });
    const ask = t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 60, priceCents: $(3) }).ask!;
    return { t, p, h1, h2, bidder, ask };
  }

  it('a holder accepting sells at the ask’s price, capped at the ask’s remainder; the second holder gets what is left', () => {
    const { t, p, h1, h2, bidder, ask } = withAsk();
    const first = t.ok({ type: 'acceptAsk', userId: h1, askId: ask.id, shares: 50 });
    expect(first.sold).toBe(50);
    const second = t.ok({ type: 'acceptAsk', userId: h2, askId: ask.id, shares: 50 });
    expect(second.sold).toBe(10);
    expect(t.shares(bidder, p)).toBe(60);
    expect(t.order(ask.id)).toMatchObject({ status: 'filled' });
    const third = t.submit({ type: 'acceptAsk', userId: h2, askId: ask.id, shares: 5 });
    expect(third).toMatchObject({ ok: false, error: { code: 'order_not_open', message: `Ask ${ask.id} is no longer open: it was filled` } });
  });

  it('caps an acceptance at the holder’s unlisted shares', () => {
    const { t, h1, ask } = withAsk();
    t.ok({ type: 'listOffer', userId: h1, instrument: { kind: 'player', id: t.order(ask.id)!.instrumentId }, shares: 45, priceCents: $(8) });
    expect(t.ok({ type: 'acceptAsk', userId: h1, askId: ask.id, shares: 50 }).sold).toBe(5);
  });

  it('declining hides nothing from the book and changes no money; the asker cannot decline its own', () => {
    const { t, h1, bidder, ask } = withAsk();
    const cash = t.cash(h1);
    expect(t.submit({ type: 'declineAsk', userId: h1, askId: ask.id }).ok).toBe(true);
    expect(t.cash(h1)).toBe(cash);
    expect(t.order(ask.id)!.status).toBe('open');
    expect(t.submit({ type: 'declineAsk', userId: bidder, askId: ask.id })).toMatchObject({ ok: false });
  });

  it('the asker cancels an own ask and gets the escrow back; nobody else can', () => {
    const { t, h1, bidder, ask } = withAsk();
    const cash = t.cash(bidder);
    expect(t.submit({ type: 'cancelAsk', userId: h1, askId: ask.id })).toMatchObject({ ok: false, error: { code: 'not_your_ask' } });
    t.ok({ type: 'cancelAsk', userId: bidder, askId: ask.id });
    expect(t.cash(bidder)).toBe(cash + 60 * 300);
    expect(t.order(ask.id)!.status).toBe('cancelled');
  });

  it('an owner cannot sell to an own ask', () => {
    const { t, bidder, ask } = withAsk();
    expect(t.submit({ type: 'acceptAsk', userId: bidder, askId: ask.id, shares: 1 })).toMatchObject({ ok: false });
  });
});

describe('offers', () => {
  function withOffer() {
    const t = testExchange();
    const p = t.player(100);
    const seller = t.user('seller');
    const buyer = t.user('buyer');
    t.ok({ type: 'buy', userId: seller, instrument: p, shares: 100, priceCents: $(1) });
    const offer = t.ok({ type: 'listOffer', userId: seller, instrument: p, shares: 40, priceCents: $(4) }).offer!;
    return { t, p, seller, buyer, offer };
  }

  it('accepting buys all of it, or the shares asked for', () => {
    const { t, p, seller, buyer, offer } = withOffer();
    expect(t.ok({ type: 'acceptOffer', userId: buyer, offerId: offer.id, shares: 15 }).bought).toBe(15);
    expect(t.ok({ type: 'acceptOffer', userId: buyer, offerId: offer.id }).bought).toBe(25);
    expect(t.shares(buyer, p)).toBe(40);
    expect(t.shares(seller, p)).toBe(60);
    expect(t.order(offer.id)!.status).toBe('filled');
  });

  it('a seller cannot buy an own offer, and only the seller can cancel it (shares return)', () => {
    const { t, p, seller, buyer, offer } = withOffer();
    expect(t.submit({ type: 'acceptOffer', userId: seller, offerId: offer.id })).toMatchObject({
      ok: false,
      error: { message: 'You cannot buy your own offer.' },
    });
    expect(t.submit({ type: 'cancelOffer', userId: buyer, offerId: offer.id })).toMatchObject({ ok: false, error: { code: 'not_your_offer' } });
    t.ok({ type: 'cancelOffer', userId: seller, offerId: offer.id });
    expect(t.order(offer.id)!.status).toBe('cancelled');
    expect(t.shares(seller, p)).toBe(100);
  });

  it('listed shares cannot be listed again or dumped', () => {
    const { t, p, seller } = withOffer();
    expect(t.submit({ type: 'listOffer', userId: seller, instrument: p, shares: 61, priceCents: $(4) })).toMatchObject({ ok: false });
    expect(t.ok({ type: 'dump', userId: seller, instrument: p, shares: 100 }).sold).toBe(60);
    expect(t.shares(seller, p)).toBe(40);
  });

  it('a new offer meeting a resting ask fills it at once at the ask’s price', () => {
    const t = testExchange();
    const p = t.player(100);
    const seller = t.user('seller');
    const buyer = t.user('buyer');
    t.ok({ type: 'buy', userId: seller, instrument: p, shares: 100, priceCents: $(1) });
    t.ok({ type: 'setMinSellPrice', userId: seller, instrument: p, priceCents: $(50) });
    const ask = t.ok({ type: 'buy', userId: buyer, instrument: p, shares: 10, priceCents: $(6) }).ask!;
    const out = t.ok({ type: 'listOffer', userId: seller, instrument: p, shares: 25, priceCents: $(5) });
    expect(out.fills.map((f) => [f.buyerId, f.shares, f.priceCents])).toEqual([[buyer, 10, 600]]);
    expect(out.offer).toMatchObject({ shares: 15, priceCents: 500 });
    expect(t.order(ask.id)!.status).toBe('filled');
  });
});

describe('dump', () => {
  it('sells to the open market at $1.00, capped at the holding; 0 does nothing', () => {
    const t = testExchange();
    const p = t.player(100);
    const alice = t.user('alice');
    t.ok({ type: 'buy', userId: alice, instrument: p, shares: 30, priceCents: $(1) });
    const cash = t.cash(alice);
    expect(t.ok({ type: 'dump', userId: alice, instrument: p, shares: 0 }).noop).toBe(true);
    expect(t.ok({ type: 'dump', userId: alice, instrument: p, shares: 500 }).sold).toBe(30);
    expect(t.cash(alice)).toBe(cash + 30 * 100);
    expect(t.shares(alice, p)).toBe(0);
    expect(t.remaining(p)).toBe(100);
  });

  it('dumped shares fill resting asks at once at $1.00, returning the rest of the escrow', () => {
    const t = testExchange();
    const p = t.player(100);
    const holder = t.user('holder');
    const bidder = t.user('bidder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 100, priceCents: $(1) });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: p, priceCents: $(9) });
    const ask = t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 20, priceCents: $(3) }).ask!;
    const escrowed = t.cash(bidder);
    t.ok({ type: 'dump', userId: holder, instrument: p, shares: 50 });
    expect(t.order(ask.id)!.status).toBe('filled');
    expect(t.shares(bidder, p)).toBe(20);
    expect(t.cash(bidder)).toBe(escrowed + 20 * 200);
    expect(t.remaining(p)).toBe(30);
  });
});

describe('events', () => {
  it('publishes trades, market and portfolio updates after the commit, with increasing ids', () => {
    const t = testExchange();
    const p = t.player(100);
    const alice = t.user('alice');
    t.ok({ type: 'buy', userId: alice, instrument: p, shares: 5, priceCents: $(1) });
    const types = t.events.map((e) => e.type);
    expect(types).toContain('tradeCompleted');
    expect(types).toContain('marketUpdated');
    expect(t.events.find((e) => e.type === 'portfolioUpdated')).toMatchObject({ userId: alice });
    const ids = t.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('publishes nothing for a refused command', () => {
    const t = testExchange();
    const p = t.player(100);
    const alice = t.user('alice', 10);
    t.submit({ type: 'buy', userId: alice, instrument: p, shares: 5, priceCents: $(1) });
    expect(t.events).toHaveLength(0);
  });
});

describe('outbid notice', () => {
  it('tells the holder of the best ask when someone else bids more', () => {
    const t = testExchange();
    const p = t.player(10);
    const holder = t.user('holder');
    const first = t.user('first');
    const second = t.user('second');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 10, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: p, priceCents: 900 });
    t.ok({ type: 'buy', userId: first, instrument: p, shares: 5, priceCents: 300 });
    t.events.length = 0;
    t.ok({ type: 'buy', userId: second, instrument: p, shares: 5, priceCents: 250 });
    expect(t.events.some((e) => e.type === 'outbid')).toBe(false);
    t.ok({ type: 'buy', userId: second, instrument: p, shares: 5, priceCents: 325 });
    expect(t.events.find((e) => e.type === 'outbid')).toMatchObject({ userId: first, yourPriceCents: 300, bestPriceCents: 325 });
  });
});

describe('last trade price', () => {
  it('is set by trades between users only, not by the open market or dumps', () => {
    const t = testExchange();
    const p = t.player(100);
    const seller = t.user('seller');
    const buyer = t.user('buyer');
    const last = () =>
      t.db.$client.prepare<[number], { price: number | null }>('SELECT last_trade_price_cents AS price FROM players WHERE id = ?').get(p.id)!.price;
    t.ok({ type: 'buy', userId: seller, instrument: p, shares: 100, priceCents: 100 });
    expect(last()).toBeNull();
    const offer = t.ok({ type: 'listOffer', userId: seller, instrument: p, shares: 10, priceCents: 375 }).offer!;
    t.ok({ type: 'acceptOffer', userId: buyer, offerId: offer.id, shares: 2 });
    expect(last()).toBe(375);
    t.ok({ type: 'dump', userId: buyer, instrument: p, shares: 2 });
    expect(last()).toBe(375);
  });
});
