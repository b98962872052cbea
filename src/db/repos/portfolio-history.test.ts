import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { players, teams, users } from '../schema.js';
import { addOrder, addPlayer, addTeam, addTrade, addUser, emptyDb, holdPlayer, holdTeam, setLastTradePrice } from '../test-support/fixtures.js';
import { createAuditRepo } from './audit.js';
import { createPortfolioHistoryRepo, HISTORY_MAX_POINTS } from './portfolio-history.js';
import { createPortfolioReadsRepo } from './portfolio-reads.js';

const START = 8_000_000_000;
const NOW = 10_000;

function setup() {
  const db = emptyDb();
  const teamId = addTeam(db, { name: 'Golden State Warriors', code: 'GSW', conference: 'West' });
  const curry = addPlayer(db, { teamId, name: 'Stephen Curry', salary: 1_000_000 });
  const green = addPlayer(db, { teamId, name: 'Draymond Green', salary: 500_000 });
  const alice = addUser(db, 'alice');
  const bob = addUser(db, 'bob');
  const carol = addUser(db, 'carol');
  return { db, repo: createPortfolioHistoryRepo(db), teamId, curry, green, alice, bob, carol };
}

const setBalance = (db: ReturnType<typeof emptyDb>, id: number, cents: number) => db.update(users).set({ balanceCents: cents }).where(eq(users.id, id)).run();
const totals = (points: { totalValueCents: number }[]) => points.map((p) => p.totalValueCents);

describe('portfolio history', () => {
  it('is two flat points (opening and now) without trades', () => {
    const { repo, alice } = setup();
    expect(repo.history(alice, NOW)).toEqual([
      { at: 1, cashCents: START, shareValueCents: 0, totalValueCents: START },
      { at: NOW, cashCents: START, shareValueCents: 0, totalValueCents: START },
    ]);
  });

  it('is undefined for an unknown user', () => {
    expect(setup().repo.history(999, NOW)).toBeUndefined();
  });

  it('values each point at the last user-to-user price then, else at the average buy price', () => {
    const { db, repo, curry, green, alice, bob, carol } = setup();
    // 1000: alice buys 100 Curry from the open market at $1.00.
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 100, priceCents: 100, at: 1_000 });
    // 2000: bob buys 50 of them from alice at $3.00 (a user-to-user price).
    addTrade(db, { instrumentId: curry, buyerId: bob, sellerId: alice, shares: 50, priceCents: 300, at: 2_000 });
    // 3000: alice buys 10 Green at $1.00 and 10 more at $2.00 in the same millisecond (one point, average $1.50).
    addTrade(db, { instrumentId: green, buyerId: alice, sellerId: null, shares: 10, priceCents: 100, at: 3_000 });
    addTrade(db, { instrumentId: green, buyerId: alice, sellerId: null, shares: 10, priceCents: 200, at: 3_000 });
    // 4000: carol buys from bob at $5.00: not alice's trade, but it moves her Curry's value.
    addTrade(db, { instrumentId: curry, buyerId: carol, sellerId: bob, shares: 5, priceCents: 500, at: 4_000 });
    // Today: what those trades left.
    setBalance(db, alice, START - 10_000 + 15_000 - 3_000);
    holdPlayer(db, alice, curry, 50, 5_000);
    holdPlayer(db, alice, green, 20, 3_000);
    setLastTradePrice(db, curry, 500);

    const points = repo.history(alice, NOW)!;
    expect(points).toEqual([
      { at: 1, cashCents: START, shareValueCents: 0, totalValueCents: START },
      { at: 1_000, cashCents: START - 10_000, shareValueCents: 10_000, totalValueCents: START },
      { at: 2_000, cashCents: START + 5_000, shareValueCents: 15_000, totalValueCents: START + 20_000 },
      { at: 3_000, cashCents: START + 2_000, shareValueCents: 15_000 + 3_000, totalValueCents: START + 20_000 },
      // Now: Curry at carol's $5.00, Green at its cost — the portfolio's own total value.
      { at: NOW, cashCents: START + 2_000, shareValueCents: 25_000 + 3_000, totalValueCents: START + 30_000 },
    ]);
    expect(points.at(-1)!.totalValueCents).toBe(createPortfolioReadsRepo(db).portfolio(alice, NOW)!.totalValueCents);
  });

  it('counts cash escrowed in open asks as cash, and values team holdings too', () => {
    const { db, repo, teamId, alice, bob } = setup();
    addTrade(db, { instrument: 'team', instrumentId: teamId, buyerId: alice, sellerId: null, shares: 40, priceCents: 100, at: 1_000 });
    addTrade(db, { instrument: 'team', instrumentId: teamId, buyerId: bob, sellerId: null, shares: 10, priceCents: 100, at: 1_500 });
    addTrade(db, { instrument: 'team', instrumentId: teamId, buyerId: bob, sellerId: alice, shares: 10, priceCents: 250, at: 2_000 });
    setBalance(db, alice, START - 4_000 + 2_500);
    holdTeam(db, alice, teamId, 30, 3_000);
    db.update(teams).set({ lastTradePriceCents: 250 }).where(eq(teams.id, teamId)).run();
    addOrder(db, { side: 'ask', instrument: 'team', instrumentId: teamId, userId: alice, priceCents: 200, shares: 5 }); // $10 escrow
    const points = repo.history(alice, NOW)!;
    expect(points.map((p) => p.cashCents)).toEqual([START, START - 4_000, START - 1_500, START - 1_500]);
    // 40 team shares valued at cost, then 30 at bob's $2.50.
    expect(points.map((p) => p.shareValueCents)).toEqual([0, 4_000, 7_500, 7_500]);
  });

  it('undoes a player’s contract change (from the audit log), with a point of its own', () => {
    const { db, repo, curry, green, alice } = setup();
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 100, priceCents: 100, at: 1_000 });
    addTrade(db, { instrumentId: green, buyerId: alice, sellerId: null, shares: 10, priceCents: 100, at: 1_500 });
    const audit = createAuditRepo(db);
    // Curry's salary doubles: 200 shares for the same cost. A retirement of someone else is no point of hers.
    audit.record({
      actorId: null,
      actor: 'admin',
      action: 'player.salary',
      details: { playerId: curry, name: 'Stephen Curry', oldSalary: 1_000_000, newSalary: 2_000_000 },
      at: 2_000,
    });
    audit.record({ actorId: null, actor: 'admin', action: 'player.retire', details: { playerId: 999 }, at: 2_500 });
    setBalance(db, alice, START - 11_000);
    holdPlayer(db, alice, curry, 200, 10_000);
    holdPlayer(db, alice, green, 10, 1_000);
    setLastTradePrice(db, curry, 300);
    // A trade between two others at $3.00 after the split values the 200 shares at $600.
    addTrade(db, { instrumentId: curry, buyerId: 2, sellerId: 3, shares: 1, priceCents: 300, at: 3_000 });
    const points = repo.history(alice, NOW)!;
    expect(points.map((p) => [p.at, p.shareValueCents])).toEqual([
      [1, 0],
      [1_000, 10_000],
      [1_500, 11_000],
      [2_000, 11_000], // 200 shares at an average of $0.50
      [NOW, 61_000],
    ]);
    expect(points[0]!.totalValueCents).toBe(START);
  });

  it('undoes a team’s payroll changes: drafted rookies and retirements', () => {
    const { db, repo, teamId, green, alice, bob, carol } = setup();
    // Payroll 1,500,000: alice buys 150 team shares at $1.00.
    addTrade(db, { instrument: 'team', instrumentId: teamId, buyerId: alice, sellerId: null, shares: 150, priceCents: 100, at: 1_000 });
    // 2000: a rookie of 1,500,000 joins (payroll doubles: 300 shares); 3000: Green retires (2,500,000: 250 shares).
    const rookie = addPlayer(db, { teamId, name: 'Rookie One', salary: 1_500_000 });
    db.update(players).set({ createdAt: 2_000 }).where(eq(players.id, rookie)).run();
    db.update(players).set({ retiredAt: 3_000 }).where(eq(players.id, green)).run();
    // 3500: two others trade the team at $2.00.
    addTrade(db, { instrument: 'team', instrumentId: teamId, buyerId: bob, sellerId: carol, shares: 5, priceCents: 200, at: 3_500 });
    db.update(teams).set({ lastTradePriceCents: 200 }).where(eq(teams.id, teamId)).run();
    setBalance(db, alice, START - 15_000);
    holdTeam(db, alice, teamId, 250, 15_000);
    const points = repo.history(alice, NOW)!;
    expect(points.map((p) => [p.at, p.shareValueCents])).toEqual([
      [1, 0],
      [1_000, 15_000],
      [2_000, 15_000], // 300 shares at an average of $0.50
      [3_000, 15_000], // 250 shares, the same cost
      [NOW, 50_000], // 250 × $2.00
    ]);
  });

  it('never counts shares below zero when a rescale is not in the audit log', () => {
    const { db, repo, curry, alice } = setup();
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 100, priceCents: 100, at: 1_000 });
    // A salary cut halved the holding since: today 50 shares.
    setBalance(db, alice, START - 10_000);
    holdPlayer(db, alice, curry, 50, 10_000);
    const points = repo.history(alice, NOW)!;
    expect(points[0]).toEqual({ at: 1, cashCents: START, shareValueCents: 0, totalValueCents: START });
    expect(points.every((p) => p.shareValueCents >= 0)).toBe(true);
  });

  it(`keeps the latest ${HISTORY_MAX_POINTS} points, in time order, ending now`, () => {
    const { db, repo, curry, alice } = setup();
    const trades = 700;
    for (let i = 0; i < trades; i += 1) addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 1, priceCents: 100, at: 1_000 + i });
    setBalance(db, alice, START - trades * 100);
    holdPlayer(db, alice, curry, trades, trades * 100);
    const started = performance.now();
    const points = repo.history(alice, 5_000)!;
    expect(performance.now() - started).toBeLessThan(500);
    expect(points).toHaveLength(HISTORY_MAX_POINTS);
    expect(points.at(-1)!.at).toBe(5_000);
    expect(points.at(-2)!.at).toBe(1_000 + trades - 1);
    const times = points.map((p) => p.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Every point values what was bought at what was paid: the total never moves.
    expect(new Set(totals(points))).toEqual(new Set([START]));
  });
});
