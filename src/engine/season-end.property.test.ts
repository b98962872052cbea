import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeasonsRepo } from '../db/seasons/seasons-repo.js';
import { createOrderBook } from '../domain/orderbook/index.js';
import { cents } from '../shared/money.js';
import type { InstrumentRef } from './commands.js';
import { bookKey } from './exchange.js';
import { loadBooks } from './recovery.js';
import { endSeason } from './season-end.js';
import { commandOf, sideOf, type StepAction } from './test-support/commands.js';
import { testExchange, type TestExchange } from './test-support/exchange.js';
import { ledgerProblems } from './test-support/invariants.js';
import { markOfMap, marksFromScratch } from './test-support/marks.js';
import { createValuationRepo } from '../db/repos/valuation.js';

const START = cents(1_000_000);

type Step = { user: number; item: number; action: StepAction; shares: number; price: number; pick: number };

const step: fc.Arbitrary<Step> = fc.record({
  user: fc.integer({ min: 0, max: 2 }),
  item: fc.integer({ min: 0, max: 2 }),
  action: fc.constantFrom<StepAction>('buy', 'buy', 'listOffer', 'dump', 'setMinSellPrice', 'acceptAsk', 'acceptOffer', 'cancelAsk', 'cancelOffer'),
  shares: fc.integer({ min: 1, max: 60 }),
  price: fc.integer({ min: 100, max: 400 }),
  pick: fc.integer({ min: 0, max: 10 }),
});

function play(t: TestExchange, users: number[], items: InstrumentRef[], steps: Step[], season: number): void {
  for (const s of steps) {
    const open = t.openOrders().filter((o) => o.side === sideOf(s.action));
    const orderId = open.length ? open[s.pick % open.length]!.id : 1_000_000;
    t.submit(commandOf(s.action, users[s.user]!, items[s.item]!, s.shares, cents(s.price), orderId));
    t.clock.now += 1_000;
    expect(ledgerProblems(t.db, START, season)).toEqual([]);
  }
}

/** What the league holds now, per member: cash (escrow included) and share value at the marks worked out from scratch. */
function heldNow(t: TestExchange, items: InstrumentRef[]) {
  const valuation = createValuationRepo(t.db);
  const markOf = markOfMap(
    marksFromScratch(
      t.db,
      t.clock.now,
      items.map((r) => bookKey(r.kind, r.id)),
    ),
  );
  return t.db.$client
    .prepare<[], { userId: number; cash: number; holdings: number }>(
      `SELECT u.id AS userId,
         u.balance_cents + COALESCE((SELECT SUM(price_cents * shares_remaining) FROM orders o WHERE o.user_id = u.id AND o.side = 'ask' AND o.status = 'open'), 0) AS cash,
         (SELECT COUNT(*) FROM holdings h WHERE h.user_id = u.id) AS holdings
       FROM users u ORDER BY u.id`,
    )
    .all()
    .map((u) => ({ ...u, shareValue: valuation.shareValueCents(u.userId, markOf) }));
}

describe('seasons under random trading', () => {
  it('conserve money and shares within each season, and archive what the league held when it closed', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), fc.array(step, { maxLength: 25 }), (first, second) => {
        const t = testExchange();
        const [p1, p2] = t.players(120, 60) as [InstrumentRef, InstrumentRef];
        const items: InstrumentRef[] = [p1, p2, { kind: 'team', id: 1 }];
        const users = [0, 1, 2].map((i) => t.user(`s${i}`, START));
        play(t, users, items, first, 1);

        const before = heldNow(t, items);
        const tradesBefore = t.trades();
        const ended = endSeason(t.exchange, t.db, START);
        if (!ended.ok) throw new Error(ended.error.message);
        const { archive } = ended.value;
        expect(ended.value.number).toBe(1);
        // The archive's totals are what the league held the moment it closed.
        for (const b of before) {
          const s = archive.standings.find((x) => x.userId === b.userId)!;
          expect({ cash: s.cashCents, shareValue: s.shareValueCents, total: s.totalCents, holdings: s.holdings.length }).toEqual({
            cash: b.cash,
            shareValue: b.shareValue,
            total: b.cash + b.shareValue,
            holdings: b.holdings,
          });
        }
        // Ranked by share value (the default rule), equal figures sharing a place.
        const ranked = [...before].sort((a, b) => b.shareValue - a.shareValue || a.userId - b.userId);
        const place = (v: number) => 1 + before.filter((b) => b.shareValue > v).length;
        expect(archive.standings.map((s) => [s.rank, s.userId, s.tied])).toEqual(
          ranked.map((b) => [place(b.shareValue), b.userId, before.filter((o) => o.shareValue === b.shareValue).length > 1]),
        );
        expect(archive.tradeCount).toBe(tradesBefore.length);
        expect(archive.volumeCents).toBe(tradesBefore.reduce((sum, tr) => sum + tr.shares * tr.priceCents, 0));

        // Season 2 starts fresh: starting cash, no holdings, no orders, every share in the open market, no prices.
        expect(createSeasonsRepo(t.db).current().number).toBe(2);
        expect(t.openOrders()).toEqual([]);
        expect(t.allUsers().map((u) => u.balanceCents)).toEqual(users.map(() => START));
        expect([t.remaining(p1), t.remaining(p2)]).toEqual([120, 60]);
        expect(t.exchange.readModels().topByShareValue(10)).toEqual([]);
        expect(ledgerProblems(t.db, START, 2)).toEqual([]);

        play(t, users, items, second, 2);
        const rebuilt = loadBooks(t.ledger, t.clock.now, createOrderBook, new Set(items.map((r) => bookKey(r.kind, r.id))));
        for (const r of items) expect(t.exchange.book(r)!.snapshot()).toEqual(rebuilt.get(bookKey(r.kind, r.id))!.snapshot());
      }),
      // Two seasons of up to 25 steps each: a few seconds on a busy 2-core machine, within the default limit.
      { numRuns: 20 },
    );
  });
});
