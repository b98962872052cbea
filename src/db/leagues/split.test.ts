import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../paths.js';
import { openDb } from '../client.js';
import { legacyMarket } from '../test-support/legacy-holdings.js';
import { migrationsBefore } from '../test-support/migrations.js';
import { ACCOUNTS_FILE, leagueFile, leagueSlug } from './files.js';
import { copyAsLeagueFile, splitIntoLeagues, type SplitOptions } from './split.js';
import { fillTodaysMarket } from './test-support/today-market.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const all = (db: Database.Database, sql: string) => db.prepare(sql).all();

/** Everything of the market: it must reach league 1's file unchanged. */
const market = (db: Database.Database) => ({
  balances: all(db, 'SELECT id, username, avatar, balance_cents, created_at FROM users ORDER BY id'),
  players: all(db, 'SELECT * FROM players ORDER BY id'),
  teams: all(db, 'SELECT * FROM teams ORDER BY id'),
  holdings: all(db, 'SELECT * FROM holdings ORDER BY user_id, instrument, instrument_id'),
  orders: all(db, 'SELECT * FROM orders ORDER BY id'),
  trades: all(db, 'SELECT id, instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at FROM trades ORDER BY id'),
  declines: all(db, 'SELECT * FROM declined_asks ORDER BY order_id, user_id'),
});

/** Everything of the accounts: it must stay in hoops.db unchanged. */
const accounts = (db: Database.Database) => ({
  users: all(db, 'SELECT id, username, email_hash, password_hash, is_admin, avatar, created_at FROM users ORDER BY id'),
  sessions: all(db, 'SELECT id, user_id, expires_at, created_at FROM sessions ORDER BY id'),
  resets: all(db, 'SELECT * FROM password_reset_tokens ORDER BY id'),
  audit: all(db, 'SELECT * FROM audit_log ORDER BY id'),
  push: all(db, 'SELECT * FROM push_subscriptions ORDER BY id'),
  pushKinds: all(db, 'SELECT * FROM push_subscription_kinds ORDER BY subscription_id, kind'),
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-leagues-'));
  dirs.push(dir);
  return dir;
}

const options = (dir: string): SplitOptions => ({ dataDir: dir, leagueName: 'Friday Night Hoops', startingCashCents: 8_000_000_000, now: 77_000 });

/** A data folder holding a database made by the migrations before leagues, and what it holds. */
function beforeLeagues() {
  const dir = dataDir();
  const old = openDb({ file: join(dir, ACCOUNTS_FILE), migrationsFolder: migrationsBefore('0009_leagues', join(dir, 'old-migrations')) });
  const filled = fillTodaysMarket(old);
  const before = { market: market(old.$client), accounts: accounts(old.$client) };
  old.$client.close();
  return { dir, filled, before };
}

/** Start-up: the database migrated to today's version, then split. */
function upgrade(dir: string) {
  const db = openDb({ file: join(dir, ACCOUNTS_FILE), migrationsFolder: migrationsDir });
  try {
    return splitIntoLeagues(db, options(dir));
  } finally {
    db.$client.close();
  }
}

function expectSplitOf(dir: string, before: ReturnType<typeof beforeLeagues>['before']) {
  const accountsDb = new Database(join(dir, ACCOUNTS_FILE));
  const leagueDb = new Database(leagueFile(dir, 1));
  try {
    expect(market(leagueDb)).toEqual(before.market);
    expect(accounts(accountsDb)).toEqual(before.accounts);
    // Nothing of the market stays with the accounts, and nothing secret goes to the league.
    expect(market(accountsDb)).toMatchObject({ players: [], teams: [], holdings: [], orders: [], trades: [], declines: [] });
    expect(all(accountsDb, 'SELECT DISTINCT balance_cents FROM users')).toEqual([{ balance_cents: 0 }]);
    expect(accounts(leagueDb)).toMatchObject({ sessions: [], resets: [], audit: [], push: [], pushKinds: [] });
    expect(all(leagueDb, "SELECT id FROM users WHERE password_hash != '' OR email_hash != 'member:' || id OR is_admin != 0")).toEqual([]);
    expect(all(accountsDb, 'SELECT id, slug, name, starting_cash_cents, open, commissioner_id, created_at FROM leagues')).toEqual([
      { id: 1, slug: 'friday-night-hoops', name: 'Friday Night Hoops', starting_cash_cents: 8_000_000_000, open: 1, commissioner_id: null, created_at: 77_000 },
    ]);
    expect(all(accountsDb, 'SELECT league_id, user_id FROM league_members ORDER BY user_id')).toEqual(
      (before.accounts.users as { id: number }[]).map((u) => ({ league_id: 1, user_id: u.id })),
    );
    expect(accountsDb.pragma('foreign_key_check')).toEqual([]);
    expect(leagueDb.pragma('foreign_key_check')).toEqual([]);
    expect(existsSync(`${leagueFile(dir, 1)}.tmp`)).toBe(false);
  } finally {
    accountsDb.close();
    leagueDb.close();
  }
}

describe('upgrading a database of the version before leagues (docs/leagues.md §6)', () => {
  it('makes its market league 1, keeping every balance, holding, order, trade and account', () => {
    const { dir, filled, before } = beforeLeagues();
    expect(before.market.holdings).toHaveLength(5);
    expect((before.market.orders as { status: string }[]).map((o) => o.status)).toEqual(['open', 'open', 'open', 'cancelled', 'filled']);
    expect(upgrade(dir)).toBe('split');
    expectSplitOf(dir, before);
    const league = openDb({ file: leagueFile(dir, 1), migrationsFolder: migrationsDir });
    try {
      // Ids go on from where they were, a deleted order's included.
      const next = league.$client.prepare(
        "INSERT INTO orders (side, instrument, instrument_id, user_id, price_cents, shares_total, shares_remaining, status, seq, created_at) VALUES ('offer', 'player', ?, ?, 100, 1, 1, 'open', 99, 1)",
      );
      expect(Number(next.run(filled.star, filled.users.a).lastInsertRowid)).toBe(filled.goneOrder + 1);
    } finally {
      league.$client.close();
    }
  });

  it('resumes at step 2 after a crash that left league 1 written and hoops.db unchanged', () => {
    const { dir, before } = beforeLeagues();
    const db = openDb({ file: join(dir, ACCOUNTS_FILE), migrationsFolder: migrationsDir });
    copyAsLeagueFile(db, leagueFile(dir, 1));
    db.$client.close();
    const written = statSync(leagueFile(dir, 1)).ino;
    expect(upgrade(dir)).toBe('split');
    expect(statSync(leagueFile(dir, 1)).ino).toBe(written);
    expectSplitOf(dir, before);
  });

  it('throws away a league file left half-written by a crash in step 1, and starts it again', () => {
    const { dir, before } = beforeLeagues();
    const tmp = `${leagueFile(dir, 1)}.tmp`;
    mkdirSync(join(dir, 'leagues'));
    writeFileSync(tmp, 'not a database');
    writeFileSync(`${tmp}-journal`, 'nor a journal');
    expect(upgrade(dir)).toBe('split');
    expectSplitOf(dir, before);
  });

  it('does nothing to a data folder already split, and stops if league 1 went missing', () => {
    const { dir, before } = beforeLeagues();
    upgrade(dir);
    expect(upgrade(dir)).toBe('done before');
    expectSplitOf(dir, before);
    rmSync(leagueFile(dir, 1));
    expect(() => upgrade(dir)).toThrow(/default league's file .* is missing/);
  });

  it('upgrades a database of an older version too, through the migrations it missed', () => {
    const dir = dataDir();
    const old = openDb({ file: join(dir, ACCOUNTS_FILE), migrationsFolder: migrationsBefore('0008_holdings_one_table', join(dir, 'old-migrations')) });
    const { users } = legacyMarket(old);
    old.$client.close();
    expect(upgrade(dir)).toBe('split');
    const league = new Database(leagueFile(dir, 1));
    try {
      expect(all(league, 'SELECT user_id, instrument, shares FROM holdings ORDER BY instrument, user_id')).toEqual([
        { user_id: users.a, instrument: 'player', shares: 490 },
        { user_id: users.b, instrument: 'player', shares: 10 },
        { user_id: users.b, instrument: 'team', shares: 20 },
        { user_id: users.c, instrument: 'team', shares: 1_000 },
      ]);
    } finally {
      league.close();
    }
  });

  it('names a league for its pages', () => {
    expect(leagueSlug('Hoops Exchange')).toBe('hoops-exchange');
    expect(leagueSlug('  Les Équipes d’à côté!! ')).toBe('les-equipes-d-a-cote');
    expect(leagueSlug('***')).toBe('league');
  });
});
