import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TICKER_INTERVAL_MS, type LiveEvent, type LiveTicker } from '../../shared/live.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import type { AppRouter } from './index.js';

let server: TestServer;
let playerId: number;

beforeAll(async () => {
  server = await startTestServer();
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  // The smallest contract keeps the open market easy to exhaust.
  playerId = [...players.body].sort((a, b) => a.salary - b.salary)[0]!.id;
});
afterAll(() => server.stop());

type Trade = {
  sharesPurchased: number;
  sharesSold: number;
  message: string;
  ask: { askId: number; shares: number; price_per_share: number } | null;
  offer: { offerId: number } | null;
};

async function balance(token: string): Promise<number> {
  const me = await fetch(`${server.url}/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { result: { data: { balance: number } } }).result.data.balance;
}

describe('POST /api/trade/ask', () => {
  it('buys from the open market at $1.00 and says so', async () => {
    const u = await registerUser(server.url);
    const res = await api<Trade>(server.url, 'POST', '/trade/ask', { userId: u.id, playerId, shares: 10, pricePerShare: 2.5 }, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sharesPurchased: 10, message: expect.stringMatching(/^Purchased 10 shares of .+ for \$10\.00$/) as unknown, ask: null });
    expect(await balance(u.token)).toBe(80_000_000 - 10);
  });

  it('refuses to act for another user with 403 and changes nothing', async () => {
    const u = await registerUser(server.url);
    const other = await registerUser(server.url);
    const res = await api(server.url, 'POST', '/trade/ask', { userId: other.id, playerId, shares: 10, pricePerShare: 2 }, u.token);
    expect(res).toMatchObject({ status: 403, body: { error: 'You can only act for yourself' } });
    expect(await balance(other.token)).toBe(80_000_000);
    expect(await balance(u.token)).toBe(80_000_000);
  });

  it('refuses without a token with 401', async () => {
    const res = await api(server.url, 'POST', '/trade/ask', { userId: 1, playerId, shares: 10, pricePerShare: 2 });
    expect(res).toMatchObject({ status: 401, body: { error: 'Please log in first' } });
  });

  it.each([
    [{ shares: 1.5 }, 'Shares must be a whole number'],
    [{ shares: 0 }, 'Shares must be at least 1'],
    [{ shares: -4 }, 'Shares must be at least 1'],
    [{ shares: 'ten' }, 'Shares must be a number'],
    [{ pricePerShare: 0.99 }, 'Price per share must be at least $1.00'],
    [{ pricePerShare: 2.005 }, 'Price per share must have at most two decimals'],
    [{ pricePerShare: '2' }, 'Price per share must be a number'],
  ])('answers bad input %j with a clear 400 and changes nothing', async (bad, message) => {
    const u = await registerUser(server.url);
    const res = await api(server.url, 'POST', '/trade/ask', { userId: u.id, playerId, shares: 10, pricePerShare: 2, ...bad }, u.token);
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(await balance(u.token)).toBe(80_000_000);
  });

  it('answers an unknown player with 404', async () => {
    const u = await registerUser(server.url);
    const res = await api(server.url, 'POST', '/trade/ask', { userId: u.id, playerId: 987_654, shares: 1, pricePerShare: 2 }, u.token);
    expect(res).toMatchObject({ status: 404, body: { error: 'Player not found' } });
  });
});

describe('offers, asks and the minimum sell price over REST', () => {
  it('lists, buys part of, and cancels an offer; the seller cannot buy it', async () => {
    const seller = await registerUser(server.url);
    const buyer = await registerUser(server.url);
    await api(server.url, 'POST', '/trade/ask', { userId: seller.id, playerId, shares: 20, pricePerShare: 1 }, seller.token);
    const listed = await api<Trade>(server.url, 'POST', '/offers', { userId: seller.id, playerId, shares: 20, pricePerShare: 30 }, seller.token);
    expect(listed).toMatchObject({ status: 200, body: { message: 'Offer posted successfully', offer: { offerId: expect.any(Number) } } });
    const offerId = listed.body.offer!.offerId;
    expect(await api(server.url, 'POST', '/offers/accept', { buyerId: seller.id, offerId }, seller.token)).toMatchObject({
      status: 400,
      body: { error: 'You cannot buy your own offer.' },
    });
    const bought = await api<Trade>(server.url, 'POST', '/offers/accept', { buyerId: buyer.id, offerId, shares: 5 }, buyer.token);
    expect(bought).toMatchObject({ status: 200, body: { message: 'Offer accepted', sharesPurchased: 5 } });
    expect(await balance(buyer.token)).toBe(80_000_000 - 150);
    expect(await api(server.url, 'DELETE', `/offers/${offerId}`, { userId: buyer.id }, buyer.token)).toMatchObject({ status: 403 });
    expect(await api(server.url, 'DELETE', `/offers/${offerId}`, { userId: seller.id }, seller.token)).toMatchObject({
      status: 200,
      body: { message: 'Offer cancelled' },
    });
    expect(await api(server.url, 'DELETE', `/offers/${offerId}`, { userId: seller.id }, seller.token)).toMatchObject({ status: 409 });
  });

  it('sets a minimum sell price, refusing an invalid one with "Invalid price"', async () => {
    const u = await registerUser(server.url);
    await api(server.url, 'POST', '/trade/ask', { userId: u.id, playerId, shares: 5, pricePerShare: 1 }, u.token);
    for (const bad of [0, -1, 0.5, 1.234, 'abc']) {
      expect(await api(server.url, 'PUT', `/portfolio/${u.id}/min-sell-price/${playerId}`, { minSellPrice: bad }, u.token)).toMatchObject({
        status: 400,
        body: { error: 'Invalid price' },
      });
    }
    expect(await api(server.url, 'PUT', `/portfolio/${u.id}/min-sell-price/${playerId}`, { minSellPrice: 12.5 }, u.token)).toMatchObject({
      status: 200,
      body: { message: 'Min sell price updated' },
    });
  });

  it('shows the same total value in the user box (Val) as on the portfolio, escrow and traded prices included', async () => {
    const seller = await registerUser(server.url);
    const buyer = await registerUser(server.url);
    await api(server.url, 'POST', '/trade/ask', { userId: seller.id, playerId, shares: 30, pricePerShare: 1 }, seller.token);
    const offer = await api<Trade>(server.url, 'POST', '/offers', { userId: seller.id, playerId, shares: 10, pricePerShare: 4.5 }, seller.token);
    await api(server.url, 'POST', '/offers/accept', { buyerId: buyer.id, offerId: offer.body.offer!.offerId, shares: 4 }, buyer.token);
    for (const u of [seller, buyer]) {
      const me = await fetch(`${server.url}/trpc/auth.me`, { headers: { authorization: `Bearer ${u.token}` } });
      const val = ((await me.json()) as { result: { data: { value: number } } }).result.data.value;
      const portfolio = await api<{ totalValue: number }>(server.url, 'GET', `/portfolio/${u.id}`);
      expect(val).toBe(portfolio.body.totalValue);
    }
  });

  it('dumps unlisted shares at $1.00, capped at the holding', async () => {
    const u = await registerUser(server.url);
    await api(server.url, 'POST', '/trade/ask', { userId: u.id, playerId, shares: 7, pricePerShare: 1 }, u.token);
    const res = await api<Trade>(server.url, 'POST', '/trade/dump', { userId: u.id, playerId, shares: 100 }, u.token);
    expect(res).toMatchObject({ status: 200, body: { message: 'Shares dumped', sharesSold: 7 } });
    expect(await balance(u.token)).toBe(80_000_000);
  });

  it('accepting and declining an unknown ask is a 404', async () => {
    const u = await registerUser(server.url);
    expect(await api(server.url, 'POST', '/trade/buy', { sellerId: u.id, askId: 99_999, shares: 1 }, u.token)).toMatchObject({
      status: 404,
      body: { error: 'Ask 99999 not found' },
    });
    expect(await api(server.url, 'POST', '/asks/99999/decline', { userId: u.id }, u.token)).toMatchObject({ status: 404 });
  });
});

describe('live events over WebSocket', () => {
  type Message<T> = { id: string; data: T };
  function connect(token?: string) {
    const client = createWSClient({
      url: server.url.replace('http', 'ws') + '/trpc',
      WebSocket: WebSocket as never,
      connectionParams: token ? { token } : undefined,
    });
    return { client, trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client })] }) };
  }
  function follow<T>(path: 'ticker' | 'events', token?: string, lastEventId?: string) {
    const { client, trpc } = connect(token);
    const received: Message<T>[] = [];
    const sub = trpc.live[path].subscribe(lastEventId ? { lastEventId } : undefined, {
      onData: (e) => received.push(e as unknown as Message<T>),
    });
    return {
      received,
      async close() {
        sub.unsubscribe();
        await client.close();
      },
    };
  }
  /** The trades of one user in the messages (other tests' trades may still be on their way). */
  const tradesOf = (messages: Message<LiveTicker>[], buyerId: number) => messages.flatMap((m) => m.data.trades).filter((t) => t.buyer_id === buyerId);
  const messagesWith = (messages: Message<LiveTicker>[], buyerId: number) => messages.filter((m) => m.data.trades.some((t) => t.buyer_id === buyerId));

  it('sends everyone the ticker, a user their own events, and anonymous clients no events', async () => {
    const trader = await registerUser(server.url);
    const ticker = follow<LiveTicker>('ticker');
    const anonymousEvents = follow<LiveEvent>('events');
    const own = follow<LiveEvent>('events', trader.token);
    await new Promise((r) => setTimeout(r, 300));
    await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 3, pricePerShare: 1 }, trader.token);
    await expect.poll(() => tradesOf(ticker.received, trader.id).length).toBe(1);
    await expect.poll(() => own.received.some((e) => e.data.type === 'portfolioUpdated')).toBe(true);
    expect(messagesWith(ticker.received, trader.id)[0]!.data).toMatchObject({ type: 'tradesCompleted', skipped: 0 });
    expect(tradesOf(ticker.received, trader.id)).toMatchObject([
      { buyer_id: trader.id, seller_id: null, shares_transferred: 3, price_per_share: 1, total_value: 3, playerId },
    ]);
    expect(own.received.some((e) => e.data.type === 'marketUpdated')).toBe(true);
    expect(anonymousEvents.received).toEqual([]);
    await Promise.all([ticker.close(), anonymousEvents.close(), own.close()]);
  });

  it('puts the trades of one moment in one ticker message', async () => {
    const trader = await registerUser(server.url);
    const ticker = follow<LiveTicker>('ticker');
    await new Promise((r) => setTimeout(r, 300));
    // Submitted in one turn, so they share a group commit and reach the ticker together.
    const { exchange } = server.services;
    await Promise.all(
      [1, 2, 3].map((shares) => exchange.submit({ type: 'buy', userId: trader.id, instrument: { kind: 'player', id: playerId }, shares, priceCents: 100 })),
    );
    await expect.poll(() => tradesOf(ticker.received, trader.id).length).toBe(3);
    expect(messagesWith(ticker.received, trader.id)).toHaveLength(1);
    expect(
      tradesOf(ticker.received, trader.id)
        .map((t) => t.shares_transferred)
        .sort(),
    ).toEqual([1, 2, 3]);
    await ticker.close();
  });

  it('says a message’s trades moved no mark when they did not (buys from the open market): members’ values are not read again for them', async () => {
    const trader = await registerUser(server.url);
    const ticker = follow<LiveTicker>('ticker');
    await new Promise((r) => setTimeout(r, 300));
    for (const shares of [2, 3]) {
      await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares, pricePerShare: 1 }, trader.token);
      await expect.poll(() => tradesOf(ticker.received, trader.id).some((t) => t.shares_transferred === shares)).toBe(true);
    }
    const second = messagesWith(ticker.received, trader.id).find((m) => m.data.trades.some((t) => t.shares_transferred === 3))!;
    expect(second.data.marksMoved).toBeUndefined();
    await ticker.close();
  });

  it('gathers a user’s events for a moment, so a busy market’s repeated notices arrive once', async () => {
    const trader = await registerUser(server.url);
    const own = follow<LiveEvent>('events', trader.token);
    await new Promise((r) => setTimeout(r, 300));
    const { exchange } = server.services;
    // Five commits, one after another, well within one interval.
    for (const shares of [1, 2, 3, 4, 5]) {
      expect((await exchange.submit({ type: 'buy', userId: trader.id, instrument: { kind: 'player', id: playerId }, shares, priceCents: 100 })).ok).toBe(true);
    }
    expect(server.services.bus.since(0).filter((e) => e.type === 'marketUpdated' && e.itemId === playerId).length).toBeGreaterThanOrEqual(5);
    await expect.poll(() => own.received.some((e) => e.data.type === 'portfolioUpdated')).toBe(true);
    await new Promise((r) => setTimeout(r, TICKER_INTERVAL_MS * 2));
    const market = own.received.filter((e) => e.data.type === 'marketUpdated' && e.data.itemId === playerId);
    expect(market.length).toBeGreaterThan(0);
    expect(market.length).toBeLessThan(5);
    await own.close();
  });

  it('lets a reconnecting client resume after its last event id', async () => {
    const trader = await registerUser(server.url);
    const first = follow<LiveTicker>('ticker');
    await new Promise((r) => setTimeout(r, 300));
    await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token);
    await expect.poll(() => messagesWith(first.received, trader.id).length).toBeGreaterThan(0);
    const lastId = messagesWith(first.received, trader.id).at(-1)!.id;
    await first.close();
    await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 2, pricePerShare: 1 }, trader.token);
    await new Promise((r) => setTimeout(r, TICKER_INTERVAL_MS + 100));
    const resumed = follow<LiveTicker>('ticker', undefined, lastId);
    await expect.poll(() => resumed.received.length).toBeGreaterThan(0);
    expect(Number(resumed.received[0]!.id)).toBeGreaterThan(Number(lastId));
    expect(tradesOf(resumed.received, trader.id)).toMatchObject([{ shares_transferred: 2 }]);
    await resumed.close();
  });

  it('tells each member what a change of orders does to their badges: the shares for sale, and whether the asks are on what they hold', async () => {
    const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
    const held = [...players.body].sort((a, b) => a.salary - b.salary)[1]!;
    const [holder, bidder, outsider] = [await registerUser(server.url), await registerUser(server.url), await registerUser(server.url)];
    // The holder takes every share of the open market, so that a bid below their standing sell ($1.10) rests in the book.
    expect(
      (await api(server.url, 'POST', '/trade/ask', { userId: holder.id, playerId: held.id, shares: held.salary, pricePerShare: 1 }, holder.token)).status,
    ).toBe(200);
    const [holderEvents, outsiderEvents] = [follow<LiveEvent>('events', holder.token), follow<LiveEvent>('events', outsider.token)];
    await new Promise((r) => setTimeout(r, 300));
    const bid = await api<Trade>(server.url, 'POST', '/trade/ask', { userId: bidder.id, playerId: held.id, shares: 5, pricePerShare: 1.05 }, bidder.token);
    expect(bid.body).toMatchObject({ sharesPurchased: 0, ask: { shares: 5 } });
    const about = (events: { received: Message<LiveEvent>[] }, type: 'asksUpdated' | 'offersUpdated') =>
      events.received.map((e) => e.data).find((e) => e.type === type && e.itemId === held.id);
    await expect.poll(() => about(holderEvents, 'asksUpdated')).toMatchObject({ forYou: true });
    await expect.poll(() => about(outsiderEvents, 'asksUpdated')).toMatchObject({ forYou: false });

    expect((await api(server.url, 'POST', '/offers', { userId: holder.id, playerId: held.id, shares: 10, pricePerShare: 50 }, holder.token)).status).toBe(200);
    await expect.poll(() => about(outsiderEvents, 'offersUpdated')).toBeDefined();
    const counts = await fetch(`${server.url}/trpc/market.counts`, { headers: { authorization: `Bearer ${outsider.token}` } });
    const { sharesForSale } = ((await counts.json()) as { result: { data: { sharesForSale: number } } }).result.data;
    expect(sharesForSale).toBeGreaterThan(0);
    expect(about(outsiderEvents, 'offersUpdated')).toMatchObject({ sharesForSale });
    await Promise.all([holderEvents.close(), outsiderEvents.close()]);
  });

  it('can be followed by a plain WebSocket client speaking JSON', async () => {
    const trader = await registerUser(server.url);
    const ws = new WebSocket(server.url.replace('http', 'ws') + '/trpc');
    const messages: unknown[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'live.ticker', input: {} } }));
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 4, pricePerShare: 1 }, trader.token);
    type Plain = { result?: { data?: { data?: { type?: string; trades?: { buyer_id: number }[] } } } };
    const mine = () => messages.find((m) => (m as Plain).result?.data?.data?.trades?.some((t) => t.buyer_id === trader.id));
    await expect.poll(mine).toMatchObject({
      id: 1,
      result: { type: 'data', id: expect.any(String), data: { id: expect.any(String), data: { type: 'tradesCompleted', skipped: 0 } } },
    });
    expect((mine() as Plain).result!.data!.data!.trades).toContainEqual(expect.objectContaining({ buyer_id: trader.id, shares_transferred: 4 }));
    ws.close();
  });
});
