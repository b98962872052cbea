import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { backupDatabase } from '../db/backup.js';
import { openDb } from '../db/client.js';
import { createLedgerRepo } from '../db/repos/ledger.js';
import { createOrderBook } from '../domain/orderbook/index.js';
import { loadBooks } from '../engine/recovery.js';
import { ledgerProblems } from '../engine/test-support/invariants.js';
import { migrationsDir } from '../paths.js';
import type { LiveEvent, LiveTicker, LiveTrade } from '../shared/live.js';
import type { AppRouter } from './routers/index.js';
import { DB_FILE } from './start.js';
import { killChild, startChild } from './test-support/child.js';
import { freePort } from './test-support/ports.js';
import { leagueFile } from '../db/leagues/files.js';
import { api, registerUser, startTestServer, type TestServer } from './test-support/server.js';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-rel-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function testServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  cleanup.push(() => server.stop());
  return server;
}

async function cheapestPlayer(url: string): Promise<number> {
  const players = await api<{ id: number; salary: number }[]>(url, 'GET', '/players');
  return [...players.body].sort((a, b) => a.salary - b.salary)[0]!.id;
}

function follow(url: string, token?: string) {
  const client = createWSClient({
    url: url.replace('http', 'ws') + '/trpc',
    WebSocket: WebSocket as never,
    connectionParams: token ? { token } : undefined,
    retryDelayMs: () => 200,
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client })] });
  const received = { trades: [] as LiveTrade[], events: [] as LiveEvent[] };
  const subs = [
    trpc.live.ticker.subscribe(undefined, { onData: (e) => received.trades.push(...(e as unknown as { data: LiveTicker }).data.trades) }),
    trpc.live.events.subscribe(undefined, { onData: (e) => received.events.push((e as unknown as { data: LiveEvent }).data) }),
  ];
  cleanup.push(async () => {
    for (const sub of subs) sub.unsubscribe();
    await client.close();
  });
  return received;
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes, exits cleanly, and clients reconnect and resume their feed after the restart', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = await startChild(dataDir, port);
    const trader = await registerUser(first.url, 'graceful');
    const playerId = await cheapestPlayer(first.url);
    const feed = follow(first.url);
    await new Promise((r) => setTimeout(r, 300));
    await api(first.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token);
    await expect.poll(() => feed.trades.length).toBe(1);

    expect(await killChild(first, 'SIGTERM')).toBe(0);
    const second = await startChild(dataDir, port);
    cleanup.push(() => killChild(second));
    // The same session works after the restart, and the feed continues on the reconnected socket.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await api(second.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 2, pricePerShare: 1 }, trader.token)).toMatchObject({
      status: 200,
    });
    await expect.poll(() => feed.trades.length, { timeout: 10_000 }).toBe(2);
    expect(feed.trades[1]).toMatchObject({ shares_transferred: 2 });
    // Two real servers started one after the other, as the backup test below.
  }, 60_000);
});

describe('backups', () => {
  it('takes a consistent copy under load that restores into a working game with every invariant', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const child = await startChild(dataDir, port);
    cleanup.push(() => killChild(child));
    const users = [await registerUser(child.url, 'bk_a'), await registerUser(child.url, 'bk_b')];
    const playerId = await cheapestPlayer(child.url);
    let stop = false;
    const load = Promise.all(
      users.map(async (u, i) => {
        for (let n = 0; !stop; n += 1) {
          const body =
            n % 3 === 2
              ? ['/offers', { userId: u.id, playerId, shares: 1, pricePerShare: 2 + i }]
              : ['/trade/ask', { userId: u.id, playerId, shares: 1 + (n % 4), pricePerShare: 1 + (n % 3) }];
          await api(child.url, 'POST', body[0] as string, body[1], u.token);
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const backup = join(dataDir, 'manual-backup.db');
    const leagueBackup = join(dataDir, 'manual-backup-league-1.db');
    await backupDatabase(join(dataDir, DB_FILE), backup);
    await backupDatabase(leagueFile(dataDir, 1), leagueBackup);
    stop = true;
    await load;

    const restoredDir = tempDir();
    copyFileSync(backup, join(restoredDir, DB_FILE));
    mkdirSync(join(restoredDir, 'leagues'));
    copyFileSync(leagueBackup, leagueFile(restoredDir, 1));
    const db = openDb({ file: leagueFile(restoredDir, 1), migrationsFolder: migrationsDir });
    const trades = db.$client.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM trades').get()!.n;
    expect(trades).toBeGreaterThan(0);
    expect(ledgerProblems(db)).toEqual([]);
    db.$client.close();
    copyFileSync(join(dataDir, 'server-secret'), join(restoredDir, 'server-secret'));
    const restored = await startChild(restoredDir, await freePort());
    cleanup.push(() => killChild(restored));
    const login = await api(restored.url, 'POST', '/auth/login', { email: users[0]!.email, password: users[0]!.password });
    expect(login.status).toBe(200);
  }, 60_000);

  it('writes scheduled copies of the accounts and every league into DATA_DIR/backups, keeps only the newest, and opens no league to do it', async () => {
    const server = await testServer({ env: { BACKUP_KEEP: '2' } });
    const fan = await registerUser(server.url);
    for (const name of ['Backed Up One', 'Backed Up Two']) expect((await api(server.url, 'POST', '/leagues', { name }, fan.token)).status).toBe(200);
    for (const id of [2, 3]) await server.serverServices.hub.close(id);
    expect(server.serverServices.hub.size).toBe(1);
    const runs: string[][] = [];
    for (let i = 0; i < 3; i += 1) {
      runs.push(await server.backupNow());
      await new Promise((r) => setTimeout(r, 1_100));
    }
    expect(runs.map((files) => files.length)).toEqual([4, 4, 4]);
    expect(runs[2]!.filter((f) => f.includes(join('backups', 'leagues')))).toHaveLength(3);
    expect(runs[0]!.some((f) => existsSync(f))).toBe(false);
    expect([...runs[1]!, ...runs[2]!].every((f) => existsSync(f))).toBe(true);
    // The copies were read from the files: the closed leagues stayed closed.
    expect(server.serverServices.hub.size).toBe(1);
  });
});

describe('a full disk', () => {
  it('refuses orders with a clear error, changes nothing, keeps answering reads, and recovers', async () => {
    const server = await testServer({ orderRateLimit: { points: 10_000, durationSeconds: 60 } });
    const trader = await registerUser(server.url);
    const playerId = await cheapestPlayer(server.url);
    expect((await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 5, pricePerShare: 1 }, trader.token)).status).toBe(200);
    const sqlite = server.db.$client;
    const pages = sqlite.pragma('page_count', { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${pages}`);
    let refused: Awaited<ReturnType<typeof api>> | undefined;
    // Fill what is left of the last pages, then the next order cannot be saved.
    for (let i = 0; i < 200 && (!refused || refused.status === 200); i += 1) {
      refused = await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token);
    }
    expect(refused).toMatchObject({ status: 503, body: { error: expect.stringContaining('disk is full') } });
    expect(ledgerProblems(server.db)).toEqual([]);
    expect((await api(server.url, 'GET', '/players')).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    sqlite.pragma('max_page_count = 1073741823');
    expect((await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token)).status).toBe(200);
    const ref = { kind: 'player' as const, id: playerId };
    const rebuilt = loadBooks(createLedgerRepo(server.db), Date.now(), createOrderBook, new Set([`player:${playerId}`]));
    expect(server.services.exchange.book(ref)!.snapshot()).toEqual(rebuilt.get(`player:${playerId}`)!.snapshot());
  });
});

describe('sessions on open WebSockets', () => {
  it('stop receiving private events once the session is revoked, but keep the public feed', async () => {
    const server = await testServer();
    const trader = await registerUser(server.url);
    const playerId = await cheapestPlayer(server.url);
    const feed = follow(server.url, trader.token);
    await new Promise((r) => setTimeout(r, 300));
    await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token);
    await expect.poll(() => feed.events.some((e) => e.type === 'portfolioUpdated')).toBe(true);
    await expect.poll(() => feed.trades.length).toBe(1);

    const other = await api<{ token: string }>(server.url, 'POST', '/auth/login', { email: trader.email, password: trader.password });
    await api(server.url, 'POST', '/auth/logout', undefined, trader.token);
    feed.events.length = 0;
    feed.trades.length = 0;
    await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, other.body.token);
    await expect.poll(() => feed.trades.length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(feed.events).toEqual([]);
  });
});

describe('limits on orders', () => {
  it('rate-limits order calls per user with a clear 429', async () => {
    const server = await testServer({ orderRateLimit: { points: 3, durationSeconds: 60 } });
    const trader = await registerUser(server.url);
    const playerId = await cheapestPlayer(server.url);
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await api(server.url, 'POST', '/trade/dump', { userId: trader.id, playerId, shares: 1 }, trader.token);
    expect(last).toMatchObject({ status: 429, body: { error: 'Too many orders in a short time. Please wait a few seconds and try again.' } });
    const other = await registerUser(server.url);
    expect((await api(server.url, 'POST', '/trade/ask', { userId: other.id, playerId, shares: 1, pricePerShare: 1 }, other.token)).status).toBe(200);
  });

  it('caps the open asks and offers of one user', async () => {
    const server = await testServer({ orderRateLimit: { points: 10_000, durationSeconds: 60 } });
    const seller = await registerUser(server.url);
    const playerId = await cheapestPlayer(server.url);
    await api(server.url, 'POST', '/trade/ask', { userId: seller.id, playerId, shares: 300, pricePerShare: 1 }, seller.token);
    const { MAX_OPEN_ORDERS_PER_USER } = await import('../engine/exchange.js');
    for (let i = 0; i < MAX_OPEN_ORDERS_PER_USER; i += 1) {
      const res = await api(server.url, 'POST', '/offers', { userId: seller.id, playerId, shares: 1, pricePerShare: 50 + i }, seller.token);
      expect(res.status).toBe(200);
    }
    const over = await api(server.url, 'POST', '/offers', { userId: seller.id, playerId, shares: 1, pricePerShare: 99 }, seller.token);
    expect(over).toMatchObject({
      status: 400,
      body: { error: `You already have ${MAX_OPEN_ORDERS_PER_USER} open asks and offers: cancel some before posting more` },
    });
  });
});
