import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../db/schema.js';
import { addTrade } from '../../db/test-support/fixtures.js';
import { AUTH_TEXT } from '../../shared/schemas/auth.js';
import type { TradeOut, UserTradeOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import { NOT_YOURSELF } from './guards.js';
import type { AppRouter } from './index.js';

let server: TestServer;
const clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

const get = <T>(path: string, token?: string) => api<T>(server.url, 'GET', path, undefined, token);

describe('GET /trades/recent', () => {
  it('returns the latest 10 trades, newest first, or `limit` of them (1-50)', async () => {
    const p = server.db.select().from(players).where(isNull(players.retiredAt)).limit(1).get()!;
    const [a, b] = [await registerUser(server.url), await registerUser(server.url)];
    const ids = Array.from({ length: 60 }, (_, i) =>
      addTrade(server.db, { instrumentId: p.id, buyerId: a!.id, sellerId: i % 2 ? b!.id : null, shares: i + 1, priceCents: 150, at: clock - 60 + i }),
    );
    const res = await get<TradeOut[]>('/trades/recent');
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.tradeId)).toEqual(ids.slice(-10).reverse());
    expect(res.body[0]).toEqual({
      tradeId: ids[59],
      itemType: 'player',
      itemId: p.id,
      playerId: p.id,
      playerName: p.name,
      teamName: expect.any(String),
      buyer_id: a!.id,
      seller_id: b!.id,
      buyerUsername: a!.username,
      sellerUsername: b!.username,
      shares_transferred: 60,
      price_per_share: 1.5,
      total_value: 90,
      created_at: new Date(clock - 1).toISOString(),
      reason: null,
    });
    expect(res.body[1]).toMatchObject({ seller_id: null, sellerUsername: null });
    expect((await get<TradeOut[]>('/trades/recent?limit=3')).body).toHaveLength(3);
    expect((await get<TradeOut[]>('/trades/recent?limit=50')).body).toHaveLength(50);
    for (const bad of ['0', '51', 'abc', '2.5']) expect((await get(`/trades/recent?limit=${bad}`)).status).toBe(400);
    const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc` })] });
    expect(await trpc.trades.recent.query()).toHaveLength(10);
    expect(await trpc.trades.recent.query({ limit: 5 })).toHaveLength(5);
  });
});

describe('GET /trades/user/{userId}', () => {
  it('returns the caller’s own trades, newest first, marked Bought or Sold', async () => {
    const p = server.db.select().from(players).where(isNull(players.retiredAt)).limit(1).offset(1).get()!;
    const [me, other] = [await registerUser(server.url), await registerUser(server.url)];
    const bought = addTrade(server.db, { instrumentId: p.id, buyerId: me!.id, sellerId: other!.id, shares: 5, priceCents: 300, at: clock - 10 });
    const sold = addTrade(server.db, { instrumentId: p.id, buyerId: other!.id, sellerId: me!.id, shares: 2, priceCents: 400, at: clock - 5 });
    const dumped = addTrade(server.db, { instrumentId: p.id, buyerId: null, sellerId: me!.id, shares: 1, priceCents: 100, at: clock - 1 });
    addTrade(server.db, { instrumentId: p.id, buyerId: other!.id, sellerId: null, shares: 1, priceCents: 100, at: clock });
    const res = await get<UserTradeOut[]>(`/trades/user/${me!.id}`, me!.token);
    expect(res.status).toBe(200);
    expect(res.body.map((t) => [t.tradeId, t.side])).toEqual([
      [dumped, 'Sold'],
      [sold, 'Sold'],
      [bought, 'Bought'],
    ]);
    expect(res.body[0]).toMatchObject({ buyer_id: null, buyerUsername: null, sellerUsername: me!.username, total_value: 1 });
  });

  it('refuses someone else’s trades with 403, no token with 401, a bad id with 400', async () => {
    const [me, other] = [await registerUser(server.url), await registerUser(server.url)];
    expect(await get(`/trades/user/${other!.id}`, me!.token)).toMatchObject({ status: 403, body: { error: NOT_YOURSELF } });
    expect(await get(`/trades/user/${me!.id}`)).toMatchObject({ status: 401, body: { error: AUTH_TEXT.notLoggedIn } });
    expect((await get('/trades/user/abc', me!.token)).status).toBe(400);
  });
});
