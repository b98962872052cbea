import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRosterRepo } from '../../db/repos/roster.js';
import { MARK_WINDOW_MS } from '../../domain/market/mark.js';
import type { InstrumentRef } from '../commands.js';
import { EventBus } from '../events.js';
import { createExchange } from '../exchange.js';
import { commandOf, sideOf, type StepAction } from '../test-support/commands.js';
import { testExchange } from '../test-support/exchange.js';
import { markRowsFromDb, marksFromScratch, markSourceOf } from '../test-support/marks.js';
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
      // Buys take the open market first (and sell it out), then sells between users; dumps refill it.
      action: fc.constantFrom<StepAction>('buy', 'buy', 'buy', 'listOffer', 'dump', 'setMinSellPrice', 'acceptAsk', 'acceptOffer', 'cancelAsk', 'cancelOffer'),
      shares: fc.integer({ min: 1, max: 40 }),
      price: fc.integer({ min: 100, max: 900 }),
      pick: fc.integer({ min: 0, max: 10 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('time' as const),
      ms: fc.constantFrom(1, 60_000, HOUR, 12 * HOUR, MARK_WINDOW_MS - 1, MARK_WINDOW_MS, 25 * HOUR, 3 * MARK_WINDOW_MS),
    }),
  },
);

describe('the marks under random trading and time', () => {
  it('equal the mark worked out from scratch from the database after every step, and after a restart', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
        const t = testExchange();
        const start = t.clock.now;
        // Small contracts, so that open markets sell out, refill, and users trade with each other.
        const players = [t.player(60), t.player(150)];
        const team: InstrumentRef = { kind: 'team', id: createRosterRepo(t.db).playerById(players[0]!.id)!.teamId };
        const items: InstrumentRef[] = [...players, team];
        const keys = items.map((r) => keyOf(r.kind, r.id));
        const users = [0, 1, 2, 3].map((i) => t.user(`m${i}`, 5_000_000));
        // The players' open markets bought out by three holders to begin with: then buys trade between users, and dumps refill them.
        for (const p of players) {
          const salary = createRosterRepo(t.db).playerById(p.id)!.salary;
          for (const [i, part] of [0.4, 0.3, 0.3].entries())
            t.submit({ type: 'buy', userId: users[i]!, instrument: p, shares: Math.round(salary * part), priceCents: 100 });
        }
        const marks = () => items.map((r) => t.exchange.readModels().markOf(r.kind, r.id));
        for (const [i, s] of steps.entries()) {
          // The warm-up's reading of the marks over the season, two trades a page, goes on between the trades.
          t.exchange.readModels().marks.preloadPage(keys[i % keys.length]!, 2);
          if (s.op === 'time') t.clock.now += s.ms;
          else {
            const open = t.openOrders().filter((o) => o.side === sideOf(s.action));
            const orderId = open.length ? open[s.pick % open.length]!.id : 1_000_000;
            t.submit(commandOf(s.action, users[s.user]!, items[s.item]!, s.shares, s.price, orderId));
            t.clock.now += 1_000;
          }
          const scratch = marksFromScratch(t.db, t.clock.now, keys);
          expect(marks()).toEqual(keys.map((k) => scratch.get(k)));
        }
        // The marks over the season read between the trades, and kept up to date since, are those worked out from scratch.
        const kept = t.exchange.readModels().marks;
        for (const k of keys) while (!kept.preloadPage(k, 2));
        const rows = markRowsFromDb(t.db, keys);
        const fromScratch = markSourceOf(rows, t.clock.now);
        for (const k of keys) {
          const probes = [start, ...rows.get(k)!.trades.flatMap((tr) => [tr.at - 1, tr.at, tr.at + 1]), t.clock.now];
          for (const at of probes) expect(kept.markAt(k, at), `${k} at ${at}`).toBe(fromScratch.markAt(k, at));
        }
        // Restarted: a new writer reads the same marks from the database, and they move alike as time passes.
        const restarted = createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now });
        const again = () => items.map((r) => restarted.readModels().markOf(r.kind, r.id));
        // And one whose warm-up read each mark with its season (one read for the mark over time and now), two trades a page.
        const warmed = createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now });
        for (const k of keys) while (!warmed.readModels().marks.preloadPage(k, 2));
        const warm = () => items.map((r) => warmed.readModels().markOf(r.kind, r.id));
        expect(again()).toEqual(marks());
        expect(warm()).toEqual(marks());
        t.clock.now += MARK_WINDOW_MS + 1;
        expect(again()).toEqual(marks());
        expect(warm()).toEqual(marks());
        const scratch = marksFromScratch(t.db, t.clock.now, keys);
        expect(again()).toEqual(keys.map((k) => scratch.get(k)));
        expect(warm()).toEqual(keys.map((k) => scratch.get(k)));
        restarted.close();
        warmed.close();
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
