import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { fillTodaysMarket } from '../db/leagues/test-support/today-market.js';
import { createIdempotencyKeysRepo } from '../db/repos/idempotency-keys.js';
import { migrationsBefore } from '../db/test-support/migrations.js';

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
    // The columns the version before the next migrations has (0015 adds a season's end time).
    seasons: all('SELECT number, started_at, ended_at, after_trade_id, archive FROM seasons ORDER BY number'),
    audit: all('SELECT * FROM audit_log ORDER BY id'),
  };
};

describe('migration 0011 (idempotency keys)', () => {
  it('upgrades a file made by the earlier migrations in place, everything kept, and keeps a command’s key with its effect', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-keys-'));
    dirs.push(dir);
    const file = join(dir, '1.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0011_idempotency_keys', join(dir, 'old')) });
    fillTodaysMarket(old);
    const before = everything(old);
    expect(before.trades.length).toBeGreaterThan(0);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    expect(everything(db)).toEqual(before);

    // A keyed buy on the upgraded file: its answer is written in the command's savepoint.
    const keys = createIdempotencyKeysRepo(db);
    const exchange = createExchange({ db, bus: new EventBus(), now: () => 50_000 });
    const alice = (before.users[0] as { id: number }).id;
    const star = (before.players[0] as { id: number }).id;
    const result = exchange.submitNow({ type: 'buy', userId: alice, instrument: { kind: 'player', id: star }, shares: 3, priceCents: 100 }, (r) =>
      keys.record({ userId: alice, key: 'k1', command: 'trade.buy', fingerprint: 'f', answer: JSON.stringify(r), createdAt: 50_000 }, 0),
    );
    expect(result.ok).toBe(true);
    expect(keys.find(alice, 'k1', 0)).toMatchObject({ command: 'trade.buy', fingerprint: 'f', createdAt: 50_000 });
    // A failing remember rolls the command back with it.
    const tradesBefore = everything(db).trades.length;
    expect(() =>
      exchange.submitNow({ type: 'buy', userId: alice, instrument: { kind: 'player', id: star }, shares: 3, priceCents: 100 }, (r) =>
        keys.record({ userId: alice, key: 'k1', command: 'trade.buy', fingerprint: 'f', answer: JSON.stringify(r), createdAt: 50_001 }, 0),
      ),
    ).toThrow(/already recorded/);
    expect(everything(db).trades).toHaveLength(tradesBefore);
    exchange.close();
    db.$client.close();
  });
});
