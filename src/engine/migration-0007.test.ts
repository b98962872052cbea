import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerProblems } from './test-support/invariants.js';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { holdingsByKind, legacyMarket } from '../db/test-support/legacy-holdings.js';
import { migrationsBefore } from '../db/test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every row that holds money, shares or orders (holdings in the shape they had before 0008, from either version). */
function ledger(db: Db) {
  const all = (sql: string) => db.$client.prepare(sql).all();
  const holdings = holdingsByKind(db);
  return {
    users: all('SELECT id, username, balance_cents FROM users ORDER BY id'),
    players: all('SELECT id, salary, shares_remaining, last_trade_price_cents FROM players ORDER BY id'),
    teams: all('SELECT id, shares_remaining, last_trade_price_cents FROM teams ORDER BY id'),
    playerHoldings: holdings.player,
    teamHoldings: holdings.team,
    orders: all('SELECT * FROM orders ORDER BY id'),
    trades: all('SELECT id, instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at FROM trades ORDER BY id'),
  };
}

describe('migration 0007 (a user’s trades indexed by time)', () => {
  it('upgrades a league made by the earlier migrations, keeping every balance, holding, order and trade', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-upgrade-'));
    dirs.push(dir);
    const file = join(dir, 'hoops.db');
    // Written as that version of the game left its ledger: today's exchange writes today's tables.
    const old = openDb({ file, migrationsFolder: migrationsBefore('0007_trades_user_time', join(dir, 'old')) });
    legacyMarket(old);
    const before = ledger(old);
    expect(before.trades.length).toBeGreaterThan(1);
    old.$client.close();

    const upgraded = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(ledger(upgraded)).toEqual(before);
      expect(ledgerProblems(upgraded)).toEqual([]);
      const indexes = upgraded.$client
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trades' AND sql IS NOT NULL ORDER BY name`)
        .all();
      expect(indexes).toEqual(expect.arrayContaining([{ name: 'trades_buyer_time' }, { name: 'trades_seller_time' }, { name: 'trades_time' }]));
      const plan = upgraded.$client
        .prepare('EXPLAIN QUERY PLAN SELECT id FROM trades WHERE buyer_id = 1 AND (created_at, id) < (5, 5) ORDER BY created_at DESC, id DESC LIMIT 5')
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX trades_buyer_time/);
    } finally {
      upgraded.$client.close();
    }
  });
});
