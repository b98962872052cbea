/**
 * A player who retires keeps his page (docs/rules.md §7): his detail, trades and holders at
 * retirement answer over REST and tRPC with `retiredAt`; each holder is told live what was bought
 * back; the buy-backs show in the holders' transactions and exports as such.
 */
import { createTRPCClient, createWSClient, httpBatchLink, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import type { LiveEvent } from '../../shared/live.js';
import type { MarketDetail, PlayerOut, ShareholderOut, TradeOut, UserTradeOut } from '../../shared/schemas/market.js';
import type { TransactionsExport } from '../../shared/schemas/exports.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';
import type { AppRouter } from './index.js';

let server: TestServer;
let admin: TestUser;
let ann: TestUser;
let ben: TestUser;
let cid: TestUser;
let player: PlayerOut;
let retiredAt: string;
const events = new Map<number, LiveEvent[]>();
let closeFeeds: () => Promise<void>;

/** A WebSocket client following the user's live events. */
function follow(user: TestUser) {
  const client = createWSClient({ url: server.url.replace('http', 'ws') + '/trpc', WebSocket: WebSocket as never, connectionParams: { token: user.token } });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client })] });
  const seen: LiveEvent[] = [];
  events.set(user.id, seen);
  const sub = trpc.live.events.subscribe(undefined, { onData: (e) => seen.push((e as unknown as { data: LiveEvent }).data) });
  return async () => {
    sub.unsubscribe();
    await client.close();
  };
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, ann, ben, cid] = [
    await registerUser(server.url, 're_admin'),
    await registerUser(server.url, 're_ann'),
    await registerUser(server.url, 're_ben'),
    await registerUser(server.url, 're_cid'),
  ];
  server.services.users.setAdmin(admin.id, true);
  const players = (await api<PlayerOut[]>(server.url, 'GET', '/players')).body;
  player = [...players].sort((a, b) => a.salary - b.salary || a.id - b.id)[10]!;
  const post = async (user: TestUser, path: string, body: Record<string, unknown>) => {
    const res = await api(server.url, 'POST', path, { userId: user.id, playerId: player.id, ...body }, user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  // Ann buys 280,000 and sells 1,000 of them to Ben at $2.50; Cid buys 5 and dumps them all before the end.
  await post(ann, '/trade/ask', { shares: 280_000, pricePerShare: 1 });
  await post(ann, '/offers', { shares: 1_000, pricePerShare: 2.5 });
  const offers = (await api<{ offerId: number }[]>(server.url, 'GET', '/offers')).body;
  expect((await api(server.url, 'POST', '/offers/accept', { buyerId: ben.id, offerId: offers[0]!.offerId }, ben.token)).status).toBe(200);
  await post(cid, '/trade/ask', { shares: 5, pricePerShare: 1 });
  await post(cid, '/trade/dump', { shares: 5 });

  const feeds = [follow(ann), follow(ben), follow(cid)];
  closeFeeds = async () => void (await Promise.all(feeds.map((close) => close())));
  await new Promise((r) => setTimeout(r, 300));
  const retired = await api<{ message: string; holdersPaid: number; paidOut: number }>(
    server.url,
    'POST',
    '/admin/retire-player',
    { playerId: player.id },
    admin.token,
  );
  expect(retired).toMatchObject({ status: 200, body: { message: 'Player retired', holdersPaid: 2, paidOut: 280_000 } });
  retiredAt = (await api<MarketDetail>(server.url, 'GET', `/market/${player.id}`)).body.player.retiredAt!;
});
afterAll(async () => {
  await closeFeeds?.();
  await server?.stop();
});

describe('a retired player', () => {
  it('keeps his page: GET /market/{id} answers with retiredAt, his trades (the buy-backs marked) and his holders at retirement', async () => {
    const res = await api<MarketDetail>(server.url, 'GET', `/market/${player.id}`);
    expect(res.status).toBe(200);
    const { body } = res;
    expect(Date.parse(retiredAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.player).toMatchObject({ id: player.id, name: player.name, retiredAt, shares_remaining: player.salary, shareholder_count: 0 });
    const trade = (t: TradeOut) => [t.sellerUsername, t.buyerUsername, t.shares_transferred, t.price_per_share, t.reason];
    expect(body.trades.map(trade)).toEqual([
      ...[
        ['re_ann', null, 279_000, 1, 'retirement'],
        ['re_ben', null, 1_000, 1, 'retirement'],
      ].sort((x, y) => (x[0]! < y[0]! ? 1 : -1)),
      ['re_cid', null, 5, 1, null],
      [null, 're_cid', 5, 1, null],
      ['re_ann', 're_ben', 1_000, 2.5, null],
      [null, 're_ann', 280_000, 1, null],
    ]);
    expect(body.shareholders).toEqual([
      { user_id: ann.id, username: 're_ann', shares_owned: 279_000, min_sell_price: 1, percent_owned: (279_000 / player.salary) * 100 },
      { user_id: ben.id, username: 're_ben', shares_owned: 1_000, min_sell_price: 1, percent_owned: (1_000 / player.salary) * 100 },
    ]);
    expect(body.totals).toEqual({ asks: 0, offers: 0, shareholders: 2 });
    expect(body).toMatchObject({ asks: [], offers: [], sellQueue: [], depth: { bids: [], sells: [] } });

    // The same over tRPC.
    const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc` })] });
    expect(await trpc.market.detail.query({ playerId: player.id })).toEqual(body);
  });

  it('keeps his shareholders page: the holders he had at retirement, a page at a time', async () => {
    const first = await api<{ player: PlayerOut; shareholders: ShareholderOut[]; nextCursor: string | null }>(
      server.url,
      'GET',
      `/players/${player.id}/shareholders?limit=1`,
    );
    expect(first.status).toBe(200);
    expect(first.body.player.retiredAt).toBe(retiredAt);
    expect(first.body.shareholders.map((h) => [h.username, h.shares_owned])).toEqual([['re_ann', 279_000]]);
    const next = await api<{ shareholders: ShareholderOut[]; nextCursor: string | null }>(
      server.url,
      'GET',
      `/players/${player.id}/shareholders?limit=1&cursor=${first.body.nextCursor}`,
    );
    expect(next.body).toMatchObject({ shareholders: [{ username: 're_ben', shares_owned: 1_000 }], nextCursor: null });
    const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc` })] });
    const holders = await trpc.market.holders.query({ itemType: 'player', itemId: player.id });
    expect(holders.items.map((h) => h.user_id)).toEqual([ann.id, ben.id]);
    // He is off the market's list, and trades no more.
    expect((await api<PlayerOut[]>(server.url, 'GET', '/players')).body.some((p) => p.id === player.id)).toBe(false);
    expect(await api(server.url, 'POST', '/trade/ask', { userId: cid.id, playerId: player.id, shares: 1, pricePerShare: 1 }, cid.token)).toMatchObject({
      status: 400,
    });
  });

  it('tells each holder live, over the WebSocket, what was bought back from them; nobody else', async () => {
    const retiredEvent = (userId: number) => events.get(userId)!.filter((e) => e.type === 'playerRetired');
    await expect.poll(() => retiredEvent(ann.id).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => retiredEvent(ben.id).length, { timeout: 10_000 }).toBe(1);
    expect(retiredEvent(ann.id)[0]).toEqual({
      type: 'playerRetired',
      leagueId: 1,
      itemType: 'player',
      itemId: player.id,
      itemName: player.name,
      shares: 279_000,
      price_per_share: 1,
      total_value: 279_000,
      retired_at: retiredAt,
      // Its entry in Ann's inbox, which the toast links to.
      inboxId: expect.any(Number),
    });
    expect(retiredEvent(ben.id)[0]).toMatchObject({ itemId: player.id, shares: 1_000, total_value: 1_000 });
    // Cid had sold out before: he hears of the market, not of a buy-back.
    expect(retiredEvent(cid.id)).toEqual([]);
    expect(events.get(cid.id)!.some((e) => e.type === 'marketUpdated' && e.itemId === player.id)).toBe(true);
  });

  it('shows the buy-back in the holder’s transactions and their export as a buy-back, not a sale like another', async () => {
    const mine = await api<UserTradeOut[]>(server.url, 'GET', `/trades/user/${ann.id}`, undefined, ann.token);
    expect(mine.status).toBe(200);
    expect(mine.body.map((t) => [t.side, t.shares_transferred, t.reason])).toEqual([
      ['Sold', 279_000, 'retirement'],
      ['Sold', 1_000, null],
      ['Bought', 280_000, null],
    ]);
    const cids = await api<UserTradeOut[]>(server.url, 'GET', `/trades/user/${cid.id}`, undefined, cid.token);
    expect(cids.body.map((t) => [t.side, t.reason])).toEqual([
      ['Sold', null],
      ['Bought', null],
    ]);
    const exported = await api<TransactionsExport>(server.url, 'GET', `/trades/user/${ann.id}/export`, undefined, ann.token);
    expect(exported.body.transactions.map((t) => [t.side, t.shares, t.counterparty, t.reason])).toEqual([
      ['Sold', 279_000, 'Market', 'retirement'],
      ['Sold', 1_000, 're_ben', null],
      ['Bought', 280_000, 'Market', null],
    ]);
    const recent = await api<TradeOut[]>(server.url, 'GET', '/trades/recent?limit=2');
    expect(recent.body.map((t) => t.reason)).toEqual(['retirement', 'retirement']);
    expect(ledgerProblems(server.db)).toEqual([]);
  });
});
