import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerOut } from '../../shared/schemas/market.js';
import { WATCHLIST_TEXT } from '../../shared/schemas/watchlist.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import type { AppRouter } from './index.js';

let server: TestServer;
let players: PlayerOut[];
beforeAll(async () => {
  server = await startTestServer();
  players = (await api<PlayerOut[]>(server.url, 'GET', '/players')).body;
});
afterAll(() => server.stop());

const clientOf = (token?: string) =>
  createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: token ? { authorization: `Bearer ${token}` } : {} })] });

describe('the watchlist (watchlist.list, watchlist.set)', () => {
  it('keeps each member’s stars on the server, apart from everyone else’s', async () => {
    const [a, b] = [await registerUser(server.url), await registerUser(server.url)];
    const [ta, tb] = [clientOf(a.token), clientOf(b.token)];
    expect(await ta.watchlist.list.query()).toEqual({ items: [] });
    const p = players[0]!;
    expect(await ta.watchlist.set.mutate({ itemType: 'player', itemId: p.id, starred: true })).toEqual({ items: [{ kind: 'player', id: p.id }] });
    await ta.watchlist.set.mutate({ itemType: 'team', itemId: 1, starred: true });
    expect((await ta.watchlist.list.query()).items).toEqual([
      { kind: 'player', id: p.id },
      { kind: 'team', id: 1 },
    ]);
    expect(await tb.watchlist.list.query()).toEqual({ items: [] });
    // Starring again changes nothing; unstarring removes it, twice as once.
    await ta.watchlist.set.mutate({ itemType: 'player', itemId: p.id, starred: true });
    expect((await ta.watchlist.list.query()).items).toHaveLength(2);
    await ta.watchlist.set.mutate({ itemType: 'player', itemId: p.id, starred: false });
    await ta.watchlist.set.mutate({ itemType: 'player', itemId: p.id, starred: false });
    expect((await ta.watchlist.list.query()).items).toEqual([{ kind: 'team', id: 1 }]);
  });

  it('answers a retried key with its first answer, and refuses the key with another request', async () => {
    const u = await registerUser(server.url);
    const t = clientOf(u.token);
    const p = players[1]!;
    const first = await t.watchlist.set.mutate({ itemType: 'player', itemId: p.id, starred: true, idempotencyKey: 'star-1' });
    await t.watchlist.set.mutate({ itemType: 'player', itemId: p.id, starred: false });
    // The retry of the first star does not star it again: it answers what the first call answered.
    expect(await t.watchlist.set.mutate({ itemType: 'player', itemId: p.id, starred: true, idempotencyKey: 'star-1' })).toEqual(first);
    expect(await t.watchlist.list.query()).toEqual({ items: [] });
    await expect(t.watchlist.set.mutate({ itemType: 'player', itemId: players[2]!.id, starred: true, idempotencyKey: 'star-1' })).rejects.toThrow();
  });

  it('refuses an unknown player, a caller not signed in, and says so in plain words', async () => {
    const u = await registerUser(server.url);
    await expect(clientOf(u.token).watchlist.set.mutate({ itemType: 'player', itemId: 999_999, starred: true })).rejects.toThrow(WATCHLIST_TEXT.unknown);
    expect(await clientOf(u.token).watchlist.list.query()).toEqual({ items: [] });
    await expect(clientOf().watchlist.list.query()).rejects.toThrow();
    await expect(clientOf().watchlist.set.mutate({ itemType: 'player', itemId: players[0]!.id, starred: true })).rejects.toThrow();
  });
});
