import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from './test-support/server.js';

let server: TestServer;
let trader: TestUser;
let playerId: number;
beforeAll(async () => {
  server = await startTestServer();
  trader = await registerUser(server.url);
  const players = await api<{ id: number; name: string }[]>(server.url, 'GET', '/players');
  // A name beyond Latin-1 (Jokić, Dončić…) when the roster has one: the answer's JSON is then a two-byte string.
  playerId = (players.body.find((p) => [...p.name].some((c) => c.codePointAt(0)! > 0xff)) ?? players.body[0]!).id;
  await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 5, pricePerShare: 1 }, trader.token);
});
afterAll(() => server.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A batched query as the web app's tRPC client sends it; `viaTrpc` asks for tRPC's own JSON answer by name, which the fast path leaves to tRPC. */
function batch(calls: [path: string, input?: unknown][], token?: string, viaTrpc = false): Promise<Answer> {
  const input = Object.fromEntries(calls.flatMap(([, value], i) => (value === undefined ? [] : [[String(i), value]])));
  const path = `/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (viaTrpc) headers['trpc-accept'] = 'application/json';
  return getRaw(path, headers);
}

function getRaw(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function bothWays(calls: [string, unknown?][], token?: string) {
  const fast = await batch(calls, token);
  const trpc = await batch(calls, token, true);
  return { fast, trpc };
}

describe('batched queries', () => {
  it('answer byte for byte what tRPC answers, in one piece: the players list with the caller’s shares, the user box, a portfolio, the counts', async () => {
    const calls: [string, unknown?][] = [
      ['market.players'],
      ['auth.me'],
      ['portfolio.get', { userId: trader.id }],
      ['market.counts'],
      ['market.detail', { playerId }],
    ];
    const { fast, trpc } = await bothWays(calls, trader.token);
    expect(fast.status).toBe(200);
    expect(fast.body.toString('utf8')).toBe(trpc.body.toString('utf8'));
    // Sized, where tRPC's adapter streams its answer in chunks.
    expect(fast.headers['content-length']).toBe(String(fast.body.length));
    expect(trpc.headers['content-length']).toBeUndefined();
    expect(fast.headers['content-type']).toBe(trpc.headers['content-type']);
    expect(fast.headers.vary).toBe(trpc.headers.vary);
    const [players] = JSON.parse(fast.body.toString('utf8')) as [{ result: { data: { id: number; owned: number }[] } }];
    expect(players.result.data.find((p) => p.id === playerId)?.owned).toBe(5);
  });

  it('answer an anonymous caller as tRPC does, without anyone’s shares', async () => {
    const { fast, trpc } = await bothWays([['market.players'], ['trades.recent', { limit: 5 }]]);
    expect(fast.status).toBe(200);
    expect(fast.body.equals(trpc.body)).toBe(true);
    expect(fast.headers['content-length']).toBeDefined();
    const [players] = JSON.parse(fast.body.toString('utf8')) as [{ result: { data: { owned: number }[] } }];
    expect(players.result.data.every((p) => p.owned === 0)).toBe(true);
  });

  it('leave a batch with a refused call to tRPC: the same statuses and error shapes, and the other calls still answered', async () => {
    for (const calls of [
      // Not signed in.
      [['market.counts'], ['auth.me'], ['market.myOrders']],
      // An input that fails its schema.
      [['market.players'], ['portfolio.get', { userId: 'x' }]],
      // A player that does not exist.
      [['market.detail', { playerId: 987_654 }]],
    ] as [string, unknown?][][]) {
      const { fast, trpc } = await bothWays(calls);
      expect(fast.status).not.toBe(200);
      expect(fast.status).toBe(trpc.status);
      expect(fast.body.toString('utf8')).toBe(trpc.body.toString('utf8'));
      expect(fast.body.toString('utf8')).not.toContain('    at ');
    }
  });

  it('leave mutations, unknown procedures and malformed input to tRPC, and a GET writes nothing', async () => {
    const cash = async () => {
      const me = await batch([['auth.me']], trader.token);
      return (JSON.parse(me.body.toString('utf8')) as [{ result: { data: { balance: number } } }])[0].result.data.balance;
    };
    const before = await cash();
    for (const calls of [[['trade.buy', { playerId, shares: 1 }]], [['market.players'], ['market.nothing']], [['toString'], ['constructor']]] as [string, unknown?][][]) {
      const { fast, trpc } = await bothWays(calls, trader.token);
      expect(fast.status).not.toBe(200);
      expect(fast.status).toBe(trpc.status);
      expect(fast.body.equals(trpc.body)).toBe(true);
    }
    const malformed = (headers: Record<string, string>) => getRaw('/trpc/market.detail?batch=1&input=%7Bnot%20json', headers);
    const [fast, trpc] = [await malformed({}), await malformed({ 'trpc-accept': 'application/json' })];
    expect(fast.status).toBe(trpc.status);
    expect(fast.body.equals(trpc.body)).toBe(true);
    expect(await cash()).toBe(before);
  });
});
