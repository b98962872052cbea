import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin } from './admin.js';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { everythingIn, fillBeforeClubhouse } from '../db/leagues/test-support/before-clubhouse.js';
import { migrationsBefore } from '../db/test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const holdingsOf = (db: Db, id: number) =>
  db.$client
    .prepare<[number], { userId: number; shares: number; cost: number }>(
      "SELECT user_id AS userId, shares, cost_basis_cents AS cost FROM holdings WHERE instrument = 'player' AND instrument_id = ? ORDER BY user_id",
    )
    .all(id);

describe('migration 0019 (holdings kept side by side by instrument)', () => {
  it('upgrades a league file in place: every holding kept, the table without rowid keyed by instrument; then a salary change rescales them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-holdings-migrate-'));
    dirs.push(dir);
    const file = join(dir, '4.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0019_holdings_by_instrument', join(dir, 'old')) });
    const market = fillBeforeClubhouse(old);
    const before = everythingIn(old);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(everythingIn(db)).toEqual(before);
      const table = db.$client.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'holdings'").get()!;
      expect(table.sql).toMatch(/PRIMARY KEY\(`instrument`, `instrument_id`, `user_id`\)/);
      expect(table.sql).toMatch(/WITHOUT ROWID$/);
      const indexes = db.$client.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'holdings' ORDER BY name").all();
      expect(indexes.map((i) => i.name)).toEqual(['holdings_team_lock', 'holdings_user']);
      expect(db.$client.pragma('foreign_key_check')).toEqual([]);
      // A user's holdings are found along their index, an instrument's along the table's key.
      const plan = (sql: string) => (db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('; ');
      expect(plan('SELECT * FROM holdings WHERE user_id = 1')).toMatch(/holdings_user/);
      expect(plan("SELECT * FROM holdings WHERE instrument = 'player' AND instrument_id = 1")).toMatch(/PRIMARY KEY/);

      // The exchange writes the upgraded table as its own: a raise of 50% gives every holder half as many shares again.
      expect(holdingsOf(db, market.star)).toEqual([
        { userId: market.users.a, shares: 500, cost: 50_000 },
        { userId: market.users.b, shares: 10, cost: 2_500 },
      ]);
      const exchange = createExchange({ db, bus: new EventBus(), now: () => 9_000 });
      const admin = createAdmin(db, exchange, () => 9_000);
      const change = admin.changeSalary({ id: null, username: 'test' }, market.star, 3_000_000);
      expect(change.ok).toBe(true);
      expect(holdingsOf(db, market.star)).toEqual([
        { userId: market.users.a, shares: 750, cost: 50_000 },
        { userId: market.users.b, shares: 15, cost: 2_500 },
      ]);
      const remaining = db.$client.prepare<[number], { r: number }>('SELECT shares_remaining AS r FROM players WHERE id = ?').get(market.star)!.r;
      expect(remaining + 750 + 15).toBe(3_000_000);
      exchange.stop();
    } finally {
      db.$client.close();
    }
  });
});
