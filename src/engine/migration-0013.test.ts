import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { fillTodaysMarket } from '../db/leagues/test-support/today-market.js';
import { createLeaguesRepo } from '../db/repos/leagues.js';
import { addPlayer, addTeam, addTrade, addUser, holdPlayer } from '../db/test-support/fixtures.js';
import { migrationsBefore } from '../db/test-support/migrations.js';
import { MARK_WINDOW_MS } from '../domain/market/mark.js';
import { NEW_LEAGUE_RANKING } from '../shared/ranking.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-marks-'));
  dirs.push(dir);
  return dir;
};
const HOUR = 3_600_000;

const everything = (db: Db) => {
  const all = (sql: string) => db.$client.prepare(sql).all();
  return {
    users: all('SELECT * FROM users ORDER BY id'),
    players: all('SELECT * FROM players ORDER BY id'),
    teams: all('SELECT * FROM teams ORDER BY id'),
    holdings: all('SELECT * FROM holdings ORDER BY user_id, instrument, instrument_id'),
    orders: all('SELECT * FROM orders ORDER BY id'),
    // The columns the version before the next migrations has (0018 adds a sale's realized profit).
    trades: all('SELECT id, instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at, reason FROM trades ORDER BY id'),
    declines: all('SELECT * FROM declined_asks ORDER BY order_id, user_id'),
    // The columns the version before the next migrations has (0015 adds a season's end time).
    seasons: all('SELECT number, started_at, ended_at, after_trade_id, archive FROM seasons ORDER BY number'),
  };
};

/** A league of the version before the mark: one open market sold out, one sold out and refilled by a dump, one never sold, a retired player's bought back. */
function fillSoldOutMarket(db: Db) {
  const team = addTeam(db, { code: 'MRK', name: 'Mark Team' });
  const soldOut = addPlayer(db, { teamId: team, name: 'Sold Out', salary: 100 });
  const refilled = addPlayer(db, { teamId: team, name: 'Refilled', salary: 1_000 });
  const untouched = addPlayer(db, { teamId: team, name: 'Untouched', salary: 500 });
  const [alice, bob] = [addUser(db, 'marco'), addUser(db, 'nina')];
  const remaining = db.$client.prepare<[number, number]>('UPDATE players SET shares_remaining = ? WHERE id = ?');
  addTrade(db, { instrumentId: soldOut, buyerId: alice, sellerId: null, shares: 100, priceCents: 100, at: 1_000 });
  addTrade(db, { instrumentId: soldOut, buyerId: bob, sellerId: alice, shares: 10, priceCents: 500, at: 2_000 });
  holdPlayer(db, alice, soldOut, 90, 9_000);
  holdPlayer(db, bob, soldOut, 10, 5_000);
  remaining.run(0, soldOut);
  addTrade(db, { instrumentId: refilled, buyerId: alice, sellerId: null, shares: 1_000, priceCents: 100, at: 3_000 });
  addTrade(db, { instrumentId: refilled, buyerId: bob, sellerId: alice, shares: 20, priceCents: 300, at: 3_500 });
  addTrade(db, { instrumentId: refilled, buyerId: null, sellerId: alice, shares: 5, priceCents: 100, at: 4_000 });
  holdPlayer(db, alice, refilled, 975, 97_500);
  holdPlayer(db, bob, refilled, 20, 6_000);
  remaining.run(5, refilled);
  // Retired, his shares bought back by the open market (a buy-back of the version before): he trades no more, and has no mark to keep.
  const retired = addPlayer(db, { teamId: team, name: 'Retired', salary: 200, retiredAt: 6_000 });
  addTrade(db, { instrumentId: retired, buyerId: bob, sellerId: null, shares: 200, priceCents: 100, at: 5_000 });
  addTrade(db, { instrumentId: retired, buyerId: null, sellerId: bob, shares: 200, priceCents: 100, at: 6_000 });
  remaining.run(0, retired);
  return { soldOut, refilled, untouched, retired };
}

describe('migration 0013 (the mark and the ranking)', () => {
  it('upgrades a league file in place: everything kept, and when each open market sold out or refilled, from its trades', () => {
    const dir = tempDir();
    const file = join(dir, '1.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0013_mark_ranking', join(dir, 'old')) });
    old.$client.prepare('UPDATE seasons SET started_at = 0').run();
    fillTodaysMarket(old);
    const { soldOut, refilled, untouched, retired } = fillSoldOutMarket(old);
    const before = everything(old);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    expect(everything(db)).toEqual(before);
    const changes = db.$client
      .prepare<[], { instrumentId: number; held: number; at: number }>(
        `SELECT instrument_id AS instrumentId, held, at FROM open_market_changes WHERE instrument = 'player' AND instrument_id IN (${soldOut}, ${refilled}, ${untouched}, ${retired}) ORDER BY id`,
      )
      .all();
    expect(changes).toEqual([
      { instrumentId: soldOut, held: 0, at: 1_000 },
      { instrumentId: refilled, held: 0, at: 3_000 },
      { instrumentId: refilled, held: 1, at: 4_000 },
    ]);

    // The marks: sold out, the median of its trades; refilled an hour ago, still its trades' median for a day; never sold out, $1.00.
    let now = 4_000 + HOUR;
    const marks = () => {
      const exchange = createExchange({ db, bus: new EventBus(), now: () => now });
      const models = exchange.readModels();
      const found = [soldOut, refilled, untouched].map((id) => models.markOf('player', id));
      exchange.close();
      return found;
    };
    expect(marks()).toEqual([500, 300, 100]);
    // The same after a restart, and a day after the dump the refilled one is $1.00 again.
    expect(marks()).toEqual([500, 300, 100]);
    now = 4_000 + MARK_WINDOW_MS;
    expect(marks()).toEqual([500, 100, 100]);
    db.$client.close();
  });

  it('sets the ranking of every existing league to share value (how they ranked until now), and a new league’s to net worth', () => {
    const dir = tempDir();
    const file = join(dir, 'hoops.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0013_mark_ranking', join(dir, 'old')) });
    const insert = old.$client.prepare(
      'INSERT INTO leagues (id, slug, name, invite_code, starting_cash_cents, open, commissioner_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run(1, 'hoops-exchange', 'Hoops Exchange', 'code-1', 8_000_000_000, 1, null, 10);
    insert.run(2, 'friends', 'Friends', 'code-2', 100_000, 0, null, 20);
    const before = old.$client.prepare('SELECT * FROM leagues ORDER BY id').all();
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    const after = db.$client.prepare<[], Record<string, unknown>>('SELECT * FROM leagues ORDER BY id').all();
    // 0015 adds a season's end time (none).
    expect(after.map(({ ranking: _r, season_ends_at: _e, ...rest }) => rest)).toEqual(before);
    expect(after.map((l) => l.ranking)).toEqual(['shareValue', 'shareValue']);
    const registry = createLeaguesRepo(db);
    const created = registry.insert({
      slug: 'new',
      name: 'New League',
      inviteCode: 'code-3',
      startingCashCents: 100_000,
      open: false,
      ranking: NEW_LEAGUE_RANKING,
      commissionerId: null,
      createdAt: 30,
    });
    expect(created.ranking).toBe('netWorth');
    db.$client.prepare("INSERT INTO leagues (slug, name, invite_code, starting_cash_cents, created_at) VALUES ('raw', 'Raw', 'code-4', 1, 40)").run();
    expect(registry.bySlug('raw')!.ranking).toBe('netWorth');
    db.$client.close();
  });
});
