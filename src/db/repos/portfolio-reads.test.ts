import { describe, expect, it } from 'vitest';
import { addOrder, addPlayer, addTeam, addTrade, addUser, emptyDb, holdPlayer, holdTeam } from '../test-support/fixtures.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import { changePercent, createPortfolioReadsRepo } from './portfolio-reads.js';
import { DAY_MS, WEEK_MS } from './read-sql.js';

const NOW = 1_750_000_000_000;

/** Marks as the caller knows them ($1.00 for the others). */
let marks = new Map<string, number>();
const markOf = (kind: InstrumentKind, id: number) => marks.get(`${kind}:${id}`) ?? 100;
const setMark = (kind: InstrumentKind, id: number, cents: number) => marks.set(`${kind}:${id}`, cents);

function setup() {
  const db = emptyDb();
  const teamId = addTeam(db, { name: 'Golden State Warriors', code: 'GSW', conference: 'West' });
  const curry = addPlayer(db, { teamId, name: 'Stephen Curry', salary: 1_000_000 });
  const green = addPlayer(db, { teamId, name: 'Draymond Green', salary: 500_000 });
  const alice = addUser(db, 'alice');
  const bob = addUser(db, 'bob');
  const reads = createPortfolioReadsRepo(db);
  marks = new Map();
  const repo = { portfolio: (userId: number, now: number) => reads.portfolio(userId, now, markOf) };
  return { db, repo, teamId, curry, green, alice, bob };
}

describe('holding value', () => {
  it('is shares × mark', () => {
    const { db, repo, curry, alice } = setup();
    holdPlayer(db, alice, curry, 100, 15_000);
    setMark('player', curry, 250);
    const [h] = repo.portfolio(alice, NOW)!.players;
    expect(h).toMatchObject({ shares: 100, averageBuyCents: 150, currentPriceCents: 250, valueCents: 25_000 });
  });

  it('is shares × $1.00 at a mark of $1.00, whatever was paid', () => {
    const { db, repo, curry, alice } = setup();
    holdPlayer(db, alice, curry, 3, 1_000);
    const [h] = repo.portfolio(alice, NOW)!.players;
    expect(h).toMatchObject({ currentPriceCents: 100, weeklyAvgCents: 100, valueCents: 300, averageBuyCents: 333 });
  });

  it('values team holdings the same way and reports their lock', () => {
    const { db, repo, alice } = setup();
    const priced = addTeam(db, { name: 'Boston Celtics', code: 'BOS' });
    const unpriced = addTeam(db, { name: 'Denver Nuggets', code: 'DEN', conference: 'West' });
    setMark('team', priced, 300);
    holdTeam(db, alice, priced, 10, 2_000, NOW + DAY_MS);
    holdTeam(db, alice, unpriced, 10, 1_500);
    const p = repo.portfolio(alice, NOW)!;
    expect(p.teams.map((t) => [t.code, t.valueCents, t.lockedUntil, t.conference])).toEqual([
      ['BOS', 3_000, NOW + DAY_MS, 'East'],
      ['DEN', 1_000, 0, 'West'],
    ]);
    expect(p.shareValueCents).toBe(4_000);
  });
});

describe('weekly average price', () => {
  it('is the volume-weighted average of user-to-user trades in the last 7 days only', () => {
    const { db, repo, curry, alice, bob } = setup();
    holdPlayer(db, alice, curry, 10, 1_000);
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: bob, shares: 10, priceCents: 300, at: NOW - DAY_MS });
    addTrade(db, { instrumentId: curry, buyerId: bob, sellerId: alice, shares: 30, priceCents: 200, at: NOW - WEEK_MS + 1 });
    // Not counted: open-market buy, dump, older than a week, another player.
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: null, shares: 1_000, priceCents: 100, at: NOW - 1 });
    addTrade(db, { instrumentId: curry, buyerId: null, sellerId: bob, shares: 1_000, priceCents: 100, at: NOW - 1 });
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: bob, shares: 1_000, priceCents: 900, at: NOW - WEEK_MS - 1 });
    const [h] = repo.portfolio(alice, NOW)!.players;
    expect(h?.weeklyAvgCents).toBe((10 * 300 + 30 * 200) / 40);
  });

  it('rounds the average to the cent', () => {
    const { db, repo, curry, alice, bob } = setup();
    holdPlayer(db, alice, curry, 1, 100);
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: bob, shares: 1, priceCents: 100, at: NOW - 1 });
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: bob, shares: 2, priceCents: 101, at: NOW - 1 });
    expect(repo.portfolio(alice, NOW)!.players[0]?.weeklyAvgCents).toBe(101); // 302 / 3 = 100.67
  });

  it('falls back to the mark without user-to-user trades this week', () => {
    const { db, repo, curry, green, alice, bob } = setup();
    holdPlayer(db, alice, curry, 10, 1_000);
    holdPlayer(db, alice, green, 10, 1_000);
    setMark('player', curry, 450);
    addTrade(db, { instrumentId: curry, buyerId: alice, sellerId: bob, shares: 10, priceCents: 450, at: NOW - 2 * WEEK_MS });
    const byId = new Map(repo.portfolio(alice, NOW)!.players.map((h) => [h.playerId, h]));
    expect(byId.get(curry)?.weeklyAvgCents).toBe(450);
    expect(byId.get(green)?.weeklyAvgCents).toBe(100);
  });

  it('uses team trades for team holdings', () => {
    const { db, repo, alice, bob } = setup();
    const team = addTeam(db, { code: 'BOS' });
    setMark('team', team, 500);
    holdTeam(db, alice, team, 10, 2_000);
    addTrade(db, { instrument: 'team', instrumentId: team, buyerId: bob, sellerId: alice, shares: 5, priceCents: 400, at: NOW - DAY_MS });
    expect(repo.portfolio(alice, NOW)!.teams[0]?.weeklyAvgCents).toBe(400);
  });
});

describe('daily change', () => {
  it('compares the value now (at the marks) with the value at weekly-average prices', () => {
    const { db, repo, curry, green, alice, bob } = setup();
    holdPlayer(db, alice, curry, 100, 10_000);
    setMark('player', curry, 250);
    addTrade(db, { instrumentId: curry, buyerId: bob, sellerId: alice, shares: 10, priceCents: 200, at: NOW - 3 * DAY_MS });
    holdPlayer(db, alice, green, 50, 5_000); // at the mark, $1.00, both ways
    const p = repo.portfolio(alice, NOW)!;
    expect(p.shareValueCents).toBe(25_000 + 5_000);
    expect(p.shareValueAtWeeklyAvgCents).toBe(20_000 + 5_000);
    expect(p.dailyChangePercent).toBe(20);
  });

  it('is negative when prices fell and 0 without holdings', () => {
    const { db, repo, curry, alice, bob } = setup();
    expect(repo.portfolio(alice, NOW)!.dailyChangePercent).toBe(0);
    holdPlayer(db, alice, curry, 3, 300);
    addTrade(db, { instrumentId: curry, buyerId: bob, sellerId: alice, shares: 1, priceCents: 300, at: NOW - DAY_MS });
    expect(repo.portfolio(alice, NOW)!.dailyChangePercent).toBe(-66.67);
  });

  it('rounds to two decimals', () => {
    expect(changePercent(1, 3)).toBe(-66.67);
    expect(changePercent(5, 0)).toBe(0);
    expect(changePercent(10, 10)).toBe(0);
  });
});

describe('top holder', () => {
  it('is the holder with the most shares; a tie goes to the lower user id', () => {
    const { db, repo, curry, alice, bob } = setup();
    const carol = addUser(db, 'carol');
    holdPlayer(db, alice, curry, 100, 100);
    holdPlayer(db, bob, curry, 100, 100);
    const top = (u: number) => repo.portfolio(u, NOW)!.players[0]?.isTopHolder;
    expect([top(alice), top(bob)]).toEqual([true, false]);
    holdPlayer(db, carol, curry, 101, 101);
    expect([top(alice), top(bob), top(carol)]).toEqual([false, false, true]);
  });
});

describe('portfolio totals', () => {
  it('adds cash, escrow of open asks and share value, and counts listed shares of open offers', () => {
    const { db, repo, curry, green, alice } = setup();
    holdPlayer(db, alice, curry, 100, 10_000);
    addOrder(db, { side: 'offer', instrumentId: curry, userId: alice, priceCents: 500, shares: 40 });
    addOrder(db, { side: 'offer', instrumentId: curry, userId: alice, priceCents: 500, shares: 10, status: 'cancelled' });
    addOrder(db, { side: 'ask', instrumentId: green, userId: alice, priceCents: 300, shares: 10 });
    addOrder(db, { side: 'ask', instrumentId: green, userId: alice, priceCents: 300, shares: 10, status: 'filled', sharesRemaining: 0 });
    setMark('player', curry, 100);
    const p = repo.portfolio(alice, NOW)!;
    expect(p.balanceCents).toBe(8_000_000_000 - 3_000);
    expect(p.escrowCents).toBe(3_000);
    expect(p.totalValueCents).toBe(8_000_000_000 + 10_000);
    expect(p.players[0]).toMatchObject({ shares: 100, listedShares: 40 });
  });

  it('orders holdings by value, highest first, and answers undefined for an unknown user', () => {
    const { db, repo, curry, green, alice } = setup();
    holdPlayer(db, alice, curry, 10, 1_000);
    holdPlayer(db, alice, green, 10, 9_000);
    setMark('player', green, 900);
    expect(repo.portfolio(alice, NOW)!.players.map((h) => h.playerId)).toEqual([green, curry]);
    expect(repo.portfolio(9_999, NOW)).toBeUndefined();
  });
});
