import type * as nodeFs from 'node:fs';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { PublishedEvent } from '../engine/events.js';
import { leagueFile } from '../db/leagues/files.js';
import { api, registerUser, startTestServer, type JsonResponse, type TestServer } from './test-support/server.js';

/**
 * The log's fsync runs for real, but while `held` is on its callback (what tells the exchange the
 * commit is on disk) waits until the test lets it go: the window between a group's commit and the
 * end of its fsync, made as long as the test needs.
 */
const disk = vi.hoisted(() => ({ hold: false, held: [] as (() => void)[], failNext: null as NodeJS.ErrnoException | null }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof nodeFs>();
  const fsync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) =>
    fs.fsync(fd, (error) => {
      const failure = disk.failNext;
      disk.failNext = null;
      const answer = () => done(failure ?? error);
      if (disk.hold) disk.held.push(answer);
      else answer();
    });
  return { ...fs, default: { ...fs, fsync }, fsync };
});

let server: TestServer;
let playerId: number;
const events: PublishedEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ orderRateLimit: { points: 1_000, durationSeconds: 60 } });
  server.services.bus.subscribe((e) => events.push(e));
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  playerId = [...players.body].sort((a, b) => b.salary - a.salary)[0]!.id;
});
afterAll(() => server.stop());

interface RecentTrade {
  tradeId: number;
  buyer_id: number | null;
  shares_transferred: number;
}
type BuyAnswer = { sharesPurchased: number; fills: { tradeId: number }[] };

function releaseDisk(): void {
  disk.hold = false;
  disk.held.splice(0).forEach((answer) => answer());
}

const tradesOf = (userId: number) => (t: RecentTrade) => t.buyer_id === userId;

describe('durability', () => {
  it('answers an order only once its commit is on disk; until then a read may already show its trade', async () => {
    const buyer = await registerUser(server.url);
    await server.services.exchange.idle();
    disk.hold = true;
    onTestFinished(releaseDisk);
    let answer: JsonResponse<BuyAnswer> | undefined;
    const order = api<BuyAnswer>(server.url, 'POST', '/trade/ask', { userId: buyer.id, playerId, shares: 7, pricePerShare: 1 }, buyer.token).then(
      (a) => (answer = a),
    );

    // Committed, and its fsync has returned from the disk, but the exchange has not been told yet.
    await expect.poll(() => disk.held.length, { timeout: 10_000 }).toBe(1);
    const eventsBefore = events.length;

    // A page read now already shows the trade, and so does any other connection to the file ...
    const recent = await api<RecentTrade[]>(server.url, 'GET', '/trades/recent?limit=50');
    expect(recent.body.filter(tradesOf(buyer.id))).toEqual([expect.objectContaining({ shares_transferred: 7 })]);
    const portfolio = await api<{ players: { player_id: number; shares_owned: number }[] }>(server.url, 'GET', `/portfolio/${buyer.id}`);
    expect(portfolio.body.players).toEqual([expect.objectContaining({ player_id: playerId, shares_owned: 7 })]);
    const file = leagueFile(server.dataDir, 1);
    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('SELECT COUNT(*) AS n FROM trades WHERE buyer_id = ?').get(buyer.id)).toEqual({ n: 1 });
    reader.close();
    // ... and so would the files a killed process leaves behind: the write has reached the operating system.
    copyFileSync(file, join(server.dataDir, 'killed.db'));
    copyFileSync(`${file}-wal`, join(server.dataDir, 'killed.db-wal'));
    const afterKill = new Database(join(server.dataDir, 'killed.db'));
    expect(afterKill.prepare('SELECT COUNT(*) AS n FROM trades WHERE buyer_id = ?').get(buyer.id)).toEqual({ n: 1 });
    afterKill.close();

    // But nobody has been told: no answer, no live event, however long the disk takes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answer).toBeUndefined();
    expect(events.length).toBe(eventsBefore);

    releaseDisk();
    await order;
    expect(answer).toMatchObject({ status: 200, body: { sharesPurchased: 7 } });
    const tradeId = answer!.body.fills[0]!.tradeId;
    expect(recent.body.filter(tradesOf(buyer.id))[0]!.tradeId).toBe(tradeId);
    expect(events.slice(eventsBefore)).toContainEqual(expect.objectContaining({ type: 'tradeCompleted', trade: expect.objectContaining({ tradeId }) }));
  });

  it('answers with an error when the disk refuses the fsync, and takes no more orders', async () => {
    const buyer = await registerUser(server.url);
    await server.services.exchange.idle();
    disk.failNext = Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO', errno: -5 });
    const failed = await api(server.url, 'POST', '/trade/ask', { userId: buyer.id, playerId, shares: 3, pricePerShare: 1 }, buyer.token);
    expect(failed.status).toBe(500);
    // The commit was made before the disk refused: it may survive, though its order was not confirmed.
    const reader = new Database(leagueFile(server.dataDir, 1), { readonly: true });
    expect(reader.prepare('SELECT COUNT(*) AS n FROM trades WHERE buyer_id = ?').get(buyer.id)).toEqual({ n: 1 });
    reader.close();
    const next = await api(server.url, 'POST', '/trade/ask', { userId: buyer.id, playerId, shares: 3, pricePerShare: 1 }, buyer.token);
    expect(next).toMatchObject({ status: 503, body: { error: expect.stringContaining('takes no orders until it is restarted') } });
  });
});
