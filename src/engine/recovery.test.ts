import { describe, expect, it } from 'vitest';
import { createMarketStateRepo } from '../db/repos/market-state.js';
import { createOrderBook } from '../domain/orderbook/index.js';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { loadBooks, MarketStateLoader, readMarketState } from './recovery.js';
import { testExchange } from './test-support/exchange.js';
import { DAY_MS } from './read-models/trade-windows.js';
import { expectModelsEqualSql } from './test-support/read-models.js';
import type { InstrumentKind } from '../shared/instrument.js';

/** A little market: holdings of players and a team, open asks and offers, trades over a week. */
function market() {
  const t = testExchange();
  const players = [t.player(40), t.player(60)];
  const team = { kind: 'team' as const, id: 1 };
  const users = [0, 1, 2, 3].map((i) => t.user(`u${i}`));
  for (const [i, userId] of users.entries()) {
    for (const p of players) {
      t.ok({ type: 'buy', userId, instrument: p, shares: 5 + i, priceCents: 100 });
      t.clock.now += 3_600_000;
    }
    t.ok({ type: 'buy', userId, instrument: team, shares: 10, priceCents: 100 });
  }
  t.ok({ type: 'listOffer', userId: users[0]!, instrument: players[0]!, shares: 2, priceCents: 300 });
  t.ok({ type: 'buy', userId: users[1]!, instrument: players[1]!, shares: 3, priceCents: 105 });
  t.ok({ type: 'buy', userId: users[2]!, instrument: players[0]!, shares: 50, priceCents: 250 });
  return { t, items: [...players, team], users };
}

describe('the market state read a page at a time', () => {
  it('is the state read at once', () => {
    const { t } = market();
    const repo = createMarketStateRepo(t.db);
    const loader = new MarketStateLoader(repo, t.clock.now, 3);
    let steps = 0;
    while (!loader.step()) steps++;
    expect(steps).toBeGreaterThan(5);
    expect(loader.state).toEqual(readMarketState(repo, t.clock.now));
  });

  it('warms an exchange up to the same read models, and is finished at once by the first call that needs it', async () => {
    const { t, items, users } = market();
    const warmed = createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now });
    await warmed.warmUp();
    expect(warmed.readModels().statistics(t.clock.now, 10)).toEqual(t.exchange.readModels().statistics(t.clock.now, 10));
    // Every book in play built (an open order or a holder), each as one rebuilt from the database; the
    // others are built on first use, the same.
    const rebuilt = loadBooks(t.ledger, t.clock.now, createOrderBook);
    const inPlay = t.db.$client
      .prepare<[], { k: string }>(
        `SELECT instrument || ':' || instrument_id AS k FROM orders WHERE status = 'open'
         UNION SELECT instrument || ':' || instrument_id FROM holdings`,
      )
      .all()
      .map((r) => r.k);
    expect(inPlay.length).toBeGreaterThan(0);
    expect(inPlay.length).toBeLessThan(rebuilt.size);
    expect(warmed.bookKeys().sort()).toEqual(inPlay.filter((k) => rebuilt.has(k)).sort());
    for (const [key, book] of rebuilt) {
      const [kind, id] = key.split(':') as [InstrumentKind, string];
      expect(warmed.book({ kind, id: Number(id) })!.snapshot()).toEqual(book.snapshot());
    }
    const cold = createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now });
    expect(cold.submitNow({ type: 'buy', userId: users[3]!, instrument: items[1]!, shares: 1, priceCents: 900 })).toMatchObject({ ok: true });
    expectModelsEqualSql({ ...t, exchange: cold }, items, users);
  });

  it('says when every mark is read, so that a list of every instrument can wait for it; and says so too when it stops early', async () => {
    const { t } = market();
    const warmed = createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now });
    expect(warmed.marksRead()).toBeNull();
    const all = warmed.warmUp();
    const marks = warmed.marksRead();
    expect(marks).toBeInstanceOf(Promise);
    const weekAgo = t.clock.now - 7 * DAY_MS;
    await marks;
    const models = warmed.readModels();
    expect(models.instruments.keys().filter((k) => !models.marks.hasLineFrom(k, weekAgo))).toEqual([]);
    await all;
    expect(warmed.marksRead()).toBeNull();

    const stopped = createExchange({ db: t.db, bus: new EventBus(), now: () => t.clock.now });
    void stopped.warmUp();
    const waiting = stopped.marksRead()!;
    stopped.stop();
    await waiting;
    expect(stopped.marksRead()).toBeNull();
  });
});

