import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testExchange } from '../../engine/test-support/exchange.js';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import type { PlayerOut } from '../../shared/schemas/market.js';
import { encodingOf } from '../encoded-answers.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';
import { playerRows, SharedPlayerList, type EncodedRow } from './player-list.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The raw bytes of a GET, and its status. */
function getBytes(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; length: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), length: res.headers['content-length'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The list the way it was built for each caller before it was shared: every row read from the read models for this caller. */
function builtForCaller(userId: number | null): PlayerOut[] {
  const league = server.serverServices.hub.get(DEFAULT_LEAGUE_ID)!;
  return playerRows(league.exchange.readModels(), userId);
}

async function buy(user: TestUser, playerId: number, shares: number): Promise<void> {
  const answer = await api(server.url, 'POST', '/trade/ask', { userId: user.id, playerId, shares, pricePerShare: 1 }, user.token);
  expect(answer.status).toBe(200);
}

async function trpcPlayers(token: string): Promise<PlayerOut[]> {
  const res = await fetch(`${server.url}/trpc/market.players`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: PlayerOut[] } }).result.data;
}

describe('the players list of a signed-in caller (GET /api/players, market.players)', () => {
  it('is byte for byte the list built for that caller alone, with their shares of every player they hold, on REST and tRPC alike', async () => {
    const anonymous = (await api<PlayerOut[]>(server.url, 'GET', '/players')).body;
    const held = [anonymous[0]!, anonymous[3]!, anonymous.at(-1)!, anonymous[Math.floor(anonymous.length / 2)]!];
    const trader = await registerUser(server.url);
    const bought = new Map<number, number>();
    for (const [i, p] of held.entries()) {
      if (bought.has(p.id)) continue;
      await buy(trader, p.id, 3 + i * 11);
      bought.set(p.id, 3 + i * 11);
    }

    const answer = await getBytes('/api/players', { authorization: `Bearer ${trader.token}` });
    expect(answer.status).toBe(200);
    expect(answer.length).toBe(String(answer.body.length));
    expect(answer.body.toString('utf8')).toBe(JSON.stringify(builtForCaller(trader.id)));
    const list = JSON.parse(answer.body.toString('utf8')) as PlayerOut[];
    expect(list.filter((p) => p.owned > 0).map((p) => [p.id, p.owned])).toEqual(
      [...bought].sort((a, b) => list.findIndex((p) => p.id === a[0]) - list.findIndex((p) => p.id === b[0])),
    );
    expect(await trpcPlayers(trader.token)).toEqual(list);

    // Another caller's list in the same state of the market: their own shares only.
    const other = await registerUser(server.url);
    const theirs = (await api<PlayerOut[]>(server.url, 'GET', '/players', undefined, other.token)).body;
    expect(theirs.every((p) => p.owned === 0)).toBe(true);
    expect(theirs).toEqual(builtForCaller(other.id));
  });

  it('is fresh after a trade: the caller’s shares and the market’s supply and holders both move', async () => {
    const trader = await registerUser(server.url);
    const before = (await api<PlayerOut[]>(server.url, 'GET', '/players', undefined, trader.token)).body;
    const player = before[1]!;
    await buy(trader, player.id, 5);
    const after = (await api<PlayerOut[]>(server.url, 'GET', '/players', undefined, trader.token)).body;
    expect(after.find((p) => p.id === player.id)).toMatchObject({
      owned: 5,
      shares_remaining: player.shares_remaining - 5,
      shareholder_count: player.shareholder_count + 1,
    });
    expect((await trpcPlayers(trader.token)).find((p) => p.id === player.id)).toMatchObject({ owned: 5, shares_remaining: player.shares_remaining - 5 });

    await buy(trader, player.id, 2);
    const again = (await api<PlayerOut[]>(server.url, 'GET', '/players', undefined, trader.token)).body;
    expect(again.find((p) => p.id === player.id)).toMatchObject({ owned: 7, shares_remaining: player.shares_remaining - 7 });
    expect(again).toEqual(builtForCaller(trader.id));
  });
});

describe('SharedPlayerList', () => {
  const row = (id: number, name: string): PlayerOut => ({
    id,
    name,
    team_name: 'Señores “Test”',
    team_code: 'TST',
    salary: 1_000_000 + id,
    total_shares: 1_000_000 + id,
    shares_available: 900_000,
    shares_remaining: 900_000,
    total_distributed: 100_000 + id,
    shareholder_count: 3,
    last_trade_price: id % 2 ? 1.25 : null,
    current_price: 1,
    restricted_until: null,
    owned: 0,
    retiredAt: null,
  });
  const rows = [row(1, 'Nikola Jokić'), row(2, 'Luka Dončić 🏀'), row(3, 'owned":0 "owned":0'), row(4, 'Plain Name')];
  const bytesOf = (list: PlayerOut[]) => Buffer.concat(encodingOf(list)!).toString('utf8');

  it('places each caller’s shares by byte, whatever the names before them are written in', () => {
    const shared = new SharedPlayerList(rows);
    expect(bytesOf(shared.rows)).toBe(JSON.stringify(rows));
    const mine = new Map([
      [4, 12],
      [2, 7_000_000],
      [99, 5],
    ]);
    const joined = shared.joined(mine);
    const expected = rows.map((r) => ({ ...r, owned: mine.get(r.id) ?? 0 }));
    expect(joined).toEqual(expected);
    expect(bytesOf(joined)).toBe(JSON.stringify(expected));
    // The shared rows are left as they were for the next caller.
    expect(bytesOf(shared.joined(new Map()))).toBe(JSON.stringify(rows));
    expect(shared.rows.every((r) => r.owned === 0)).toBe(true);
  });

  it('made again after a change, keeps the rows that did not change and encodes those that did', () => {
    const kept = new Map<number, EncodedRow>();
    const first = new SharedPlayerList(rows, kept);
    const changed = rows.map((r) => (r.id === 2 ? { ...r, shares_remaining: 899_990, name: 'Luka Dončić 🏀🏀' } : { ...r }));
    const second = new SharedPlayerList(changed.slice(0, 3), kept);
    expect(second.rows[0]).toBe(first.rows[0]);
    expect(second.rows[1]).not.toBe(first.rows[1]);
    expect(bytesOf(second.rows)).toBe(JSON.stringify(changed.slice(0, 3)));
    expect(bytesOf(second.joined(new Map([[3, 4]])))).toBe(JSON.stringify(changed.slice(0, 3).map((r) => ({ ...r, owned: r.id === 3 ? 4 : 0 }))));
    // A player no longer listed is forgotten.
    expect([...kept.keys()].sort()).toEqual([1, 2, 3]);
  });

  it('patched with the rows that may have changed, is the list built whole, its other rows taken as they were', () => {
    const kept = new Map<number, EncodedRow>();
    const first = new SharedPlayerList(rows, kept);
    const after = rows.map((r) => (r.id === 3 ? { ...r, shares_remaining: 1, name: 'Now “Three” 🏀' } : r));
    const patched = first.patched([{ ...after[2]! }, { ...after[0]! }], kept)!;
    expect(bytesOf(patched.rows)).toBe(JSON.stringify(after));
    expect(patched.changed).toEqual([3]);
    expect(patched.rows[0]).toBe(first.rows[0]);
    expect(patched.rows[2]).not.toBe(first.rows[2]);
    expect(bytesOf(patched.joined(new Map([[3, 8]])))).toBe(JSON.stringify(after.map((r) => ({ ...r, owned: r.id === 3 ? 8 : 0 }))));
    expect(patched.rowsOf(new Set([4, 3, 99]))).toEqual([after[2], after[3]]);
    // `kept` holds the new list's rows: the next list, patched or built whole, starts from them.
    expect(new SharedPlayerList(after, kept).changed).toEqual([]);
    expect(first.patched([row(5, 'New Rookie')], kept)).toBeNull();
  });

  it('says which players’ rows changed from the list before, or that players came, went or moved (null)', () => {
    const kept = new Map<number, EncodedRow>();
    expect(new SharedPlayerList(rows, kept).changed).toBeNull();
    expect(new SharedPlayerList(rows.map((r) => ({ ...r })), kept).changed).toEqual([]);
    const moved = rows.map((r) => (r.id === 3 || r.id === 1 ? { ...r, shareholder_count: 9 } : r));
    expect(new SharedPlayerList(moved, kept).changed).toEqual([1, 3]);
    expect(new SharedPlayerList([...moved, row(5, 'New Rookie')], kept).changed).toBeNull();
    expect(new SharedPlayerList([...moved, row(5, 'New Rookie')], kept).changed).toEqual([]);
    expect(new SharedPlayerList(moved, kept).changed).toBeNull();
    expect(new SharedPlayerList([moved[1]!, moved[0]!, moved[2]!, moved[3]!], kept).changed).toBeNull();
    // Kept in the new order: the next list in it is the same shape.
    expect(new SharedPlayerList([moved[1]!, moved[0]!, moved[2]!, moved[3]!], kept).changed).toEqual([]);
  });

  it('refuses a list that breaks the schema when it is made, not when it is sent', () => {
    expect(() => new SharedPlayerList([{ ...rows[0]!, owned: -1 }])).toThrow();
  });
});

describe('the players list’s versions', () => {
  it('are not answered as changes by another process (a server restarted): the same numbers there are other lists', async () => {
    const t = testExchange();
    t.player(60);
    const m = t.exchange.readModels();
    vi.resetModules();
    const before = await import('./player-list.js');
    vi.resetModules();
    const after = await import('./player-list.js');
    const held = before.sharedPlayerLists().since(m, undefined).version;
    const restarted = after.sharedPlayerLists();
    expect(restarted.since(m, held).changed).toBeNull();
    // Its own versions it answers as changes.
    expect(restarted.since(m, restarted.since(m, undefined).version).changed).toEqual(new Set());
  });
});
