import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminSteps, commandOf, sideOf, tradeStep, type AdminStep, type TradeStep } from '../../engine/test-support/commands.js';
import { testExchange, tradedLeague } from '../../engine/test-support/exchange.js';
import { marketGlanceOut, type PlayerOut } from '../../shared/schemas/market.js';
import { encodingOf } from '../encoded-answers.js';
import { buildGlance, KeptGlance } from './glance.js';
import { playerRows, sharedPlayerLists, type SharedPlayerList } from './player-list.js';

type Step = TradeStep | AdminStep | { op: 'newPlayer' } | { op: 'time'; ms: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 14, arbitrary: tradeStep },
  ...adminSteps,
  { weight: 1, arbitrary: fc.constant({ op: 'newPlayer' as const }) },
  // Past a trend's 4-hour step, a trade's 24 hours, a mark's window; a second, which changes none of them; a clock set back an hour.
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant('time' as const), ms: fc.constantFrom(1_000, 60_000, HOUR, 4 * HOUR, 20 * HOUR, DAY + 1, 3 * DAY, -HOUR) }),
  },
);

/** The JSON bytes an answer is sent as. */
const bytesOf = (answer: object) => Buffer.concat(encodingOf(answer)!).toString('utf8');

describe('the glance and the players list kept row by row', () => {
  it('equal a build from scratch after every step of random trading, admin changes and time, and the list says exactly which rows changed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(step, fc.boolean()), { minLength: 4, maxLength: 20, size: 'max' }),
        // Several pages reading between two changes: the later reads find nothing changed, or read the weeks of marks an earlier one could not.
        fc.integer({ min: 1, max: 2 }),
        (steps, reads) => {
          const t = testExchange();
          const { items, users, adminChange } = tradedLeague(t);
          const glance = new KeptGlance();
          const lists = sharedPlayerLists();
          let before: { list: SharedPlayerList; rows: PlayerOut[] } | null = null;
          for (const [s, readsMarks] of steps) {
            if (s.op === 'time') {
              t.clock.now += s.ms;
            } else if (s.op === 'newPlayer') {
              t.player(40);
            } else if (s.op === 'salary' || s.op === 'retire') {
              adminChange(s.item, s);
            } else {
              const open = t.openOrders().filter((o) => o.side === sideOf(s.action));
              const orderId = open.length ? open[s.pick % open.length]!.id : 1_000_000;
              t.submit(commandOf(s.action, users[s.user]!, items[s.item]!, s.shares, s.price, orderId));
              t.clock.now += 1_000;
            }
            const m = t.exchange.readModels();
            for (let r = 0; r < reads; r++) {
              // A server warming up reads no week of marks (a budget of 0) in some builds: provisional rows then, in both builds alike.
              const budget = readsMarks || r > 0 ? Number.POSITIVE_INFINITY : 0;
              const kept = glance.build(m, t.clock.now, budget);
              const full = buildGlance(m, t.clock.now, budget);
              expect(kept.answer).toEqual(full.answer);
              expect(Buffer.concat(kept.encoding()).toString('utf8')).toBe(JSON.stringify(full.answer));
              expect(kept.until).toBe(full.until);
              expect(marketGlanceOut.parse(kept.answer)).toEqual(kept.answer);

              const list = lists.list(m);
              const rows = playerRows(m, null);
              expect(list.rows).toEqual(rows);
              expect(bytesOf(list.rows)).toBe(JSON.stringify(rows));
              if (before && list !== before.list) {
                const sameOrder = before.rows.length === rows.length && before.rows.every((row, i) => row.id === rows[i]!.id);
                const differ = rows.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before!.rows[i])).map((row) => row.id);
                expect(list.changed).toEqual(sameOrder ? differ : null);
              }
              before = { list, rows };
            }
          }
        },
      ),
      // Up to 20 steps each, every glance and list built from scratch after each: a few seconds on a busy 2-core machine.
      { numRuns: 20 },
    );
  });

  it('build again the rows of a mark that moves with time alone (a share left in the open market for a day)', () => {
    const t = testExchange();
    const p = t.player(1_000);
    const [ann, ben, cat, dan] = ['ann', 'ben', 'cat', 'dan'].map((n) => t.user(n)) as [number, number, number, number];
    t.ok({ type: 'buy', userId: ann, instrument: p, shares: 500, priceCents: 100 });
    t.ok({ type: 'buy', userId: ben, instrument: p, shares: 300, priceCents: 100 });
    t.ok({ type: 'buy', userId: cat, instrument: p, shares: 200, priceCents: 100 });
    for (const u of [ann, ben, cat]) t.ok({ type: 'setMinSellPrice', userId: u, instrument: p, priceCents: 5_000 });
    // Sold out, then a day's trades between users around $5.00: the mark is theirs.
    for (const [seller, shares, price] of [
      [ben, 100, 500],
      [cat, 80, 520],
      [ben, 120, 480],
    ] as const) {
      t.clock.now += HOUR;
      t.ok({ type: 'listOffer', userId: seller, instrument: p, shares, priceCents: price });
      t.ok({ type: 'buy', userId: dan, instrument: p, shares, priceCents: price });
    }
    t.ok({ type: 'dump', userId: ann, instrument: p, shares: 1 });
    const m = t.exchange.readModels();
    const glance = new KeptGlance();
    const lists = sharedPlayerLists();
    const first = lists.list(m);
    glance.build(m, t.clock.now, Number.POSITIVE_INFINITY);
    const row = () => first.rows.find((r) => r.id === p.id)!;
    expect(row().current_price).toBe(5);
    // A day on, nothing written since: the share left in the open market all day brings the mark back to $1.00.
    t.clock.now += DAY;
    const later = lists.list(m);
    expect(later.rows).toEqual(playerRows(m, null));
    expect(later.rows.find((r) => r.id === p.id)!.current_price).toBe(1);
    expect(later.changed).toEqual([p.id]);
    const kept = glance.build(m, t.clock.now, Number.POSITIVE_INFINITY);
    expect(Buffer.concat(kept.encoding()).toString('utf8')).toBe(JSON.stringify(buildGlance(m, t.clock.now, Number.POSITIVE_INFINITY).answer));
    expect(kept.answer.rows.find((r) => r.kind === 'player' && r.id === p.id)!.mark).toBe(1);
  });
});
