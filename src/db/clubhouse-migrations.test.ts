import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from './client.js';
import { fillTodaysMarket } from './leagues/test-support/today-market.js';
import { createFeedRepo } from './repos/feed.js';
import { createSeasonsRepo } from './seasons/seasons-repo.js';
import { migrationsBefore } from './test-support/migrations.js';

const everything = (db: Db) => {
  const all = (sql: string) => db.$client.prepare(sql).all();
  return {
    users: all('SELECT * FROM users ORDER BY id'),
    players: all('SELECT * FROM players ORDER BY id'),
    teams: all('SELECT * FROM teams ORDER BY id'),
    holdings: all('SELECT * FROM holdings ORDER BY user_id, instrument, instrument_id'),
    orders: all('SELECT * FROM orders ORDER BY id'),
    trades: all('SELECT * FROM trades ORDER BY id'),
    declines: all('SELECT * FROM declined_asks ORDER BY order_id, user_id'),
    // The columns every version since seasons has (0012 adds ends_at).
    seasons: all('SELECT number, started_at, ended_at, after_trade_id, archive FROM seasons ORDER BY number'),
  };
};

describe('migration 0011 (the league’s chat and feed)', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('upgrades a league file made by the earlier migrations in place: every balance, holding, order, trade and season kept; an empty feed', () => {
    dir = mkdtempSync(join(tmpdir(), 'hoops-chat-migrate-'));
    const file = join(dir, '2.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0011_chat_feed', join(dir, 'old')) });
    fillTodaysMarket(old);
    const before = everything(old);
    expect(before.trades.length).toBeGreaterThan(0);
    expect(before.seasons).toHaveLength(1);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(everything(db)).toEqual(before);
      const feed = createFeedRepo(db);
      expect(feed.page(null, 10)).toEqual([]);
      // The upgraded file takes messages from its members, reactions and read marks at once.
      const alice = (db.$client.prepare("SELECT id FROM users WHERE username = 'alice'").get() as { id: number }).id;
      const { id } = feed.add({ kind: 'message', userId: alice, text: 'first!', at: 10_000 });
      expect(feed.setReaction(id, alice, '🔥', true, 10_001)).toBe(1);
      feed.markRead(alice, id, 10_002);
      expect(feed.page(null, 10)).toEqual([{ id, kind: 'message', userId: alice, username: 'alice', text: 'first!', data: null, createdAt: 10_000 }]);
      expect(createSeasonsRepo(db).current().number).toBe(1);
    } finally {
      db.$client.close();
    }
  });
});

describe('migration 0012 (a season’s end time)', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('upgrades a league file and a registry in place: everything kept, no season with an end time', () => {
    dir = mkdtempSync(join(tmpdir(), 'hoops-finale-migrate-'));
    const file = join(dir, '1.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0012_season_finale', join(dir, 'old')) });
    fillTodaysMarket(old);
    old.$client
      .prepare(
        `INSERT INTO leagues (id, slug, name, invite_code, starting_cash_cents, open, commissioner_id, created_at) VALUES (2, 'friday', 'Friday', 'code12345678', 100000000, 0, NULL, 5)`,
      )
      .run();
    const before = { ...everything(old), leagues: old.$client.prepare('SELECT * FROM leagues ORDER BY id').all() };
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      const after = { ...everything(db), leagues: db.$client.prepare('SELECT * FROM leagues ORDER BY id').all() };
      const without = (rows: unknown[], column: string) => rows.map((r) => Object.fromEntries(Object.entries(r as object).filter(([k]) => k !== column)));
      expect({ ...after, leagues: without(after.leagues, 'season_ends_at') }).toEqual(before);
      expect(db.$client.prepare('SELECT ends_at FROM seasons').all()).toEqual([{ ends_at: null }]);
      expect(after.leagues.map((l) => (l as { season_ends_at: unknown }).season_ends_at)).toEqual([null]);
      expect(createSeasonsRepo(db).current()).toMatchObject({ number: 1, endedAt: null, endsAt: null });
    } finally {
      db.$client.close();
    }
  });
});
