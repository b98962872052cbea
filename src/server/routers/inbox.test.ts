import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';
import type { AppRouter } from './index.js';

let server: TestServer;
let holder: TestUser;
let buyer: TestUser;
let bidder: TestUser;
let rival: TestUser;
let player: { id: number; name: string; salary: number };

const trpcAs = (token: string) =>
  createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })] });
const ask = (u: TestUser, shares: number, price: number) =>
  api(server.url, 'POST', '/trade/ask', { userId: u.id, playerId: player.id, shares, pricePerShare: price }, u.token);

beforeAll(async () => {
  server = await startTestServer();
  [holder, buyer, bidder, rival] = [
    await registerUser(server.url),
    await registerUser(server.url),
    await registerUser(server.url),
    await registerUser(server.url),
  ];
  const players = await api<{ id: number; name: string; salary: number }[]>(server.url, 'GET', '/players');
  player = [...players.body].sort((x, y) => x.salary - y.salary)[0]!;
  // The holder buys every share at $1.00: the default minimum price is $1.10.
  expect((await ask(holder, player.salary, 1)).status).toBe(200);
});
afterAll(() => server.stop());

describe('the inbox', () => {
  it('keeps what each member was told, newest first, with an unread count, and marks read once per key', async () => {
    // A buyer's bid at $2.00 meets the holder's minimum price: 100 shares sold automatically.
    expect((await ask(buyer, 100, 2)).status).toBe(200);
    // A bid below the minimum price rests: the holder hears of a new bid; a higher one outbids it.
    expect((await ask(bidder, 50, 1.05)).status).toBe(200);
    expect((await ask(rival, 20, 1.08)).status).toBe(200);

    const mine = trpcAs(holder.token);
    const page = await mine.inbox.list.query({});
    expect(page.unread).toBe(3);
    expect(page.items.map((e) => [e.kind, e.title, e.read])).toEqual([
      ['newBid', `New bid: ${player.name}`, false],
      ['newBid', `New bid: ${player.name}`, false],
      ['orderFilled', `Sold automatically: ${player.name}`, false],
    ]);
    expect(page.items[0]!.body).toBe(`${rival.username} bids $1.08 a share for 20 shares of what you hold.`);
    expect(page.items[2]).toMatchObject({ body: expect.stringContaining('your minimum price of $1.10'), url: `/market/${player.id}` });
    expect((await trpcAs(bidder.token).inbox.list.query({})).items.map((e) => [e.kind, e.body])).toEqual([
      ['outbid', 'The best bid is now $1.08 (yours $1.05).'],
    ]);
    // The buyer sent the order that filled: they were told in its answer, not in their inbox; holding shares now, they hear of the new bids.
    expect((await trpcAs(buyer.token).inbox.list.query({})).items.map((e) => e.kind)).toEqual(['newBid', 'newBid']);

    // Pages of one.
    const first = await mine.inbox.list.query({ limit: 1 });
    const second = await mine.inbox.list.query({ limit: 1, cursor: first.nextCursor! });
    expect([first.items[0]!.id > second.items[0]!.id, second.items[0]!.id]).toEqual([true, page.items[1]!.id]);

    // Marked read with a key: again with the same key answers the first answer and changes nothing.
    const entryId = page.items[2]!.id;
    expect(await mine.inbox.markRead.mutate({ entryId, idempotencyKey: 'read-1' })).toEqual({ unread: 2 });
    expect(await mine.inbox.markRead.mutate({ entryId, idempotencyKey: 'read-1' })).toEqual({ unread: 2 });
    expect(await mine.inbox.markRead.mutate({ entryId, idempotencyKey: 'read-2' })).toEqual({ unread: 2 });
    // Someone else's entry is not theirs to mark.
    expect(await trpcAs(bidder.token).inbox.markRead.mutate({ entryId: page.items[0]!.id, idempotencyKey: 'x' })).toEqual({ unread: 1 });
    expect((await mine.inbox.unread.query()).unread).toBe(2);
    expect(await mine.inbox.markAllRead.mutate({ idempotencyKey: 'all-1' })).toEqual({ unread: 0 });
    expect((await mine.inbox.list.query({})).items.every((e) => e.read)).toBe(true);
  });

  it('keeps the realized profit of the automatic sale on the seller’s transaction', async () => {
    const trades = await api<{ side: string; shares_transferred: number; price_per_share: number; realized_profit: number | null }[]>(
      server.url,
      'GET',
      `/trades/user/${holder.id}`,
      undefined,
      holder.token,
    );
    const sale = trades.body.find((t) => t.side === 'Sold')!;
    // Bought at $1.00: each share sold made its price less $1.00.
    expect(sale.realized_profit).toBe(Math.round(sale.shares_transferred * (sale.price_per_share - 1) * 100) / 100);
    expect(sale.realized_profit).toBeGreaterThan(0);
  });

  it('makes the signed-in home: figures, place with the fans around, open orders and what happened since the last read', async () => {
    const home = await trpcAs(bidder.token).home.get.query();
    expect(home.username).toBe(bidder.username);
    expect(home.orders).toMatchObject({ total: 1, offers: [] });
    expect(home.orders.asks[0]).toMatchObject({ shares_available: 50, price_per_share: 1.05 });
    expect(home.inbox.unread).toBe(1);
    expect(home.inbox.entries.map((e) => [e.kind, e.title])).toEqual([['outbid', `Outbid on ${player.name}`]]);
    // The default league ranks by share value: the holder leads; the bidder holds nothing.
    const holderHome = await trpcAs(holder.token).home.get.query();
    expect(holderHome.standing).toMatchObject({ ranking: 'shareValue', rank: 1, tied: false, leader: null, above: null });
    expect(holderHome.standing!.below).toMatchObject({ userId: buyer.id, rank: 2 });
    expect(holderHome.standing!.below!.gap).toBeLessThan(0);
    expect(home.standing!.leader).toMatchObject({ userId: holder.id, rank: 1 });
    expect(home.standing!.leader!.gap).toBe(holderHome.standing!.figure);
    expect(holderHome.realizedProfit).toBeGreaterThan(0);
    expect(holderHome.inbox).toEqual({ unread: 0, entries: [] });
  });

  it('answers only a signed-in member', async () => {
    const res = await fetch(`${server.url}/trpc/inbox.unread`);
    expect(res.status).toBe(401);
  });
});
