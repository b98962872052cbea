import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskOut, CountsOut, MarketDetail, OfferOut, PlayerOut, ShareholderOut, UserTradeOut } from '../../shared/schemas/market.js';
import { INVALID_CURSOR } from '../../shared/schemas/pages.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import type { AppRouter } from './index.js';

let server: TestServer;
type User = Awaited<ReturnType<typeof registerUser>>;
let seller: User;
let bidder: User;
let player: PlayerOut;
const offerIds: number[] = [];
const askIds: number[] = [];

const get = <T>(path: string, token?: string) => api<T>(server.url, 'GET', path, undefined, token);
const post = (path: string, body: unknown, token: string) =>
  api<{ offer?: { offerId: number }; ask?: { askId: number } }>(server.url, 'POST', path, body, token);

/** Every page of a REST list, following X-Next-Cursor from the first page. */
async function walk<T>(path: string, limit: number, token?: string): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let pages = 0;
  for (let cursor: string | null = null; ;) {
    const sep = path.includes('?') ? '&' : '?';
    const res: Awaited<ReturnType<typeof get<T[]>>> = await get<T[]>(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
    expect(res.status).toBe(200);
    items.push(...res.body);
    pages += 1;
    cursor = res.headers.get('x-next-cursor');
    if (cursor === null) {
      expect(res.headers.get('link')).toBeNull();
      return { items, pages };
    }
    expect(res.headers.get('link')).toBe(
      `</api${path.split('?')[0]}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? '')), limit: String(limit), cursor })}>; rel="next"`,
    );
    expect(res.body).toHaveLength(limit);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  const players = (await get<PlayerOut[]>('/players')).body;
  player = [...players].sort((a, b) => a.salary - b.salary)[0]!;
  seller = await registerUser(server.url);
  bidder = await registerUser(server.url);
  expect((await post('/trade/ask', { userId: seller.id, playerId: player.id, shares: player.salary, pricePerShare: 1 }, seller.token)).status).toBe(200);
  for (let i = 0; i < 7; i += 1)
    offerIds.push((await post('/offers', { userId: seller.id, playerId: player.id, shares: 10 + i, pricePerShare: 9 - i }, seller.token)).body.offer!.offerId);
  // Below the seller's minimum sell price ($1.10): they rest as asks.
  for (let i = 0; i < 5; i += 1)
    askIds.push((await post('/trade/ask', { userId: bidder.id, playerId: player.id, shares: 2, pricePerShare: 1.01 + i / 100 }, bidder.token)).body.ask!.askId);
});
afterAll(() => server.stop());

describe('pages of the lists that grow with the league', () => {
  it('GET /offers: the bare list of docs/api.md §2 Paths, a page at a time, the next page in X-Next-Cursor and Link', async () => {
    const whole = await get<OfferOut[]>('/offers');
    expect(whole.headers.get('x-next-cursor')).toBeNull();
    expect(whole.body.map((o) => o.offerId)).toEqual([...offerIds].reverse());
    const paged = await walk<OfferOut>('/offers', 3);
    expect(paged.pages).toBe(3);
    expect(paged.items).toEqual(whole.body);
  });

  it('pages a player’s asks and offers, the asks shown to a holder and a user’s trades', async () => {
    const asks = await walk<AskOut>(`/market/${player.id}/asks`, 2);
    expect(asks.items.map((a) => a.askId)).toEqual([...askIds].reverse());
    const offers = await walk<OfferOut>(`/market/${player.id}/offers`, 4);
    expect(offers.items.map((o) => o.offerId)).toEqual([...offerIds].reverse());
    const relevant = await walk<AskOut>(`/asks/relevant/${seller.id}`, 2, seller.token);
    expect(relevant.items.map((a) => a.askId)).toEqual([...askIds].reverse());
    const trades = await walk<UserTradeOut>(`/trades/user/${seller.id}`, 1, seller.token);
    expect(trades.items.map((t) => t.side)).toEqual(['Bought']);
  });

  it('pages shareholders, and a detail page holds the first page of each list, the depth and the sell queue', async () => {
    for (let i = 0; i < 3; i += 1) {
      const fan = await registerUser(server.url);
      expect((await post('/offers/accept', { buyerId: fan.id, offerId: offerIds[6 - i]!, shares: 1 + i }, fan.token)).status).toBe(200);
    }
    const first = await get<{ shareholders: ShareholderOut[]; nextCursor: string | null }>(`/players/${player.id}/shareholders?limit=2`);
    expect(first.body.shareholders.map((h) => h.shares_owned)).toEqual([player.salary - 6, 3]);
    expect(first.headers.get('x-next-cursor')).toBe(first.body.nextCursor);
    const rest = await get<{ shareholders: ShareholderOut[]; nextCursor: string | null }>(
      `/players/${player.id}/shareholders?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(rest.body.shareholders.map((h) => h.shares_owned)).toEqual([2, 1]);
    expect(rest.body.nextCursor).toBeNull();

    const detail = (await get<MarketDetail>(`/market/${player.id}`)).body;
    expect(detail.totals).toEqual({ asks: 5, offers: 7, shareholders: 4 });
    expect(detail.pages).toEqual({ asks: null, offers: null, shareholders: null });
    expect(detail.depth.bids.map((l) => [l.price, l.shares, l.orders])).toEqual([
      [1.05, 2, 1],
      [1.04, 2, 1],
      [1.03, 2, 1],
      [1.02, 2, 1],
      [1.01, 2, 1],
    ]);
    // The offers at $3 … $9, then the seller's unlisted shares at $1.10: cheapest first.
    expect(detail.depth.sells[0]).toEqual({ price: 1.1, shares: player.salary - 6 - offerIdsShares(), orders: 1 });
    expect(detail.sellQueue[0]).toMatchObject({ sellerId: seller.id, sellerUsername: seller.username, price_per_share: 1.1, offerId: null });
    expect(detail.sellQueue[1]).toMatchObject({ sellerId: seller.id, price_per_share: 3, offerId: offerIds[6] });
  });

  it('refuses a cursor it did not give and a limit outside 1-200, with 400', async () => {
    for (const bad of ['nope', 'WzEsMl0', '%7B%7D']) {
      const res = await get<{ error: string }>(`/offers?cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(INVALID_CURSOR);
    }
    for (const bad of ['0', '201', 'x']) expect((await get(`/offers?limit=${bad}`)).status).toBe(400);
    expect((await get<OfferOut[]>('/offers?limit=200')).status).toBe(200);
  });

  it('answers the badges’ counts, and pages over tRPC with nextCursor', async () => {
    const counts = await get<CountsOut>('/counts', seller.token);
    expect(counts.body).toEqual({ sharesForSale: 7, offersForYou: 5 });
    expect((await get<CountsOut>('/counts', bidder.token)).body).toEqual({ sharesForSale: 7, offersForYou: 0 });
    expect((await get('/counts')).status).toBe(401);
    const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${seller.token}` } })] });
    const page = await trpc.market.offers.query({ limit: 5 });
    expect(page.items).toHaveLength(5);
    const next = await trpc.market.offers.query({ limit: 5, cursor: page.nextCursor });
    expect(next).toMatchObject({ nextCursor: null });
    expect([...page.items, ...next.items].map((o) => o.offerId)).toEqual([...offerIds].reverse());
    expect(await trpc.market.counts.query()).toEqual({ sharesForSale: 7, offersForYou: 5 });
  });

  it('documents limit and cursor, and the next page’s headers, in the OpenAPI document', async () => {
    const doc = (
      await get<{
        paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
      }>('/openapi.json')
    ).body;
    for (const path of [
      '/offers',
      '/asks/relevant/{userId}',
      '/trades/user/{userId}',
      '/market/{playerId}/asks',
      '/market/team/{teamId}/shareholders',
      '/players/{id}/shareholders',
    ]) {
      const op = doc.paths[path]!.get!;
      expect(
        op.parameters
          .filter((p) => p.in === 'query')
          .map((p) => p.name)
          .sort(),
        path,
      ).toEqual(['cursor', 'limit']);
      expect(Object.keys(op.responses['200']!.headers ?? {}), path).toEqual(['X-Next-Cursor', 'Link']);
    }
  });
});

/** Shares the seller still lists, after the three purchases above (1 + 2 + 3 of the three cheapest offers). */
function offerIdsShares(): number {
  return [10, 11, 12, 13, 14, 15, 16].reduce((a, b) => a + b, 0) - 6;
}
