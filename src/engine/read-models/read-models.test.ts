import { describe, expect, it } from 'vitest';
import { createMarketReadsRepo } from '../../db/repos/market-reads.js';
import { createStatsReadsRepo } from '../../db/repos/stats-reads.js';
import { createValuationRepo } from '../../db/repos/valuation.js';
import { createAdmin } from '../admin.js';
import { markOfMap, marksFromScratch } from '../test-support/marks.js';
import { testExchange } from '../test-support/exchange.js';
import { keyOf } from './instruments.js';
import { DAY_MS } from './trade-windows.js';

/** A player whose open market `holder` bought out, with a minimum sell price: bids at or above it trade between users. */
function soldOut(t: ReturnType<typeof testExchange>, salary: number, holder: number, minSellCents: number) {
  const p = t.player(salary);
  t.ok({ type: 'buy', userId: holder, instrument: p, shares: salary, priceCents: 100 });
  t.ok({ type: 'setMinSellPrice', userId: holder, instrument: p, priceCents: minSellCents });
  return p;
}

describe('the read models', () => {
  it('tell whose row figures changed since a version: an order changes none, a new holder or a trade its instrument’s, a team read again every one', () => {
    const t = testExchange();
    const [p, q] = t.players(100, 80);
    const [a, b] = [t.user('a'), t.user('b')];
    const m = t.exchange.readModels();
    const team = m.instruments.get('player', p!.id)!.teamId;
    let v = m.version;
    const changed = () => m.instruments.keys().filter((k) => m.rowChangedSince(m.instruments.byKey(k)!.kind, m.instruments.byKey(k)!.id, v));
    t.ok({ type: 'buy', userId: b, instrument: q!, shares: 5, priceCents: 100 });
    expect(changed()).toEqual([keyOf('player', q!.id)]);
    v = m.version;
    t.ok({ type: 'listOffer', userId: b, instrument: q!, shares: 1, priceCents: 300 });
    expect(m.version).toBeGreaterThan(v);
    expect(changed()).toEqual([]);
    expect(m.rowsChangedSince(v)).toBe(false);
    // A holding written alone (no trade): a new holder changes the holder count, a new minimum price nothing shown.
    m.holding('player', a, p!.id, { shares: 3, costBasisCents: 300, minSellPriceCents: 200, minSellSeq: 1, lockedUntil: 0 });
    expect(changed()).toEqual([keyOf('player', p!.id)]);
    v = m.version;
    m.holding('player', a, p!.id, { shares: 3, costBasisCents: 300, minSellPriceCents: 250, minSellSeq: 2, lockedUntil: 0 });
    expect(changed()).toEqual([]);
    // A team read again: its name and code are its players' too.
    m.refreshInstrument('team', team);
    expect(changed()).toHaveLength(m.instruments.keys().length);
    expect(m.rowsChangedSince(v)).toBe(true);
  });

  it('rank the statistics by the last 24 h of trades, as SQL does', () => {
    const t = testExchange();
    const [seller, buyer] = [t.user('seller'), t.user('buyer')];
    const cheap = soldOut(t, 100, seller, 150);
    const dear = soldOut(t, 100, seller, 400);
    t.ok({ type: 'buy', userId: buyer, instrument: dear, shares: 5, priceCents: 400 });
    t.clock.now += DAY_MS + 1;
    t.ok({ type: 'buy', userId: buyer, instrument: cheap, shares: 3, priceCents: 200 });
    t.ok({ type: 'setMinSellPrice', userId: seller, instrument: cheap, priceCents: 250 });
    t.ok({ type: 'buy', userId: buyer, instrument: cheap, shares: 1, priceCents: 300 });
    const stats = t.exchange.readModels().statistics(t.clock.now, 10);
    // The dear player's trade is a day old: only the cheap one's three fills count, at $1.50 and $2.50.
    expect(stats.mostValuable.map((r) => [r.id, r.tradeCount, r.lowCents, r.highCents, r.avgCents])).toEqual([[cheap.id, 2, 150, 250, 175]]);
    expect(stats).toEqual(createStatsReadsRepo(t.db).statistics(t.clock.now));
    t.ok({ type: 'setMinSellPrice', userId: seller, instrument: dear, priceCents: 900 });
    t.ok({ type: 'buy', userId: buyer, instrument: dear, shares: 1, priceCents: 900 });
    const after = t.exchange.readModels().statistics(t.clock.now, 10);
    expect(after.mostValuable.map((r) => r.id)).toEqual([dear.id, cheap.id]);
    expect(after).toEqual(createStatsReadsRepo(t.db).statistics(t.clock.now));
  });

  it('page a holder’s offers for them across instruments, best first, without their own or declined ones', () => {
    const t = testExchange();
    const [holder, a, b] = [t.user('holder'), t.user('a'), t.user('b')];
    const p = soldOut(t, 10, holder, 5_000);
    const q = soldOut(t, 10, holder, 5_000);
    const asks = [
      t.ok({ type: 'buy', userId: a, instrument: p, shares: 1, priceCents: 300 }).ask!.id,
      t.ok({ type: 'buy', userId: b, instrument: q, shares: 1, priceCents: 500 }).ask!.id,
      t.ok({ type: 'buy', userId: a, instrument: q, shares: 1, priceCents: 300 }).ask!.id,
      t.ok({ type: 'buy', userId: b, instrument: p, shares: 1, priceCents: 200 }).ask!.id,
    ];
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 1, priceCents: 900 });
    t.ok({ type: 'declineAsk', userId: holder, askId: asks[3]! });
    const models = t.exchange.readModels();
    const first = models.relevantAsksPage(holder, null, 2);
    const rest = models.relevantAsksPage(holder, first.at(-1)!, 2);
    expect([...first, ...rest].map((o) => o.id)).toEqual([asks[1], asks[0], asks[2]]);
    expect(models.relevantAskCount(holder)).toBe(3);
    expect(
      createMarketReadsRepo(t.db)
        .relevantAsks(holder)
        .map((o) => o.id),
    ).toEqual([asks[1], asks[0], asks[2]]);
    expect(models.holdings.top(keyOf('player', p.id))?.userId).toBe(holder);
  });

  it('move every holder’s share value with the mark (docs/rules.md §5), as worked out from scratch from the database', () => {
    const t = testExchange();
    const [a, b, c] = [t.user('a'), t.user('b'), t.user('c')];
    const p = t.player(100);
    const models = t.exchange.readModels();
    const valuation = createValuationRepo(t.db);
    const values = () => {
      const markOf = markOfMap(marksFromScratch(t.db, t.clock.now));
      return [a, b, c].map((u) => [models.shareValueCents(u), valuation.shareValueCents(u, markOf)]);
    };
    t.ok({ type: 'buy', userId: a, instrument: p, shares: 60, priceCents: 100 });
    t.ok({ type: 'buy', userId: b, instrument: p, shares: 40, priceCents: 100 });
    expect(values()).toEqual([
      [6_000, 6_000],
      [4_000, 4_000],
      [0, 0],
    ]);
    // The open market sold out: C buys 5 from A's standing sell at $1.10, then 5 more at $3.00. The
    // median of the day's 10 shares is still $1.10; 6 more at $3.00 make it $3.00.
    t.ok({ type: 'buy', userId: c, instrument: p, shares: 5, priceCents: 200 });
    expect(values().map(([m]) => m)).toEqual([55 * 110, 40 * 110, 5 * 110]);
    t.ok({ type: 'setMinSellPrice', userId: a, instrument: p, priceCents: 300 });
    t.ok({ type: 'setMinSellPrice', userId: b, instrument: p, priceCents: 900 });
    t.ok({ type: 'buy', userId: c, instrument: p, shares: 5, priceCents: 300 });
    expect(values().map(([m]) => m)).toEqual([50 * 110, 40 * 110, 10 * 110]);
    t.ok({ type: 'buy', userId: c, instrument: p, shares: 6, priceCents: 300 });
    expect(values().map(([m]) => m)).toEqual([44 * 300, 40 * 300, 16 * 300]);
    for (const [m, sql] of values()) expect(m).toBe(sql);
    expect(models.topByShareValue(3).map((r) => r.userId)).toEqual([a, b, c]);
  });

  it('move the holders’ share values through a salary change by the shares rescaled and the mark read again, as worked out from scratch', () => {
    const t = testExchange();
    const [a, b, c] = [t.user('a'), t.user('b'), t.user('c')];
    const p = t.player(100);
    const models = t.exchange.readModels();
    const valuation = createValuationRepo(t.db);
    const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
    const values = () => {
      const markOf = markOfMap(marksFromScratch(t.db, t.clock.now));
      return [a, b, c].map((u) => [models.shareValueCents(u), valuation.shareValueCents(u, markOf)]);
    };
    t.ok({ type: 'buy', userId: a, instrument: p, shares: 60, priceCents: 100 });
    t.ok({ type: 'buy', userId: b, instrument: p, shares: 40, priceCents: 100 });
    t.ok({ type: 'setMinSellPrice', userId: a, instrument: p, priceCents: 300 });
    t.ok({ type: 'setMinSellPrice', userId: b, instrument: p, priceCents: 5_000 });
    t.ok({ type: 'buy', userId: c, instrument: p, shares: 6, priceCents: 300 });
    t.ok({ type: 'setMinSellPrice', userId: a, instrument: p, priceCents: 5_000 });
    t.ok({ type: 'setMinSellPrice', userId: b, instrument: p, priceCents: 900 });
    t.ok({ type: 'buy', userId: c, instrument: p, shares: 1, priceCents: 900 });
    // A day later the mark counts the latest trades covering 1% of the shares: 1 share at $9.00.
    t.clock.now += DAY_MS + 1;
    expect(values()).toEqual([
      [54 * 900, 54 * 900],
      [39 * 900, 39 * 900],
      [7 * 900, 7 * 900],
    ]);
    // Ten times the salary: ten times the shares, and 1% is now 10 shares, all 7 traded between users: their median, $3.00.
    expect(admin.changeSalary({ id: null, username: 'test' }, p.id, 1_000).ok).toBe(true);
    expect(values()).toEqual([
      [540 * 300, 540 * 300],
      [390 * 300, 390 * 300],
      [70 * 300, 70 * 300],
    ]);
    expect(admin.changeSalary({ id: null, username: 'test' }, p.id, 100).ok).toBe(true);
    expect(values()).toEqual([
      [54 * 900, 54 * 900],
      [39 * 900, 39 * 900],
      [7 * 900, 7 * 900],
    ]);
    expect(models.topByShareValue(3).map((r) => r.userId)).toEqual([a, b, c]);
  });
});
