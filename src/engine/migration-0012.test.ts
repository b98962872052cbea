import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { fillTodaysMarket } from '../db/leagues/test-support/today-market.js';
import { addPlayer, addTrade, addUser, holdPlayer } from '../db/test-support/fixtures.js';
import { migrationsBefore } from '../db/test-support/migrations.js';
import { createTradeReadsRepo } from '../db/repos/trade-reads.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const everything = (db: Db) => {
  const all = (sql: string) => db.$client.prepare(sql).all();
  return {
    users: all('SELECT * FROM users ORDER BY id'),
    players: all('SELECT * FROM players ORDER BY id'),
    teams: all('SELECT * FROM teams ORDER BY id'),
    holdings: all('SELECT * FROM holdings ORDER BY user_id, instrument, instrument_id'),
    orders: all('SELECT * FROM orders ORDER BY id'),
    trades: all('SELECT id, instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at FROM trades ORDER BY id'),
    // The columns the version before the next migrations has (0015 adds a season's end time).
    seasons: all('SELECT number, started_at, ended_at, after_trade_id, archive FROM seasons ORDER BY number'),
  };
};

describe('migration 0012 (the reason of a trade)', () => {
  it('upgrades a league in place: everything kept, the buy-backs of players retired before marked as such, nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-reason-'));
    dirs.push(dir);
    const file = join(dir, '1.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0012_trades_reason', join(dir, 'old')) });
    const market = fillTodaysMarket(old);
    // As the version before retired a player: a holder dumped some shares first, then the open market bought the rest back at his retirement.
    const team = old.$client.prepare<[], { id: number }>('SELECT id FROM teams ORDER BY id LIMIT 1').get()!.id;
    const gone = addPlayer(old, { teamId: team, name: 'Amari Williams', salary: 1_000_000, retiredAt: 20_000 });
    const [ann, ben] = [addUser(old, 'ann'), addUser(old, 'ben')];
    const dump = addTrade(old, { instrumentId: gone, buyerId: null, sellerId: ann, shares: 7, priceCents: 100, at: 19_000 });
    const buyBacks = [
      addTrade(old, { instrumentId: gone, buyerId: null, sellerId: ann, shares: 280_000, priceCents: 100, at: 20_000 }),
      addTrade(old, { instrumentId: gone, buyerId: null, sellerId: ben, shares: 12, priceCents: 100, at: 20_000 }),
    ];
    // A holding of an active player, and a dump of one, stay ordinary.
    holdPlayer(old, ben, market.star, 5, 500);
    const before = everything(old);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    expect(everything(db)).toEqual(before);
    const reasons = db.$client.prepare<[], { id: number; reason: string | null }>('SELECT id, reason FROM trades WHERE reason IS NOT NULL ORDER BY id').all();
    expect(reasons).toEqual(buyBacks.map((id) => ({ id, reason: 'retirement' })));
    const reads = createTradeReadsRepo(db);
    expect(reads.ofUser(ann, 10).map((t) => [t.id, t.reason])).toEqual([
      [buyBacks[0], 'retirement'],
      [dump, null],
    ]);
    // The holders he had at retirement, most shares first, from the index of buy-backs.
    expect(reads.holdersAtRetirement(gone, null, 10)).toEqual([
      { userId: ann, username: 'ann', shares: 280_000 },
      { userId: ben, username: 'ben', shares: 12 },
    ]);
    const plan = db.$client
      .prepare(
        "EXPLAIN QUERY PLAN SELECT seller_id, shares FROM trades WHERE reason = 'retirement' AND instrument_id = 1 ORDER BY shares DESC, seller_id LIMIT 5",
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('trades_retirement');
    db.$client.close();
  });
});
