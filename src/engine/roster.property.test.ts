import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRosterRepo } from '../db/repos/roster.js';
import { createOrderBook } from '../domain/orderbook/index.js';
import { createAdmin } from './admin.js';
import type { InstrumentRef } from './commands.js';
import { bookKey, TEAM_LOCK_MS } from './exchange.js';
import { OpenOrderTally } from './open-order-tally.js';
import { loadBooks } from './recovery.js';
import { commandOf, sideOf } from './test-support/commands.js';
import { testExchange } from './test-support/exchange.js';
import { ledgerProblems } from './test-support/invariants.js';

type Step =
  | {
      op: 'trade';
      user: number;
      item: number;
      action: 'buy' | 'listOffer' | 'dump' | 'setMinSellPrice' | 'acceptAsk' | 'acceptOffer' | 'cancelAsk' | 'cancelOffer';
      shares: number;
      price: number;
      pick: number;
    }
  | { op: 'salary'; item: number; factor: number }
  | { op: 'retire'; item: number }
  | { op: 'draft' }
  | { op: 'time' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      op: fc.constant('trade' as const),
      user: fc.integer({ min: 0, max: 3 }),
      item: fc.integer({ min: 0, max: 3 }),
      action: fc.constantFrom(
        'buy' as const,
        'buy' as const,
        'listOffer' as const,
        'dump' as const,
        'setMinSellPrice' as const,
        'acceptAsk' as const,
        'acceptOffer' as const,
        'cancelAsk' as const,
        'cancelOffer' as const,
      ),
      shares: fc.integer({ min: 1, max: 80 }),
      price: fc.integer({ min: 100, max: 400 }),
      pick: fc.integer({ min: 0, max: 10 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('salary' as const), item: fc.integer({ min: 0, max: 1 }), factor: fc.constantFrom(0.5, 0.9, 1.3, 3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('retire' as const), item: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'draft' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'time' as const }) },
);

describe('the market under random trading and roster changes (salaries, retirements, the draft)', () => {
  it('keeps every conservation invariant, for players and teams, and the books equal to the database', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 30 }), (steps) => {
        const t = testExchange();
        const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
        const roster = createRosterRepo(t.db);
        const [p1, p2] = t.players(120, 60) as [InstrumentRef, InstrumentRef];
        const teamOf = (r: InstrumentRef): InstrumentRef => ({ kind: 'team', id: roster.playerById(r.id)!.teamId });
        const west = roster.allTeams().find((x) => x.conference === 'West')!;
        const items: InstrumentRef[] = [p1, p2, teamOf(p1), { kind: 'team', id: west.id }];
        const users = [0, 1, 2, 3].map((i) => t.user(`u${i}`));
        for (const s of steps) {
          if (s.op === 'trade') {
            const ref = items[s.item]!;
            const userId = users[s.user]!;
            const open = t.openOrders().filter((o) => o.side === sideOf(s.action));
            const orderId = open.length ? open[s.pick % open.length]!.id : 1_000_000;
            t.submit(commandOf(s.action, userId, ref, s.shares, s.price, orderId));
          } else if (s.op === 'salary') {
            const p = roster.playerById(items[s.item]!.id)!;
            if (p.retiredAt === null) admin.changeSalary({ id: null, username: 'prop' }, p.id, Math.max(1, Math.round(p.salary * s.factor)));
          } else if (s.op === 'retire') {
            if (roster.playerById(items[s.item]!.id)!.retiredAt === null) admin.retire({ id: null, username: 'prop' }, items[s.item]!.id);
          } else if (s.op === 'draft') {
            admin.draft({ id: null, username: 'prop' });
          } else {
            t.clock.now += TEAM_LOCK_MS;
            t.exchange.releaseLocks();
          }
          t.clock.now += 1_000;
          expect(ledgerProblems(t.db)).toEqual([]);
          const live = items.filter((r) => r.kind === 'team' || roster.playerById(r.id)!.retiredAt === null);
          const rebuilt = loadBooks(t.ledger, t.clock.now, createOrderBook, new Set(live.map((r) => bookKey(r.kind, r.id))));
          for (const r of live) expect(t.exchange.book(r)!.snapshot()).toEqual(rebuilt.get(bookKey(r.kind, r.id))!.snapshot());
          expect(t.exchange.openOrderTally().entries()).toEqual(OpenOrderTally.of(rebuilt).entries());
        }
      }),
      // Up to 30 steps each, every invariant and book checked after each (a draft adds 60 players): a few
      // seconds on a busy 2-core machine, within the default limit.
      { numRuns: 12 },
    );
  });
});
