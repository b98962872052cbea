import { describe, expect, it } from 'vitest';
import { testExchange } from './test-support/exchange.js';

/** docs/rules.md "Orders": who is told that a fill happened to them, and how. */
describe('orderFilled notices', () => {
  it('tell a holder whose minimum sell price sold that it sold automatically, at that price', () => {
    const t = testExchange();
    const ref = t.player(1_000);
    const [holder, buyer] = [t.user('holder'), t.user('buyer')];
    t.ok({ type: 'buy', userId: holder, instrument: ref, shares: 1_000, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: ref, priceCents: 110 });
    t.events.length = 0;
    t.ok({ type: 'buy', userId: buyer, instrument: ref, shares: 400, priceCents: 150 });
    expect(t.events.filter((e) => e.type === 'orderFilled')).toEqual([
      expect.objectContaining({ userId: holder, side: 'offer', orderId: 0, automatic: true, minSellPriceCents: 110, shares: 400, priceCents: 110 }),
    ]);
  });

  it('tell a seller whose listed offer sold that it was the offer, and an asker that the ask filled', () => {
    const t = testExchange();
    const ref = t.player(1_000);
    const [seller, buyer, asker] = [t.user('seller'), t.user('buyer'), t.user('asker')];
    t.ok({ type: 'buy', userId: seller, instrument: ref, shares: 1_000, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: seller, instrument: ref, priceCents: 900 });
    const offer = t.ok({ type: 'listOffer', userId: seller, instrument: ref, shares: 10, priceCents: 200 }).offer!;
    const ask = t.ok({ type: 'buy', userId: asker, instrument: ref, shares: 5, priceCents: 150 }).ask!;
    t.events.length = 0;
    t.ok({ type: 'acceptOffer', userId: buyer, offerId: offer.id, shares: 4 });
    t.ok({ type: 'acceptAsk', userId: seller, askId: ask.id, shares: 5 });
    expect(t.events.filter((e) => e.type === 'orderFilled')).toEqual([
      expect.objectContaining({ userId: seller, side: 'offer', orderId: offer.id, automatic: false, minSellPriceCents: null, shares: 4 }),
      expect.objectContaining({ userId: asker, side: 'ask', orderId: ask.id, automatic: false, shares: 5, priceCents: 150 }),
    ]);
  });

  it('tell a holder whose lowered minimum price met a waiting ask nothing (they did it), and the asker that the ask filled', () => {
    const t = testExchange();
    const ref = t.player(100);
    const [holder, asker] = [t.user('holder'), t.user('asker')];
    t.ok({ type: 'buy', userId: holder, instrument: ref, shares: 100, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: ref, priceCents: 500 });
    t.ok({ type: 'buy', userId: asker, instrument: ref, shares: 10, priceCents: 300 });
    t.events.length = 0;
    t.ok({ type: 'setMinSellPrice', userId: holder, instrument: ref, priceCents: 200 });
    expect(t.events.filter((e) => e.type === 'orderFilled')).toEqual([expect.objectContaining({ userId: asker, side: 'ask', shares: 10, priceCents: 300 })]);
  });
});
