import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from './client.js';
import { everythingIn, fillBeforeClubhouse } from './leagues/test-support/before-clubhouse.js';
import { createPortfolioHistoryRepo, USER_TRADES_NEWEST_FIRST } from './repos/portfolio-history.js';
import { migrationsBefore } from './test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const indexColumns = (db: Db, name: string) =>
  (db.$client.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`).all(name) as { name: string | null }[]).map((c) => c.name);

/** A league file made by the migrations before `tag` and filled: its file, its rows, and each user's chart rows as read then. */
function leagueBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-trades-user-side-'));
  dirs.push(dir);
  const file = join(dir, '4.db');
  const old = openDb({ file, migrationsFolder: migrationsBefore(tag, join(dir, 'old')) });
  const users = Object.values(fillBeforeClubhouse(old).users);
  const chartRows = (db: Db) => users.map((u) => createPortfolioHistoryRepo(db).rows(u, []));
  return { dir, file, old, before: everythingIn(old), chartRows, rowsBefore: chartRows(old) };
}

describe('migration 0020 (the users’ indexes of the trades hold their side of each trade)', () => {
  it('upgrades a league file in place: every row kept, the two indexes widened, each user’s chart rows read as before', () => {
    const { dir, file, old, before, chartRows, rowsBefore } = leagueBefore('0020_trades_user_side');
    expect(indexColumns(old, 'trades_buyer_time')).toEqual(['buyer_id', 'created_at']);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsBefore('0021_trades_user_side_packed', join(dir, 'at-0020')) });
    try {
      expect(everythingIn(db)).toEqual(before);
      expect(indexColumns(db, 'trades_buyer_time')).toEqual(['buyer_id', 'created_at', 'id', 'instrument', 'instrument_id', 'shares', 'price_cents']);
      expect(indexColumns(db, 'trades_seller_time')).toEqual(['seller_id', 'created_at', 'id', 'instrument', 'instrument_id', 'shares', 'price_cents', 'buyer_id']);
      expect(rowsBefore.some((r) => r !== undefined && r.trades.length > 0)).toBe(true);
      expect(chartRows(db)).toEqual(rowsBefore);
      expect(db.$client.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      // A page of a user's trades still walks the index newest first from its cursor, with nothing to sort.
      for (const column of ['buyer_id', 'seller_id']) {
        const plan = db.$client
          .prepare(`EXPLAIN QUERY PLAN SELECT id FROM trades WHERE ${column} = 1 AND (created_at, id) < (5, 5) ORDER BY created_at DESC, id DESC LIMIT 5`)
          .all() as { detail: string }[];
        expect(plan.map((p) => p.detail)).toEqual([`SEARCH trades USING COVERING INDEX trades_${column.replace('_id', '')}_time (${column}=? AND created_at<?)`]);
      }
    } finally {
      db.$client.close();
    }
  });
});

describe('migration 0021 (the users’ indexes of the trades hold their side of each trade packed in one value)', () => {
  it('upgrades a league file in place: every row kept, each index one value of the user’s side, each user’s chart rows read as before', () => {
    const { file, old, before, chartRows, rowsBefore } = leagueBefore('0021_trades_user_side_packed');
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(everythingIn(db)).toEqual(before);
      // An expression's column has no name.
      expect(indexColumns(db, 'trades_buyer_time')).toEqual(['buyer_id', 'created_at', 'id', null]);
      expect(indexColumns(db, 'trades_seller_time')).toEqual(['seller_id', 'created_at', 'id', 'buyer_id', null]);
      expect(rowsBefore.some((r) => r !== undefined && r.trades.length > 0)).toBe(true);
      expect(chartRows(db)).toEqual(rowsBefore);
      expect(db.$client.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const plan = (sql: string) => (db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ userId: 1, limit: 5, offset: 0 }) as { detail: string }[]).map((p) => p.detail);
      expect(plan(USER_TRADES_NEWEST_FIRST)).toEqual(expect.arrayContaining([
        'SEARCH trades USING COVERING INDEX trades_buyer_time (buyer_id=?)',
        'SEARCH trades USING COVERING INDEX trades_seller_time (seller_id=?)',
      ]));
      expect(plan(USER_TRADES_NEWEST_FIRST).join('; ')).not.toMatch(/TEMP B-TREE/);
      // A page of a user's trades still walks the index newest first from its cursor, with nothing to sort.
      for (const column of ['buyer_id', 'seller_id']) {
        expect(plan(`SELECT id FROM trades WHERE ${column} = 1 AND (created_at, id) < (5, 5) ORDER BY created_at DESC, id DESC LIMIT 5`)).toEqual([
          `SEARCH trades USING COVERING INDEX trades_${column.replace('_id', '')}_time (${column}=? AND created_at<?)`,
        ]);
      }
    } finally {
      db.$client.close();
    }
  });
});
