import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortfolioHistoryRepo } from '../../db/repos/portfolio-history.js';
import { createValuationRepo } from '../../db/repos/valuation.js';
import { markAt } from '../../domain/market/mark.js';
import { replayValueHistory } from '../../domain/market/value-history.js';
import { markOfMap, markRowsFromDb, markSourceOf } from '../../engine/test-support/marks.js';
import { centsToDollars } from '../../shared/money.js';
import type { PortfolioHistoryOut } from '../../shared/schemas/account.js';
import type { PlayerOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

describe('a portfolio’s chart, kept while the market stands still', () => {
  it('answers the same points again, with the point for now moving on, and every trade after', async () => {
    const player = (await api<PlayerOut[]>(server.url, 'GET', '/players')).body.sort((a, b) => a.salary - b.salary)[0]!;
    const [alice, bob] = [await registerUser(server.url), await registerUser(server.url)];
    const post = (path: string, body: unknown, token: string) => api(server.url, 'POST', path, body, token);
    expect((await post('/trade/ask', { userId: alice.id, playerId: player.id, shares: player.salary, pricePerShare: 1 }, alice.token)).status).toBe(200);
    clock += 60_000;
    const history = async () => (await api<PortfolioHistoryOut>(server.url, 'GET', `/portfolio/${alice.id}/history`)).body.points;
    const first = await history();
    clock += 60_000;
    const again = await history();
    expect(again.slice(0, -1)).toEqual(first.slice(0, -1));
    expect(again.at(-1)).toEqual({ ...first.at(-1)!, at: new Date(clock).toISOString() });

    // Bob buys from Alice's standing sell ($1.10): a point of hers, and her shares' value moves.
    expect((await post('/trade/ask', { userId: bob.id, playerId: player.id, shares: 10, pricePerShare: 2 }, bob.token)).status).toBe(200);
    clock += 60_000;
    const after = await history();
    expect(after).toHaveLength(first.length + 1);
    expect(after.at(-1)!.totalValue).toBe((await api<{ totalValue: number }>(server.url, 'GET', `/portfolio/${alice.id}`)).body.totalValue);
    expect(after.at(-1)!.totalValue).not.toBe(first.at(-1)!.totalValue);
  });
});

describe('a portfolio’s chart while others trade', () => {
  /** The chart worked out afresh: its rows from the database, replayed with the marks worked out from scratch. */
  const fresh = (userId: number) => {
    const marks = markRowsFromDb(server.db);
    const markOf = markOfMap(new Map([...marks].map(([key, r]) => [key, markAt(r.trades, r.openMarket, r.terms, clock)])));
    const valuation = createValuationRepo(server.db);
    const holdings = server.db.$client
      .prepare<[number], { instrument: 'player' | 'team'; instrumentId: number; shares: number }>(
        'SELECT instrument, instrument_id AS instrumentId, shares FROM holdings WHERE user_id = ?',
      )
      .all(userId);
    const cash = server.db.$client.prepare<[number], { b: number }>('SELECT balance_cents AS b FROM users WHERE id = ?').get(userId)!.b;
    const rows = createPortfolioHistoryRepo(server.db).rows(userId, [])!;
    const portfolio = { cashCents: cash + valuation.escrowCents(userId), shareValueCents: valuation.shareValueCents(userId, markOf), holdings };
    return replayValueHistory({ ...rows, now: clock, portfolio }, markSourceOf(marks, clock)).map((p) => ({
      at: new Date(p.at).toISOString(),
      cash: centsToDollars(p.cashCents),
      shareValue: centsToDollars(p.shareValueCents),
      totalValue: centsToDollars(p.totalValueCents),
    }));
  };

  it('keeps its past through trades after its last point, and follows one at that very millisecond', async () => {
    const player = (await api<PlayerOut[]>(server.url, 'GET', '/players')).body.sort((a, b) => a.salary - b.salary)[1]!;
    const [alice, bob, carol] = [await registerUser(server.url), await registerUser(server.url), await registerUser(server.url)];
    const ask = async (user: { id: number; token: string }, shares: number, pricePerShare: number) =>
      expect((await api(server.url, 'POST', '/trade/ask', { userId: user.id, playerId: player.id, shares, pricePerShare }, user.token)).status).toBe(200);
    const history = async () => (await api<PortfolioHistoryOut>(server.url, 'GET', `/portfolio/${alice.id}/history`)).body.points;

    // Bob, then Alice, buy every share the league sells: their standing sells ($1.10) queue in that order.
    await ask(bob, player.salary - 20, 1);
    clock += 60_000;
    const aliceBought = clock;
    await ask(alice, 20, 1);
    clock += 60_000;
    const first = await history();
    expect(first).toEqual(fresh(alice.id));
    expect(first.at(-2)!.at).toBe(new Date(aliceBought).toISOString());

    // Carol buys from Bob's standing sell later: a price, but after Alice's last point.
    clock += 60_000;
    await ask(carol, 5, 2);
    const later = await history();
    expect(later).toEqual(fresh(alice.id));
    expect(later.slice(0, -1)).toEqual(first.slice(0, -1));
    expect(later.at(-1)!.shareValue).toBe(22);

    // A trade stamped with the millisecond of Alice's purchase prices her holding at that point.
    const now = clock;
    clock = aliceBought;
    await ask(carol, 5, 2);
    clock = now;
    const same = await history();
    expect(same).toEqual(fresh(alice.id));
    expect(same.at(-2)!.shareValue).toBe(22);
    expect(first.at(-2)!.shareValue).toBe(20);
  });
});
