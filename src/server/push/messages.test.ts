import { describe, expect, it } from 'vitest';
import { composeNotification, type PushIntent } from './messages.js';

const curry = { type: 'player' as const, id: 7, name: 'Stephen Curry' };
const celtics = { type: 'team' as const, id: 2, name: 'Boston Celtics' };

describe('composeNotification', () => {
  it('says what filled, one fill or many, bought and sold', () => {
    const fill = (side: 'ask' | 'offer', shares: number, priceCents: number): PushIntent => ({
      kind: 'orderFilled',
      userId: 1,
      item: curry,
      side,
      shares,
      priceCents,
      minSellPriceCents: null,
    });
    expect(composeNotification([fill('ask', 1, 150)])).toEqual({
      kind: 'orderFilled',
      title: 'Order filled: Stephen Curry',
      body: 'You bought 1 share at $1.50.',
      url: '/market/7',
      tag: 'orderFilled:player:7',
    });
    expect(composeNotification([fill('ask', 10, 150), fill('ask', 30, 170), fill('offer', 5, 200)])).toMatchObject({
      title: '3 fills of Stephen Curry',
      body: 'You bought 40 shares at $1.65 on average and sold 5 shares at $2.00.',
    });
  });

  it('tells a holder of a player who retired what the open market bought back, numbers formatted', () => {
    const williams = { type: 'player' as const, id: 9, name: 'Amari Williams' };
    expect(composeNotification([{ kind: 'retired', userId: 1, item: williams, shares: 280_000, priceCents: 100 }])).toEqual({
      kind: 'retired',
      title: 'Amari Williams retired',
      body: 'Amari Williams retired: 280,000 shares bought back at $1.00 ($280,000.00 paid to you).',
      url: '/market/9',
      tag: 'retired:player:9',
    });
    expect(composeNotification([{ kind: 'retired', userId: 1, item: williams, shares: 1, priceCents: 100 }]).body).toBe(
      'Amari Williams retired: 1 share bought back at $1.00 ($1.00 paid to you).',
    );
  });

  it('says a sale at the minimum sell price was automatic, never that an offer sold', () => {
    const auto = (shares: number, priceCents: number, minSellPriceCents = 110): PushIntent => ({
      kind: 'orderFilled',
      userId: 1,
      item: curry,
      side: 'offer',
      shares,
      priceCents,
      minSellPriceCents,
    });
    expect(composeNotification([auto(1_000_000, 110)])).toMatchObject({
      title: 'Sold automatically: Stephen Curry',
      body: 'Sold automatically at your minimum price of $1.10: 1,000,000 shares.',
    });
    expect(composeNotification([auto(500, 150), auto(1_500, 150)]).body).toBe(
      'Sold automatically: 2,000 shares at $1.50, at or above your minimum price of $1.10.',
    );
    const bought: PushIntent = { kind: 'orderFilled', userId: 1, item: curry, side: 'ask', shares: 3, priceCents: 200, minSellPriceCents: null };
    expect(composeNotification([bought, auto(2, 110)])).toMatchObject({
      title: '2 fills of Stephen Curry',
      body: 'You bought 3 shares at $2.00. Sold automatically at your minimum price of $1.10: 2 shares.',
    });
    expect(JSON.stringify(composeNotification([auto(7, 110)]))).not.toMatch(/offer/i);
  });

  it('says who outbid whom at what, and sums new offers', () => {
    const outbid = (best: number): PushIntent => ({ kind: 'outbid', userId: 1, item: celtics, yourPriceCents: 200, bestPriceCents: best });
    expect(composeNotification([outbid(210), outbid(250)])).toEqual({
      kind: 'outbid',
      title: 'Outbid 2 times on Boston Celtics',
      body: 'The best bid is now $2.50 (yours $2.00).',
      url: '/teams/2',
      tag: 'outbid:team:2',
    });
    const offer = (shares: number, priceCents: number): PushIntent => ({ kind: 'newOffer', userId: 1, item: curry, sellerUsername: 'zoe', shares, priceCents });
    expect(composeNotification([offer(100, 250)]).body).toBe('zoe offers 100 shares at $2.50.');
    expect(composeNotification([offer(100, 250), offer(1_500, 310), offer(5, 250)])).toMatchObject({
      title: '3 new offers for Stephen Curry',
      body: '1,605 shares in all, from $2.50 to $3.10.',
    });
  });
});
