import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRosterRepo } from '../../db/repos/roster.js';
import { markAt } from '../../domain/market/mark.js';
import { TREND_DAY_MS, changeBasisPoints, sparkTimes, type Trend } from '../../domain/market/trend.js';
import type { InstrumentRef } from '../commands.js';
import { EventBus } from '../events.js';
import { createExchange, type Exchange } from '../exchange.js';
import { commandOf, sideOf, type StepAction } from '../test-support/commands.js';
import { testExchange } from '../test-support/exchange.js';
import { markRowsFromDb } from '../test-support/marks.js';
import { keyOf } from './instruments.js';

const HOUR = 3_600_000;
type Step = { op: 'trade'; user: number; item: number; action: StepAction; shares: number; price: number; pick: number } | { op: 'time'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      op: fc.constant('trade' as const),
      user: fc.integer({ min: 0, max: 3 }),
      item: fc.integer({ min: 0, max: 2 }),
      action: fc.constantFrom<StepAction>('buy', 'buy', 'buy', 'listOffer', 'dump', 'setMinSellPrice', 'acceptAsk', 'acceptOffer', 'cancelAsk', 'cancelOffer'),
      shares: fc.integer({ min: 1, max: 40 }),
      price: fc.integer({ min: 100, max: 900 }),
      pick: fc.integer({ min: 0, max: 10 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('time' as const),
      ms: fc.constantFrom(1, 60_000, HOUR, 4 * HOUR - 1, 4 * HOUR, 12 * HOUR, TREND_DAY_MS, 25 * HOUR, 3 * TREND_DAY_MS, 8 * TREND_DAY_MS),
    }),
  },
);

/** Every instrument's trend at `now`, from scratch: `markAt` over the rows read from the database with SQL alone. */
function trendsFromScratch(t: ReturnType<typeof testExchange>, keys: readonly string[]): Trend[] {
  const rows = markRowsFromDb(t.db, keys);
  const now = t.clock.now;
  return keys.map((k) => {
    const r = rows.get(k)!;
    const at = (time: number) => markAt(r.trades, r.openMarket, r.terms, time);
    const spark = sparkTimes(now).map(at);
    const dayAgoCents = at(now - TREND_DAY_MS);
    const markCents = at(now);
    return { dayAgoCents, markCents, changeBp: changeBasisPoints(dayAgoCents, markCents), spark };
  });
}

const keptTrends = (exchange: Exchange, items: readonly InstrumentRef[], now: number): Trend[] =>
  items.map((r) => exchange.readModels().trendOf(r.kind, r.id, now).trend);

describe('the kept 24-hour changes and sparklines under random trading and time', () => {
  it('equal those worked out from scratch from the database after every step, and after a restart', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 30 }), (steps) => {
        const t = testExchange();
        const players = [t.player(60), t.player(150)];
        const team: InstrumentRef = { kind: 'team', id: createRosterRepo(t.db).playerById(players[0]!.id)!.teamId };
        const items: InstrumentRef[] = [...players, team];
        const keys = items.map((r) => keyOf(r.kind, r.id));
        const users = [0, 1, 2, 3].map((i) => t.user(`m${i}`, 5_000_000));
        for (const p of players) {
          const salary = createRosterRepo(t.db).playerById(p.id)!.salary;
          for (const [i, part] of [0.4, 0.3, 0.3].entries())
            t.submit({ type: 'buy', userId: users[i]!, instrument: p, shares: Math.round(salary * part), priceCents: 100 });
        }
        // Read once before trading: from then on the trends are kept, not read again.
        expect(keptTrends(t.exchange, items, t.clock.now)).toEqual(trendsFromScratch(t, keys));
        for (const s of steps) {
          if (s.op === 'time') t.clock.now += s.ms;
          else {
            const open = t.openOrders().filter((o) => o.side === sideOf(s.action));
            const orderId = open.length ? open[s.pick % open.length]!.id : 1_000_000;
            t.submit(commandOf(s.action, users[s.user]!, items[s.item]!, s.shares, s.price, orderId));
            t.clock.now += 1_000;
          }
          expect(keptTrends(t.exchange, items, t.clock.now)).toEqual(trendsFromScratch(t, keys));
        }
        // A new writer (a restart) builds the same trends from the database, and keeps them alike as time passes.
        const restarted = createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now });
        expect(keptTrends(restarted, items, t.clock.now)).toEqual(keptTrends(t.exchange, items, t.clock.now));
        t.clock.now += 5 * HOUR;
        expect(keptTrends(restarted, items, t.clock.now)).toEqual(trendsFromScratch(t, keys));
        expect(keptTrends(t.exchange, items, t.clock.now)).toEqual(trendsFromScratch(t, keys));
        restarted.close();
      }),
      { numRuns: 30 },
    );
  }, 180_000);

  it('are worked out again only for the instruments whose mark moved, or when their time runs out', () => {
    const t = testExchange();
    const players = [t.player(60), t.player(150), t.player(90)];
    const [a, b] = [t.user('a', 5_000_000), t.user('b', 5_000_000)];
    const m = () => t.exchange.readModels();
    const read = () => players.forEach((p) => m().trendOf(p.kind, p.id, t.clock.now));
    read();
    const first = m().trends.computed;
    expect(first).toBe(3);
    read();
    expect(m().trends.computed).toBe(first);
    // a buys the whole open market of the first player, then sells to b: only that player's mark moves.
    t.submit({ type: 'buy', userId: a, instrument: players[0]!, shares: 60, priceCents: 100 });
    t.clock.now += 1_000;
    t.submit({ type: 'listOffer', userId: a, instrument: players[0]!, shares: 10, priceCents: 400 });
    t.submit({ type: 'buy', userId: b, instrument: players[0]!, shares: 10, priceCents: 400 });
    read();
    const afterTrade = m().trends.computed;
    expect(afterTrade - first).toBeGreaterThanOrEqual(1);
    expect(afterTrade - first).toBeLessThanOrEqual(2);
    read();
    expect(m().trends.computed).toBe(afterTrade);
    t.clock.now += 4 * HOUR;
    read();
    expect(m().trends.computed).toBe(afterTrade + 3);
  });
});
