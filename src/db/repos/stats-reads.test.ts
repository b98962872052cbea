import { describe, expect, it } from 'vitest';
import { addOrder, addPlayer, addTeam, addTrade, addUser, emptyDb, holdPlayer, holdTeam } from '../test-support/fixtures.js';
import { DAY_MS } from './read-sql.js';
import { createStatsReadsRepo } from './stats-reads.js';

const NOW = 1_750_000_000_000;

describe('leaderboard', () => {
  it('ranks by share value at the marks given, ties to the lower user id, and totals cash + escrow + shares', () => {
    const db = emptyDb();
    const team = addTeam(db);
    const p = addPlayer(db, { teamId: team, name: 'P' });
    const q = addPlayer(db, { teamId: team, name: 'Q' });
    const marks = new Map([
      [`player:${p}`, 300],
      [`team:${team}`, 500],
    ]);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => addUser(db, n, 1_000_000)) as [number, number, number, number];
    holdPlayer(db, a, q, 20, 2_000); // at $1.00: 2,000
    holdPlayer(db, b, p, 10, 500); // 10 × 300 = 3,000
    holdPlayer(db, c, q, 20, 200); // 2,000: ties with a, but a has the lower id
    holdTeam(db, d, team, 10, 100); // 10 × 500 = 5,000
    addOrder(db, { side: 'ask', instrumentId: p, userId: b, priceCents: 400, shares: 5 });
    const rows = createStatsReadsRepo(db).leaderboard((kind, id) => marks.get(`${kind}:${id}`) ?? 100);
    expect(rows.map((r) => [r.rank, r.userId, r.shareValueCents])).toEqual([
      [1, d, 5_000],
      [2, b, 3_000],
      [3, a, 2_000],
      [4, c, 2_000],
    ]);
    expect(rows[1]).toMatchObject({ username: 'b', balanceCents: 1_000_000 - 2_000, escrowCents: 2_000, totalValueCents: 1_000_000 + 3_000 });
  });

  it('shows the top 10 only, users without shares last by id', () => {
    const db = emptyDb();
    const team = addTeam(db);
    const p = addPlayer(db, { teamId: team, name: 'P' });
    const ids = Array.from({ length: 12 }, (_, i) => addUser(db, `u${i}`));
    holdPlayer(db, ids[11]!, p, 1, 100);
    const rows = createStatsReadsRepo(db).leaderboard(() => 100);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.userId)).toEqual([ids[11], ...ids.slice(0, 9)]);
  });
});

describe('statistics', () => {
  function setup() {
    const db = emptyDb();
    const team = addTeam(db, { name: 'Boston Celtics' });
    const [p1, p2, p3, p4] = ['One', 'Two', 'Three', 'Four'].map((name) => addPlayer(db, { teamId: team, name })) as [number, number, number, number];
    const retired = addPlayer(db, { teamId: team, name: 'Old', retiredAt: 1 });
    const [a, b, c] = ['a', 'b', 'c'].map((n) => addUser(db, n)) as [number, number, number];
    return { db, repo: createStatsReadsRepo(db), p1, p2, p3, p4, retired, a, b, c };
  }

  it('most valuable: user-to-user trades of the last 24 h, by average price, with low and high', () => {
    const { db, repo, p1, p2, p3, retired, a, b } = setup();
    addTrade(db, { instrumentId: p1, buyerId: a, sellerId: b, shares: 10, priceCents: 200, at: NOW - 1 });
    addTrade(db, { instrumentId: p1, buyerId: b, sellerId: a, shares: 30, priceCents: 400, at: NOW - DAY_MS + 1 });
    addTrade(db, { instrumentId: p1, buyerId: a, sellerId: null, shares: 1_000, priceCents: 100, at: NOW - 1 }); // open market
    addTrade(db, { instrumentId: p2, buyerId: a, sellerId: b, shares: 1, priceCents: 900, at: NOW - 2 });
    addTrade(db, { instrumentId: p3, buyerId: a, sellerId: b, shares: 1, priceCents: 5_000, at: NOW - DAY_MS - 1 }); // too old
    addTrade(db, { instrumentId: p3, buyerId: null, sellerId: b, shares: 1, priceCents: 100, at: NOW - 1 }); // a dump
    addTrade(db, { instrumentId: retired, buyerId: a, sellerId: b, shares: 1, priceCents: 9_000, at: NOW - 1 });
    const { mostValuable } = repo.statistics(NOW);
    expect(mostValuable.map((r) => [r.id, r.lowCents, r.highCents, r.avgCents, r.teamName])).toEqual([
      [p2, 900, 900, 900, 'Boston Celtics'],
      [p1, 200, 400, 350, 'Boston Celtics'],
    ]);
  });

  it('most active: every trade of the last 24 h, most first, ties by id', () => {
    const { db, repo, p1, p2, p3, a, b } = setup();
    for (let i = 0; i < 3; i += 1) addTrade(db, { instrumentId: p2, buyerId: a, sellerId: null, shares: 1, priceCents: 100, at: NOW - i });
    addTrade(db, { instrumentId: p1, buyerId: a, sellerId: b, shares: 1, priceCents: 300, at: NOW - 1 });
    addTrade(db, { instrumentId: p1, buyerId: null, sellerId: b, shares: 3, priceCents: 100, at: NOW - 1 });
    addTrade(db, { instrumentId: p3, buyerId: a, sellerId: b, shares: 1, priceCents: 300, at: NOW - 5 });
    addTrade(db, { instrumentId: p3, buyerId: a, sellerId: b, shares: 1, priceCents: 300, at: NOW - 2 * DAY_MS });
    const { mostActive } = repo.statistics(NOW);
    expect(mostActive.map((r) => [r.id, r.tradeCount, r.avgCents])).toEqual([
      [p2, 3, 100],
      [p1, 2, 150],
      [p3, 1, 300],
    ]);
  });

  it('most shareholders and islands: holder counts of active players held by anyone', () => {
    const { db, repo, p1, p2, p3, p4, retired, a, b, c } = setup();
    for (const u of [a, b, c]) holdPlayer(db, u, p2, 1, 100);
    for (const u of [a, b]) holdPlayer(db, u, p3, 1, 100);
    holdPlayer(db, a, p4, 1, 100);
    holdPlayer(db, b, p1, 1, 100);
    holdPlayer(db, a, retired, 1, 100);
    const { mostShareholders, islands } = repo.statistics(NOW);
    expect(mostShareholders.map((r) => [r.id, r.holderCount])).toEqual([
      [p2, 3],
      [p3, 2],
      [p1, 1],
      [p4, 1],
    ]);
    expect(islands.map((r) => [r.id, r.holderCount])).toEqual([
      [p1, 1],
      [p4, 1],
      [p3, 2],
      [p2, 3],
    ]);
  });

  it('is empty without trades or holders', () => {
    const { repo } = setup();
    expect(repo.statistics(NOW)).toEqual({ mostValuable: [], mostActive: [], mostShareholders: [], islands: [] });
  });
});
