import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveTicker, PlayersChange } from '../../shared/live.js';
import { followChange, mergeChange, mergePlayers } from '../../shared/players-since.js';
import type { PlayerOut, PlayersSinceResult } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';
import { CHANGES_KEPT } from './player-list.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function since(version: string | undefined, token?: string): Promise<PlayersSinceResult> {
  const input = encodeURIComponent(JSON.stringify(version === undefined ? {} : { since: version }));
  const res = await fetch(`${server.url}/trpc/market.playersSince?input=${input}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: PlayersSinceResult } }).result.data;
}

async function players(token?: string): Promise<PlayerOut[]> {
  return (await api<PlayerOut[]>(server.url, 'GET', '/players', undefined, token)).body;
}

async function buy(user: TestUser, playerId: number, shares: number): Promise<void> {
  const answer = await api(server.url, 'POST', '/trade/ask', { userId: user.id, playerId, shares, pricePerShare: 1 }, user.token);
  expect(answer.status).toBe(200);
}

describe('market.playersSince: the players list as changes', () => {
  it('answers the whole list first, then only the rows that changed, and the merge is the list the caller would get whole', async () => {
    const trader = await registerUser(server.url);
    const first = await since(undefined, trader.token);
    expect(first.full).toBe(true);
    let held = mergePlayers(undefined, first);
    expect(held).toEqual(await players(trader.token));
    let version = first.version;

    const list = await players();
    const bought = [list[2]!.id, list[40]!.id, list[2]!.id];
    for (const [i, id] of bought.entries()) {
      await buy(trader, id, 4 + i);
      const answer = await since(version, trader.token);
      expect(answer.full).toBe(false);
      // The row the trade changed, and no other (no one else trades on this server meanwhile).
      expect(answer.rows.map((r) => r.id)).toEqual([id]);
      expect(answer.rows[0]!.owned).toBe(0);
      held = mergePlayers(held, answer);
      expect(held).toEqual(await players(trader.token));
      version = answer.version;
    }
    expect(new Map((await since(version, trader.token)).owned)).toEqual(
      new Map([
        [list[2]!.id, 4 + 6],
        [list[40]!.id, 5],
      ]),
    );
  });

  it('answers nothing changed when nothing did, and each caller only their own shares', async () => {
    const trader = await registerUser(server.url);
    const other = await registerUser(server.url);
    const { version } = await since(undefined, trader.token);
    const again = await since(version, trader.token);
    expect(again).toMatchObject({ full: false, rows: [], version });

    const id = (await players())[7]!.id;
    await buy(trader, id, 3);
    const theirs = await since(version, other.token);
    expect(theirs.rows.map((r) => r.id)).toEqual([id]);
    expect(theirs.owned).toEqual([]);
    const anonymous = await since(version);
    expect(anonymous.owned).toEqual([]);
    expect(mergePlayers(mergePlayers(undefined, await since(undefined)), anonymous)).toEqual(await players());
  });

  it('answers the whole list for a version it does not know, a malformed one, or one older than the changes it keeps', async () => {
    // Orders are rate-limited per user: the changes below are spread over three.
    const traders = [await registerUser(server.url), await registerUser(server.url), await registerUser(server.url)];
    const { version } = await since(undefined);
    const [generation, made] = version.split('.') as [string, string];
    // The same league's list of the same number made by another process (before a restart): its prefix differs.
    const otherProcess = `${generation.startsWith('0') ? '1' : '0'}${generation.slice(1)}.${made}`;
    for (const unknown of ['zz.1', otherProcess, `${generation}.999999`, `${generation}.0`, 'nonsense', `${generation}.1.5`, '']) {
      const answer = await since(unknown);
      expect(answer.full, unknown).toBe(true);
      expect(answer.rows).toEqual(await players());
    }
    const list = await players();
    for (let i = 0; i <= CHANGES_KEPT; i++) {
      await buy(traders[i % 3]!, list[i % 20]!.id, 1);
      await since(undefined); // each read after a change makes a new list
    }
    const old = await since(version);
    expect(old.full).toBe(true);
    expect(mergePlayers(undefined, old)).toEqual(await players());
  });

  it('sends a whole list as the same JSON, whether answered from its kept bytes (batched) or by tRPC itself', async () => {
    const trader = await registerUser(server.url);
    await buy(trader, (await players())[5]!.id, 9);
    const url = `${server.url}/trpc/market.playersSince?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {} }))}`;
    const headers = { authorization: `Bearer ${trader.token}` };
    const kept = await (await fetch(url, { headers })).text();
    const byTrpc = await (await fetch(url, { headers: { ...headers, 'trpc-accept': 'application/json' } })).text();
    expect(kept).toBe(byTrpc);
    const [answer] = JSON.parse(kept) as [{ result: { data: PlayersSinceResult } }];
    expect(answer.result.data.full).toBe(true);
    expect(mergePlayers(undefined, answer.result.data)).toEqual(await players(trader.token));
  });

  it('refuses a version that is not a short string, as tRPC refuses any bad input', async () => {
    const input = encodeURIComponent(JSON.stringify({ since: 'x'.repeat(41) }));
    const res = await fetch(`${server.url}/trpc/market.playersSince?input=${input}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Version too long');
  });

  it('comes with the ticker as the rows changed since its previous message: a follower keeps the list without asking', async () => {
    const [follower, trader] = [await registerUser(server.url), await registerUser(server.url)];
    const ws = new WebSocket(server.url.replace('http', 'ws') + '/trpc');
    const changes: PlayersChange[] = [];
    ws.on('message', (m) => {
      const players = (JSON.parse(m.toString()) as { result?: { data?: { data?: LiveTicker } } }).result?.data?.data?.players;
      if (players) changes.push(players);
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'live.ticker', input: {} } }));
    const ids = (await players()).map((p) => p.id);
    const bought = [ids[11]!, ids[12]!, ids[11]!];
    // The first message tells followers of a version it knows nothing before: they ask for the list.
    await buy(trader, bought[0]!, 2);
    await expect.poll(() => changes.length).toBeGreaterThan(0);
    const first = await since(undefined, follower.token);
    let held = mergePlayers(undefined, first);
    let version = first.version;
    for (const [i, id] of bought.slice(1).entries()) {
      const seen = changes.length;
      await buy(trader, id, 3 + i);
      await expect.poll(() => changes.length).toBeGreaterThan(seen);
      const change = changes.at(-1)!;
      expect(change.rows.map((r) => r.id)).toContain(id);
      expect(followChange(version, change)).toBe('merge');
      held = mergeChange(held, change);
      version = change.version;
      expect(held).toEqual(await players(follower.token));
    }
    ws.close();
  });
});
