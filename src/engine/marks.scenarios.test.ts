import { describe, expect, it } from 'vitest';
import { MARK_WINDOW_MS } from '../domain/market/mark.js';
import { endSeason } from './season-end.js';
import { testExchange, type TestExchange } from './test-support/exchange.js';
import type { InstrumentRef } from './commands.js';

const HOUR = 3_600_000;
const MILLION_DOLLARS = 100_000_000;

/** Every member's share value and the instrument's mark and last price, as the read models say now. */
function values(t: TestExchange, users: number[], ref: InstrumentRef) {
  const models = t.exchange.readModels();
  return {
    shareValues: users.map((u) => models.shareValueCents(u)),
    mark: models.markOf(ref.kind, ref.id),
    lastPrice: models.instruments.get(ref.kind, ref.id)!.lastPriceCents,
    ranking: models.topByShareValue(users.length).map((r) => r.userId),
  };
}

/** A player whose open market three holders bought out, who then traded a day's volume around $5.00 with each other. */
function soldOutAtFive(t: TestExchange) {
  const p = t.player(1_000);
  const [ann, ben, cat, dan] = ['ann', 'ben', 'cat', 'dan'].map((n) => t.user(n)) as [number, number, number, number];
  t.ok({ type: 'buy', userId: ann, instrument: p, shares: 500, priceCents: 100 });
  t.ok({ type: 'buy', userId: ben, instrument: p, shares: 300, priceCents: 100 });
  t.ok({ type: 'buy', userId: cat, instrument: p, shares: 200, priceCents: 100 });
  expect(t.remaining(p)).toBe(0);
  // Their standing sells out of the way (minimum prices above the day's), so the offers below are what trades.
  for (const u of [ann, ben, cat]) t.ok({ type: 'setMinSellPrice', userId: u, instrument: p, priceCents: 5_000 });
  // The day's volume: 100 at $5.00, 80 at $5.20, 120 at $4.80, sold by ben and cat to dan.
  for (const [seller, shares, price] of [
    [ben, 100, 500],
    [cat, 80, 520],
    [ben, 120, 480],
  ] as const) {
    t.clock.now += HOUR;
    t.ok({ type: 'listOffer', userId: seller, instrument: p, shares, priceCents: price });
    t.ok({ type: 'buy', userId: dan, instrument: p, shares, priceCents: price });
  }
  return { p, users: [ann, ben, cat, dan] };
}

describe('scores that cannot be bought (docs/rules.md §5 the mark)', () => {
  it('1 share of a star sold between two friends at $1,000,000 while the open market still sells at $1.00 changes no one’s value', () => {
    const t = testExchange();
    const row = t.db.$client.prepare<[], { id: number; salary: number }>("SELECT id, salary FROM players WHERE name = 'Stephen Curry'").get()!;
    const curry: InstrumentRef = { kind: 'player', id: row.id };
    const [holder, friend, buyer] = [t.user('holder'), t.user('friend'), t.user('buyer')];
    t.ok({ type: 'buy', userId: holder, instrument: curry, shares: 600_000, priceCents: 100 });
    expect(t.remaining(curry)).toBe(row.salary - 600_000);
    t.ok({ type: 'buy', userId: friend, instrument: curry, shares: 1, priceCents: 100 });
    const before = values(t, [holder, friend, buyer], curry);
    expect(before.shareValues).toEqual([60_000_000, 100, 0]);

    t.clock.now += 60_000;
    t.ok({ type: 'listOffer', userId: friend, instrument: curry, shares: 1, priceCents: MILLION_DOLLARS });
    t.ok({ type: 'acceptOffer', userId: buyer, offerId: t.openOrders().find((o) => o.userId === friend)!.id });
    const after = values(t, [holder, friend, buyer], curry);
    // The last price says $1,000,000; every share is still worth $1.00, and the ranking of shares stands.
    expect(after.lastPrice).toBe(MILLION_DOLLARS);
    expect(after.mark).toBe(100);
    expect(after.shareValues).toEqual([60_000_000, 0, 100]);
    expect(after.ranking).toEqual([holder, buyer]);
    // Still so a day later, and on the chart's marks over time.
    t.clock.now += MARK_WINDOW_MS;
    expect(values(t, [holder, friend, buyer], curry).shareValues).toEqual([60_000_000, 0, 100]);
    expect(
      t.exchange
        .readModels()
        .markSource()
        .markAt(`player:${curry.id}`, t.clock.now - MARK_WINDOW_MS),
    ).toBe(100);
  });

  it('after a sell-out, a 1-share print at $1,000,000 among a day’s volume changes nothing', () => {
    const t = testExchange();
    const { p, users } = soldOutAtFive(t);
    const [, ben, , dan] = users as [number, number, number, number];
    const before = values(t, users, p);
    expect(before.mark).toBe(500);
    t.clock.now += 60_000;
    t.ok({ type: 'listOffer', userId: ben, instrument: p, shares: 1, priceCents: MILLION_DOLLARS });
    t.ok({ type: 'acceptOffer', userId: dan, offerId: t.openOrders().find((o) => o.userId === ben && o.priceCents === MILLION_DOLLARS)!.id });
    const after = values(t, users, p);
    expect(after.lastPrice).toBe(MILLION_DOLLARS);
    expect(after.mark).toBe(500);
    // Ben sold one share, dan bought it: at the mark the share moved between them and nothing else did.
    expect(after.shareValues).toEqual(before.shareValues.map((v, i) => v + (i === 1 ? -500 : i === 3 ? 500 : 0)));
  });

  it('a last-minute 1-share dump drops no one’s value, nor the season’s final standings', () => {
    const t = testExchange();
    const { p, users } = soldOutAtFive(t);
    const [ann] = users as [number, number, number, number];
    const before = values(t, users, p);
    t.clock.now += 60_000;
    t.ok({ type: 'dump', userId: ann, instrument: p, shares: 1 });
    expect(t.remaining(p)).toBe(1);
    const after = values(t, users, p);
    // The open market holds a share again, but only since a minute ago: the mark stays the day's median.
    expect(after.mark).toBe(500);
    expect(after.shareValues).toEqual(before.shareValues.map((v, i) => (i === 0 ? v - 500 : v)));
    const ended = endSeason(t.exchange, t.db, 8_000_000_000);
    if (!ended.ok) throw new Error(ended.error.message);
    const annLine = ended.value.archive.standings.find((s) => s.userId === ann)!;
    expect(annLine.holdings).toEqual([expect.objectContaining({ shares: 499, priceCents: 500, valueCents: 499 * 500 })]);
  });

  it('a share left in the open market for a whole day brings the mark back to $1.00: anyone could have had it for that', () => {
    const t = testExchange();
    const { p, users } = soldOutAtFive(t);
    t.ok({ type: 'dump', userId: users[0]!, instrument: p, shares: 1 });
    // A day less a millisecond on, the last 24 hours hold the day's last trade (120 at $4.80, more than 1% of the shares).
    t.clock.now += MARK_WINDOW_MS - 1;
    expect(values(t, users, p).mark).toBe(480);
    t.clock.now += 1;
    expect(values(t, users, p).mark).toBe(100);
    // Bought from the open market: sold out again, the trades' median once more.
    t.ok({ type: 'buy', userId: users[3]!, instrument: p, shares: 1, priceCents: 100 });
    expect(values(t, users, p).mark).toBe(480);
  });

  it('days later, with no trade since, the latest trades that cover 1% of the shares set the mark', () => {
    const t = testExchange();
    const { p, users } = soldOutAtFive(t);
    expect(values(t, users, p).mark).toBe(500);
    t.clock.now += 2 * MARK_WINDOW_MS;
    // 1% of 1,000 shares is 10: the newest trade (120 at $4.80) covers it alone.
    expect(values(t, users, p).mark).toBe(480);
  });
});
