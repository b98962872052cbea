import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HISTORY_MAX_POINTS, HISTORY_MAX_TRADES } from '../../shared/limits.js';
import { players } from '../schema.js';
import { addPlayer, addTeam, addTrade, addUser, emptyDb } from '../test-support/fixtures.js';
import { createAuditRepo } from './audit.js';
import { createPortfolioHistoryRepo, USER_TRADES_NEWEST_FIRST } from './portfolio-history.js';

function setup() {
  const db = emptyDb();
  const teamId = addTeam(db, { name: 'Golden State Warriors', code: 'GSW', conference: 'West' });
  const other = addTeam(db, { name: 'Boston Celtics', code: 'BOS', conference: 'East' });
  const curry = addPlayer(db, { teamId, name: 'Stephen Curry', salary: 1_000_000 });
  const green = addPlayer(db, { teamId, name: 'Draymond Green', salary: 500_000 });
  const alice = addUser(db, 'alice');
  const bob = addUser(db, 'bob');
  return { db, repo: createPortfolioHistoryRepo(db), teamId, other, curry, green, alice, bob };
}

describe('the rows of a portfolio’s chart (the replay is domain/market/value-history.ts)', () => {
  it('are undefined for an unknown user', () => {
    expect(setup().repo.rows(999, [])).toBeUndefined();
  });

  it('are the user’s trades newest first (purchases and sales, not others’), every one of them, with the contract changes since the start', () => {
    const { db, repo, curry, green, alice, bob } = setup();
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 100, priceCents: 100, at: 1_000 });
    addTrade(db, { instrumentId: curry, buyerId: bob, sellerId: alice, shares: 50, priceCents: 300, at: 2_000 });
    addTrade(db, { instrumentId: green, buyerId: bob, sellerId: null, shares: 5, priceCents: 100, at: 2_500 });
    addTrade(db, { instrumentId: green, buyerId: alice, sellerId: null, shares: 10, priceCents: 100, at: 3_000 });
    createAuditRepo(db).record({
      actorId: null,
      actor: 'admin',
      action: 'player.salary',
      details: { playerId: curry, oldSalary: 1_000_000, newSalary: 2_000_000 },
      at: 2_200,
    });
    const rows = repo.rows(alice, [])!;
    expect(rows.complete).toBe(true);
    expect(rows.startsAt).toBe(1);
    // Her side of each: shares bought, or sold (negative); Bob's purchase from the open market is not hers.
    expect(rows.trades.map((t) => [t.createdAt, t.instrumentId, t.shares, t.priceCents])).toEqual([
      [3_000, green, 10, 100],
      [2_000, curry, -50, 300],
      [1_000, curry, 100, 100],
    ]);
    expect(rows.contractChanges).toEqual([{ at: 2_200, playerId: curry, oldSalary: 1_000_000, newSalary: 2_000_000 }]);
    expect(rows.rosters.size).toBe(0);
  });

  it('hold the rosters of the teams held now and of those traded', () => {
    const { db, repo, teamId, other, curry, green, alice } = setup();
    addTrade(db, { instrument: 'team', instrumentId: other, buyerId: alice, sellerId: null, shares: 10, priceCents: 100, at: 1_000 });
    db.update(players).set({ retiredAt: 1_500 }).where(eq(players.id, green)).run();
    const rows = repo.rows(alice, [teamId])!;
    expect([...rows.rosters.keys()].sort()).toEqual([teamId, other].sort());
    expect(rows.rosters.get(teamId)!.map((p) => [p.id, p.retiredAt])).toEqual([
      [curry, null],
      [green, 1_500],
    ]);
  });

  it(`read the latest trades only, as far as ${HISTORY_MAX_POINTS} points need, and say they are not all`, () => {
    const { db, repo, curry, alice } = setup();
    for (let i = 0; i < 700; i += 1) addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 1, priceCents: 100, at: 1_000 + i });
    const rows = repo.rows(alice, [])!;
    expect(rows.complete).toBe(false);
    expect(rows.trades.length).toBeLessThan(700);
    expect(rows.trades.length).toBeGreaterThan(HISTORY_MAX_POINTS);
    expect(rows.trades[0]!.createdAt).toBe(1_699);
  });

  it('merge purchases and sales newest first across the pages they are read in, trades of one millisecond together', () => {
    const { db, repo, curry, green, alice, bob } = setup();
    // 2 trades a millisecond, purchases and sales interleaved: far more than one page of either.
    for (let i = 0; i < 1_400; i += 1) {
      const sale = i % 4 === 1;
      addTrade(db, { instrumentId: i % 3 ? curry : green, buyerId: sale ? bob : alice, sellerId: sale ? alice : null, shares: 1, priceCents: 100, at: 10_000 + Math.floor(i / 2) });
    }
    const everyOne = db.$client
      .prepare<[number, number, number, number], { createdAt: number; instrumentId: number; shares: number }>(
        `SELECT created_at AS createdAt, instrument_id AS instrumentId, CASE WHEN buyer_id = ? THEN shares ELSE -shares END AS shares
         FROM trades WHERE buyer_id = ? OR (seller_id = ? AND buyer_id <> ?) ORDER BY created_at DESC, id DESC`,
      )
      .all(alice, alice, alice, alice);
    const rows = repo.rows(alice, [])!;
    expect(rows.complete).toBe(false);
    // The trades of one millisecond come in no set order: those of the whole milliseconds read are the newest ones, each once.
    const key = (t: { createdAt: number; instrumentId: number; shares: number }) => `${t.createdAt}:${t.instrumentId}:${t.shares}`;
    const whole = rows.trades.slice(0, -1);
    expect(whole.map(key).sort()).toEqual(everyOne.slice(0, whole.length).map(key).sort());
    const first = rows.trades[rows.trades.length - 1]!;
    expect(everyOne.filter((t) => t.createdAt === first.createdAt).map(key)).toContain(key(first));
    // Every trade of the milliseconds a chart shows, and the first of the one before them (the replay leaves it out).
    const times = new Set(rows.trades.map((t) => t.createdAt));
    expect(times.size).toBe(HISTORY_MAX_POINTS + 1);
    expect(rows.trades.length).toBe(2 * HISTORY_MAX_POINTS + 1);
  });

  it('read every value of each side as written: a team, a sale, a price and a time far from zero', () => {
    const { db, repo, teamId, curry, alice, bob } = setup();
    const at = 1_773_964_800_123;
    addTrade(db, { instrument: 'team', instrumentId: teamId, buyerId: alice, sellerId: null, shares: 2_147_483_647, priceCents: 100, at });
    addTrade(db, { instrumentId: curry, buyerId: bob, sellerId: alice, shares: 3, priceCents: 99_999_999_999, at: at + 1 });
    expect(repo.rows(alice, [])!.trades).toEqual([
      { instrument: 'player', instrumentId: curry, shares: -3, priceCents: 99_999_999_999, createdAt: at + 1 },
      { instrument: 'team', instrumentId: teamId, shares: 2_147_483_647, priceCents: 100, createdAt: at },
    ]);
  });

  it(`read at most ${HISTORY_MAX_TRADES} trades: all of them when there are no more, the newest ones when there are`, () => {
    const { db, repo, curry, alice, bob } = setup();
    // Ten trades a millisecond: far fewer milliseconds than a chart has points.
    for (let i = 0; i < HISTORY_MAX_TRADES; i += 1) addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 1, priceCents: 100, at: 1_000 + Math.floor(i / 10) });
    const all = repo.rows(alice, [])!;
    expect(all.complete).toBe(true);
    expect(all.trades.length).toBe(HISTORY_MAX_TRADES);
    addTrade(db, { instrumentId: curry, buyerId: bob, sellerId: alice, shares: 1, priceCents: 100, at: 2_000 });
    const newest = repo.rows(alice, [])!;
    expect(newest.complete).toBe(false);
    expect(newest.trades.length).toBe(HISTORY_MAX_TRADES);
    expect(newest.trades[0]).toMatchObject({ shares: -1, createdAt: 2_000 });
    expect(newest.trades[HISTORY_MAX_TRADES - 1]!.createdAt).toBe(1_000);
  });

  it('read the user’s trades from the users’ indexes of the trades alone, already in time order, as one value (not a look-up in the table, nor a value, for each)', () => {
    const { db } = setup();
    const plan = (db.$client.prepare(`EXPLAIN QUERY PLAN ${USER_TRADES_NEWEST_FIRST}`).all({ userId: 1, limit: 5, offset: 0 }) as { detail: string }[]).map((r) => r.detail);
    expect(plan).toContain('MERGE (UNION ALL)');
    expect(plan).toContain('SEARCH trades USING COVERING INDEX trades_buyer_time (buyer_id=?)');
    expect(plan).toContain('SEARCH trades USING COVERING INDEX trades_seller_time (seller_id=?)');
    expect(plan.join('; ')).not.toMatch(/TEMP B-TREE/);
  });
});
