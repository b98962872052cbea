import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminSteps, commandOf, sideOf, tradeStep, type AdminStep, type TradeStep } from '../test-support/commands.js';
import { testExchange, tradedLeague } from '../test-support/exchange.js';
import { expectModelsEqualSql } from '../test-support/read-models.js';
import { keyOf } from './instruments.js';

type Step = TradeStep | AdminStep | { op: 'time'; ms: number };

const HOUR = 3_600_000;
const step: fc.Arbitrary<Step> = fc.oneof({ weight: 14, arbitrary: tradeStep }, ...adminSteps, {
  weight: 3,
  arbitrary: fc.record({ op: fc.constant('time' as const), ms: fc.constantFrom(1, 60_000, HOUR, 20 * HOUR, 3 * 24 * HOUR) }),
});

describe('the read models under random trading, admin changes and time', () => {
  it('equal a recomputation from the database after every step', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 4, maxLength: 25, size: 'max' }), (steps) => {
        const t = testExchange();
        // Small contracts, so that open markets sell out and users trade with each other; three holders of each player to begin with.
        const { items, users, adminChange } = tradedLeague(t);
        for (const s of steps) {
          if (s.op === 'time') {
            t.clock.now += s.ms;
          } else if (s.op === 'salary' || s.op === 'retire') {
            adminChange(s.item, s);
          } else {
            const ref = items[s.item]!;
            const userId = users[s.user]!;
            const open = t.openOrders().filter((o) => o.side === sideOf(s.action));
            const orderId = open.length ? open[s.pick % open.length]!.id : 1_000_000;
            t.submit(commandOf(s.action, userId, ref, s.shares, s.price, orderId));
            t.clock.now += 1_000;
          }
          expectModelsEqualSql(t, items, users);
        }
      }),
      // Up to 25 steps each, every figure recomputed in SQL after each: a few seconds on a busy 2-core
      // machine, within the default limit.
      { numRuns: 10 },
    );
  });

  it('are rebuilt from the database after rows written behind the exchange’s back', () => {
    const t = testExchange();
    const p = t.player(100);
    const holder = t.user('holder');
    const other = t.user('other');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 40, priceCents: 100 });
    expect(t.exchange.readModels().holdings.holderCount(keyOf('player', p.id))).toBe(1);
    t.db.$client
      .prepare(
        `INSERT INTO holdings (user_id, instrument, instrument_id, shares, cost_basis_cents, min_sell_price_cents, min_sell_seq) VALUES (?, 'player', ?, 10, 1000, 500, 1)`,
      )
      .run(other, p.id);
    t.db.$client.prepare('UPDATE players SET shares_remaining = shares_remaining - 10 WHERE id = ?').run(p.id);
    const models = t.exchange.readModels();
    expect(models.holdings.holders(keyOf('player', p.id)).map((h) => [h.userId, h.shares])).toEqual([
      [holder, 40],
      [other, 10],
    ]);
    expect(models.instruments.get('player', p.id)!.remaining).toBe(50);
    // The books too: the new holder's standing sell fills a bid at its price.
    const bidder = t.user('bidder');
    expect(t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 60, priceCents: 500 }).fills.map((f) => [f.sellerId, f.shares])).toEqual([
      [null, 50],
      [holder, 10],
    ]);
  });
});
