import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declinedAsks, players, teams } from '../../db/schema.js';
import { addOrder, addTrade, holdPlayer, holdTeam, setLastTradePrice } from '../../db/test-support/fixtures.js';
import { AUTH_TEXT } from '../../shared/schemas/auth.js';
import type { AskOut, MarketDetail, MyOrders, OfferOut, PlayerOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import { NOT_YOURSELF } from './guards.js';
import type { AppRouter } from './index.js';

let server: TestServer;
const clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

type User = Awaited<ReturnType<typeof registerUser>>;
const get = <T>(path: string, token?: string) => api<T>(server.url, 'GET', path, undefined, token);

/** Distinct active players of the seeded league, a fresh one per call, so tests do not share books. */
let nextPlayer = 0;
function freshPlayer() {
  const all = server.db.select().from(players).where(isNull(players.retiredAt)).orderBy(players.id).all();
  const p = all[nextPlayer++];
  if (!p) throw new Error('out of players');
  return p;
}
function teamOf(teamId: number) {
  return server.db.select().from(teams).where(eq(teams.id, teamId)).get()!;
}

describe('GET /players', () => {
  it('lists every active player with the fields of docs/api.md §3, in dollars, owned 0 when anonymous', async () => {
    const p = freshPlayer();
    const alice = await registerUser(server.url);
    holdPlayer(server.db, alice.id, p.id, 1_000, 1_000);
    setLastTradePrice(server.db, p.id, 250);
    const res = await get<PlayerOut[]>('/players');
    expect(res.status).toBe(200);
    const active = server.db.select().from(players).where(isNull(players.retiredAt)).all().length;
    expect(res.body).toHaveLength(active);
    expect(active).toBeGreaterThan(400);
    const row = res.body.find((r) => r.id === p.id);
    expect(row).toEqual({
      id: p.id,
      name: p.name,
      team_name: teamOf(p.teamId).name,
      team_code: teamOf(p.teamId).code,
      salary: p.salary,
      total_shares: p.salary,
      shares_available: p.salary - 1_000,
      shares_remaining: p.salary - 1_000,
      total_distributed: 1_000,
      shareholder_count: 1,
      last_trade_price: 2.5,
      // The open market still sells: shares are worth $1.00 whatever the last trade said.
      current_price: 1,
      restricted_until: null,
      owned: 0,
      retiredAt: null,
    });
  });

  it('says how many shares the signed-in caller owns', async () => {
    const p = freshPlayer();
    const bob = await registerUser(server.url);
    holdPlayer(server.db, bob.id, p.id, 77, 77);
    const res = await get<PlayerOut[]>('/players', bob.token);
    expect(res.body.find((r) => r.id === p.id)?.owned).toBe(77);
    const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${bob.token}` } })] });
    expect((await trpc.market.players.query()).find((r) => r.id === p.id)?.owned).toBe(77);
  });

  it('leaves out retired players and shows a rookie restriction as an ISO time', async () => {
    const retired = freshPlayer();
    const rookie = freshPlayer();
    server.db.update(players).set({ retiredAt: clock }).where(eq(players.id, retired.id)).run();
    server.db
      .update(players)
      .set({ restrictedUntil: Date.UTC(2030, 0, 1) })
      .where(eq(players.id, rookie.id))
      .run();
    // Changes written behind the exchange's back announce themselves, as every real change does.
    server.services.bus.publish([{ type: 'marketUpdated', userId: null, itemType: 'player', itemId: rookie.id }]);
    const res = await get<PlayerOut[]>('/players');
    expect(res.body.find((r) => r.id === retired.id)).toBeUndefined();
    expect(res.body.find((r) => r.id === rookie.id)?.restricted_until).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('GET /players/{id}/shareholders', () => {
  it('returns the player and its holders, most shares first, with percent owned', async () => {
    const p = freshPlayer();
    const [a, b] = [await registerUser(server.url), await registerUser(server.url)] as [User, User];
    holdPlayer(server.db, a.id, p.id, 1_000, 100_000, 150);
    holdPlayer(server.db, b.id, p.id, 2_000, 200_000, 275);
    const res = await get<{ player: PlayerOut; shareholders: unknown[] }>(`/players/${p.id}/shareholders`);
    expect(res.status).toBe(200);
    expect(res.body.player).toMatchObject({ id: p.id, shareholder_count: 2, total_distributed: 3_000 });
    expect(res.body.shareholders).toEqual([
      { user_id: b.id, username: b.username, shares_owned: 2_000, min_sell_price: 2.75, percent_owned: (2_000 / p.salary) * 100 },
      { user_id: a.id, username: a.username, shares_owned: 1_000, min_sell_price: 1.5, percent_owned: (1_000 / p.salary) * 100 },
    ]);
  });

  it('answers 404 for an unknown player and 400 for a bad id', async () => {
    expect(await get('/players/999999/shareholders')).toMatchObject({ status: 404, body: { error: 'Player not found' } });
    const bad = await get<{ error: string }>('/players/abc/shareholders');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Player id must be a number');
    expect((await get('/players/0/shareholders')).status).toBe(400);
  });
});

describe('GET /market/{playerId}', () => {
  it('returns the player, its open asks and offers best first, latest 50 trades, shareholders and the offer price range', async () => {
    const p = freshPlayer();
    const [seller, buyer, other] = [await registerUser(server.url), await registerUser(server.url), await registerUser(server.url)] as [User, User, User];
    holdPlayer(server.db, seller.id, p.id, 500, 500);
    const ask1 = addOrder(server.db, { side: 'ask', instrumentId: p.id, userId: buyer.id, priceCents: 150, shares: 10, createdAt: clock - 2_000 });
    const ask2 = addOrder(server.db, { side: 'ask', instrumentId: p.id, userId: other.id, priceCents: 175, shares: 4, createdAt: clock - 1_000 });
    const off1 = addOrder(server.db, { side: 'offer', instrumentId: p.id, userId: seller.id, priceCents: 400, shares: 20 });
    const off2 = addOrder(server.db, { side: 'offer', instrumentId: p.id, userId: seller.id, priceCents: 325, shares: 30 });
    for (let i = 0; i < 55; i += 1)
      addTrade(server.db, { instrumentId: p.id, buyerId: buyer.id, sellerId: seller.id, shares: 1, priceCents: 200 + i, at: clock - 100_000 + i });
    addTrade(server.db, { instrumentId: p.id, buyerId: buyer.id, sellerId: null, shares: 3, priceCents: 100, at: clock });

    const res = await get<MarketDetail>(`/market/${p.id}`, buyer.token);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.player).toMatchObject({ id: p.id, name: p.name, shareholder_count: 1, owned: 0 });
    expect(d.asks.map((a) => a.askId)).toEqual([ask2, ask1]);
    expect(d.asks[0]).toEqual({
      ask_id: ask2,
      askId: ask2,
      askType: 'player',
      itemId: p.id,
      itemName: p.name,
      teamName: teamOf(p.teamId).name,
      askerUsername: other.username,
      userId: other.id,
      shares_available: 4,
      price_per_share: 1.75,
      created_at: new Date(clock - 1_000).toISOString(),
    });
    expect(d.offers.map((o) => [o.offerId, o.price_per_share, o.totalCost, o.totalShares])).toEqual([
      [off2, 3.25, 97.5, 500],
      [off1, 4, 80, 500],
    ]);
    expect(d.priceRange).toEqual({ min_price: 3.25, max_price: 4 });
    expect(d.trades).toHaveLength(50);
    expect(d.trades[0]).toMatchObject({
      itemType: 'player',
      playerId: p.id,
      buyer_id: buyer.id,
      seller_id: null,
      sellerUsername: null,
      shares_transferred: 3,
      price_per_share: 1,
      total_value: 3,
    });
    expect(d.trades[1]).toMatchObject({ price_per_share: 2.54, buyerUsername: buyer.username, sellerUsername: seller.username });
    expect(d.shareholders).toEqual([
      { user_id: seller.id, username: seller.username, shares_owned: 500, min_sell_price: 2, percent_owned: (500 / p.salary) * 100 },
    ]);
  });

  it('has a null price range without offers, 404 for an unknown player, 400 for a bad id', async () => {
    const p = freshPlayer();
    const res = await get<MarketDetail>(`/market/${p.id}`);
    expect(res.body).toMatchObject({ asks: [], offers: [], trades: [], shareholders: [], priceRange: { min_price: null, max_price: null } });
    expect(await get('/market/999999')).toMatchObject({ status: 404, body: { error: 'Player not found' } });
    expect((await get('/market/-3')).status).toBe(400);
    expect((await get('/market/1.5')).status).toBe(400);
  });
});

describe('GET /offers', () => {
  it('lists every open offer, players and teams, cheapest first', async () => {
    const p = freshPlayer();
    const team = teamOf(p.teamId);
    const seller = await registerUser(server.url);
    holdPlayer(server.db, seller.id, p.id, 100, 100);
    holdTeam(server.db, seller.id, team.id, 60, 120);
    const playerOffer = addOrder(server.db, { side: 'offer', instrumentId: p.id, userId: seller.id, priceCents: 100_000, shares: 10 });
    const teamOffer = addOrder(server.db, { side: 'offer', instrument: 'team', instrumentId: team.id, userId: seller.id, priceCents: 99_999, shares: 25 });
    const res = await get<OfferOut[]>('/offers');
    expect(res.status).toBe(200);
    const prices = res.body.map((o) => o.price_per_share);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const mine = res.body.filter((o) => o.sellerId === seller.id);
    expect(mine).toEqual([
      {
        offerId: teamOffer,
        askType: 'team',
        itemType: 'team',
        itemId: team.id,
        playerName: team.name,
        teamName: team.name,
        sellerUsername: seller.username,
        sellerId: seller.id,
        shares_offered: 25,
        totalShares: 60,
        price_per_share: 999.99,
        totalCost: 24_999.75,
        created_at: expect.any(String),
      },
      {
        offerId: playerOffer,
        askType: 'player',
        itemType: 'player',
        itemId: p.id,
        playerName: p.name,
        teamName: team.name,
        sellerUsername: seller.username,
        sellerId: seller.id,
        shares_offered: 10,
        totalShares: 100,
        price_per_share: 1_000,
        totalCost: 10_000,
        created_at: expect.any(String),
      },
    ]);
  });
});

describe('GET /asks/relevant/{userId} and GET /asks/mine', () => {
  it('shows a holder the player and team asks on what it holds, except its own and declined ones', async () => {
    const p = freshPlayer();
    const team = teamOf(p.teamId);
    const [holder, bidder] = [await registerUser(server.url), await registerUser(server.url)] as [User, User];
    holdPlayer(server.db, holder.id, p.id, 10, 10);
    holdTeam(server.db, holder.id, team.id, 10, 20);
    const onPlayer = addOrder(server.db, { side: 'ask', instrumentId: p.id, userId: bidder.id, priceCents: 300, shares: 5 });
    const onTeam = addOrder(server.db, { side: 'ask', instrument: 'team', instrumentId: team.id, userId: bidder.id, priceCents: 250, shares: 5 });
    const declined = addOrder(server.db, { side: 'ask', instrumentId: p.id, userId: bidder.id, priceCents: 400, shares: 5 });
    server.db.insert(declinedAsks).values({ orderId: declined, userId: holder.id, createdAt: clock }).run();
    addOrder(server.db, { side: 'ask', instrumentId: p.id, userId: holder.id, priceCents: 500, shares: 5 });

    const res = await get<AskOut[]>(`/asks/relevant/${holder.id}`, holder.token);
    expect(res.status).toBe(200);
    expect(res.body.map((a) => [a.askId, a.askType])).toEqual([
      [onPlayer, 'player'],
      [onTeam, 'team'],
    ]);
    expect(res.body[1]).toMatchObject({ itemId: team.id, itemName: team.name, askerUsername: bidder.username, userId: bidder.id, price_per_share: 2.5 });
    expect(
      server.db
        .select()
        .from(declinedAsks)
        .where(and(eq(declinedAsks.orderId, declined), eq(declinedAsks.userId, holder.id)))
        .all(),
    ).toHaveLength(1);
  });

  it('refuses someone else’s list with 403, without a token with 401, a bad id with 400', async () => {
    const [me, them] = [await registerUser(server.url), await registerUser(server.url)] as [User, User];
    expect(await get(`/asks/relevant/${them.id}`, me.token)).toMatchObject({ status: 403, body: { error: NOT_YOURSELF } });
    expect(await get(`/asks/relevant/${me.id}`)).toMatchObject({ status: 401, body: { error: AUTH_TEXT.notLoggedIn } });
    expect((await get('/asks/relevant/abc', me.token)).status).toBe(400);
  });

  it('lists the caller’s open asks and offers', async () => {
    const p = freshPlayer();
    const me = await registerUser(server.url);
    holdPlayer(server.db, me.id, p.id, 10, 10);
    const ask = addOrder(server.db, { side: 'ask', instrumentId: p.id, userId: me.id, priceCents: 150, shares: 2 });
    const offer = addOrder(server.db, { side: 'offer', instrumentId: p.id, userId: me.id, priceCents: 900, shares: 3 });
    addOrder(server.db, { side: 'offer', instrumentId: p.id, userId: me.id, priceCents: 900, shares: 3, status: 'cancelled' });
    const res = await get<MyOrders>('/asks/mine', me.token);
    expect(res.status).toBe(200);
    expect(res.body.asks.map((a) => [a.askId, a.shares_available, a.price_per_share])).toEqual([[ask, 2, 1.5]]);
    expect(res.body.offers.map((o) => [o.offerId, o.shares_offered, o.totalShares])).toEqual([[offer, 3, 10]]);
    expect((await get('/asks/mine')).status).toBe(401);
  });
});
