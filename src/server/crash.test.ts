import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/client.js';
import { ledgerProblems } from '../engine/test-support/invariants.js';
import { migrationsDir } from '../paths.js';
import { leagueFile } from '../db/leagues/files.js';
import { killChild as kill, startChild, type ChildServer as Child } from './test-support/child.js';
import { freePort } from './test-support/ports.js';
import { api, registerUser } from './test-support/server.js';

/** Kills this many times under load; `npm run soak` sets more. */
const KILLS = Number(process.env.CRASH_KILLS ?? 3);

interface Acked {
  tradeId: number;
  shares: number;
  price: number;
}

type User = Awaited<ReturnType<typeof registerUser>>;
type Fill = { tradeId: number; shares: number; price_per_share: number };

/** Sends mixed orders from every user until stopped, recording every fill the server acknowledged. */
async function load(url: string, users: User[], players: number[], acked: Map<number, Acked>, stop: { now: boolean }): Promise<void> {
  let n = 0;
  const one = async (u: User) => {
    while (!stop.now) {
      n += 1;
      const playerId = players[n % players.length]!;
      const kind = n % 5;
      const body =
        kind === 0
          ? ['POST', '/offers', { userId: u.id, playerId, shares: 1 + (n % 7), pricePerShare: 1 + (n % 4) }]
          : kind === 1
            ? ['POST', '/trade/dump', { userId: u.id, playerId, shares: 1 + (n % 3) }]
            : kind === 2
              ? ['PUT', `/portfolio/${u.id}/min-sell-price/${playerId}`, { minSellPrice: 1 + (n % 5) }]
              : ['POST', '/trade/ask', { userId: u.id, playerId, shares: 1 + (n % 9), pricePerShare: 1 + (n % 6) }];
      try {
        const res = await api<{ fills?: Fill[] }>(url, body[0] as string, body[1] as string, body[2], u.token);
        if (res.status === 200)
          for (const f of res.body.fills ?? []) acked.set(f.tradeId, { tradeId: f.tradeId, shares: f.shares, price: Math.round(f.price_per_share * 100) });
      } catch {
        return; // the server died mid-request: that order was never acknowledged
      }
    }
  };
  await Promise.all(users.map(one));
}

describe('crash safety', () => {
  let dataDir: string;
  let port: number;
  let child: Child;
  let users: User[];
  let players: number[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hoops-crash-'));
    port = await freePort();
    child = await startChild(dataDir, port);
    users = [];
    for (let i = 0; i < 5; i += 1) users.push(await registerUser(child.url, `crash_${i}`));
    const list = await api<{ id: number; salary: number }[]>(child.url, 'GET', '/players');
    players = [...list.body]
      .sort((a, b) => a.salary - b.salary)
      .slice(0, 3)
      .map((p) => p.id);
  }, 60_000);

  afterAll(async () => {
    if (child) await kill(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged trade and the invariants through ${KILLS} SIGKILLs under load`, async () => {
    const acked = new Map<number, Acked>();
    for (let round = 0; round < KILLS; round += 1) {
      const stop = { now: false };
      const running = load(child.url, users, players, acked, stop);
      await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 700)));
      await kill(child);
      stop.now = true;
      await running;
      child = await startChild(dataDir, port);

      const db = openDb({ file: leagueFile(dataDir, 1), migrationsFolder: migrationsDir });
      try {
        const stored = db.$client.prepare<[number], { shares: number; price: number }>('SELECT shares, price_cents AS price FROM trades WHERE id = ?');
        for (const trade of acked.values()) expect(stored.get(trade.tradeId), `trade ${trade.tradeId}`).toEqual({ shares: trade.shares, price: trade.price });
        expect(ledgerProblems(db)).toEqual([]);
      } finally {
        db.$client.close();
      }
      // The restarted server serves the same users.
      expect(
        (await api(child.url, 'POST', '/trade/ask', { userId: users[0]!.id, playerId: players[0], shares: 1, pricePerShare: 1 }, users[0]!.token)).status,
      ).toBe(200);
    }
    expect(acked.size).toBeGreaterThan(0);
    console.info(`crash: ${KILLS} SIGKILLs survived, ${acked.size} acknowledged trades all found after restarts`);
  }, 600_000);
});
