import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { endSeason } from './season-end.js';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { fillTodaysMarket } from '../db/leagues/test-support/today-market.js';
import { createTradeReadsRepo } from '../db/repos/trade-reads.js';
import { migrationsBefore } from '../db/test-support/migrations.js';
import { createSeasonsRepo } from '../db/seasons/seasons-repo.js';

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
    declines: all('SELECT * FROM declined_asks ORDER BY order_id, user_id'),
  };
};

describe('migration 0010 (seasons)', () => {
  it('upgrades a league made by the earlier migrations in place: everything kept, its trades season 1, season 1 current', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-seasons-'));
    dirs.push(dir);
    const file = join(dir, '1.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0010_seasons', join(dir, 'old')) });
    fillTodaysMarket(old);
    const before = everything(old);
    expect(before.trades).toHaveLength(4);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    expect(everything(db)).toEqual(before);
    const seasons = createSeasonsRepo(db);
    // Season 1 began with the league's first trade.
    expect(seasons.list()).toEqual([{ number: 1, startedAt: 1_000, endedAt: null, endsAt: null }]);
    expect(createTradeReadsRepo(db).recent(10)).toHaveLength(4);

    // Ending it archives those trades as season 1's; season 2 starts with none of them, and they stay in the file.
    const exchange = createExchange({ db, bus: new EventBus(), now: () => 50_000 });
    const ended = endSeason(exchange, db, 8_000_000_000);
    expect(ended.ok && ended.value.number).toBe(1);
    expect(ended.ok && ended.value.archive.tradeCount).toBe(4);
    expect(seasons.list()).toEqual([
      { number: 1, startedAt: 1_000, endedAt: 50_000, endsAt: null },
      { number: 2, startedAt: 50_000, endedAt: null, endsAt: null },
    ]);
    expect(createTradeReadsRepo(db).recent(10)).toEqual([]);
    expect(everything(db).trades).toEqual(before.trades);
    exchange.close();
    db.$client.close();
  });

  it('starts a new league file in season 1', () => {
    const db = openDb({ file: ':memory:', migrationsFolder: migrationsDir });
    expect(createSeasonsRepo(db).current()).toMatchObject({ number: 1, endedAt: null });
  });
});
