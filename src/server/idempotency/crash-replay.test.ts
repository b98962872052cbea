import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { leagueFile } from '../../db/leagues/files.js';
import { IDEMPOTENCY_TEXT } from '../../domain/idempotency.js';
import { killChild, startChild, type ChildServer } from '../test-support/child.js';
import { freePort } from '../test-support/ports.js';
import { api, registerUser } from '../test-support/server.js';

const holdFsync = pathToFileURL(join(import.meta.dirname, '../test-support/hold-fsync.ts')).href;
const dataDir = mkdtempSync(join(tmpdir(), 'hoops-key-crash-'));
const marker = join(dataDir, 'hold-fsync');
let child: ChildServer | undefined;

afterAll(async () => {
  if (child) await killChild(child);
  rmSync(dataDir, { recursive: true, force: true });
});

type Buy = { sharesPurchased: number; message: string; fills: { tradeId: number; shares: number }[] };

async function keyedBuy(url: string, body: unknown, token: string, key: string) {
  const res = await fetch(`${url}/api/trade/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Buy, replayed: res.headers.get('idempotent-replayed') };
}

describe('a SIGKILL between commit and answer', () => {
  it('leaves one effect, and a replay of the key answers the first answer', async () => {
    const port = await freePort();
    child = await startChild(dataDir, port, { HOLD_FSYNC_WHILE: marker }, [holdFsync]);
    const u = await registerUser(child.url, 'crash_replay');
    const players = await api<{ id: number; salary: number; name: string }[]>(child.url, 'GET', '/players');
    const player = [...players.body].sort((a, b) => b.salary - a.salary)[0]!;
    const order = { userId: u.id, playerId: player.id, shares: 1_000_000, pricePerShare: 1 };
    const key = 'buy-curry-once';

    // Committed, never answered: the log's fsync is held.
    writeFileSync(marker, '');
    let answered = false;
    const first = keyedBuy(child.url, order, u.token, key).then(
      () => (answered = true),
      () => 'connection lost',
    );
    const reader = new Database(leagueFile(dataDir, 1), { readonly: true, fileMustExist: true });
    const stored = reader.prepare<[number, string], { answer: string }>('SELECT answer FROM idempotency_keys WHERE user_id = ? AND key = ?');
    // A fresh server on a busy machine may still be warming the league's market when the order comes.
    await expect.poll(() => stored.get(u.id, key), { timeout: 60_000, interval: 5 }).toBeDefined();
    const kept = JSON.parse(stored.get(u.id, key)!.answer) as { ok: true; value: { bought: number; fills: { tradeId: number }[] } };
    reader.close();
    expect(answered).toBe(false);
    await killChild(child);
    expect(await first).toBe('connection lost');

    unlinkSync(marker);
    child = await startChild(dataDir, port);
    const replay = await keyedBuy(child.url, order, u.token, key);
    expect(replay.status).toBe(200);
    expect(replay.replayed).toBe('true');
    expect(replay.body.sharesPurchased).toBe(1_000_000);
    expect(replay.body.message).toBe(`Purchased 1,000,000 shares of ${player.name} for $1,000,000.00`);
    expect(replay.body.fills.map((f) => f.tradeId)).toEqual(kept.value.fills.map((f) => f.tradeId));

    // One effect: one trade of a million shares, a million shares held, $1,000,000 paid.
    const after = new Database(leagueFile(dataDir, 1), { readonly: true });
    expect(after.prepare('SELECT COUNT(*) AS n, SUM(shares) AS shares FROM trades WHERE buyer_id = ?').get(u.id)).toEqual({ n: 1, shares: 1_000_000 });
    expect(after.prepare('SELECT shares FROM holdings WHERE user_id = ?').get(u.id)).toEqual({ shares: 1_000_000 });
    expect(after.prepare('SELECT balance_cents AS cash FROM users WHERE id = ?').get(u.id)).toEqual({ cash: 8_000_000_000 - 100_000_000 });
    after.close();
    expect(await keyedBuy(child.url, { ...order, shares: 2 }, u.token, key)).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_TEXT.reused } });
  }, 120_000);
});
