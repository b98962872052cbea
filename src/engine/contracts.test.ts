import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRosterRepo } from '../db/repos/roster.js';
import { holdings, orders, players, users } from '../db/schema.js';
import { addPlayer, changeSalary } from './contracts.js';
import { addUser, seededDb } from './test-support/db.js';

function setup() {
  const db = seededDb();
  const repo = createRosterRepo(db);
  const player = repo.playerByName('Stephen Curry')!;
  const alice = addUser(db, 'alice');
  const bob = addUser(db, 'bob');
  return { db, repo, player, alice, bob };
}

describe('changeSalary', () => {
  it('rescales holdings by new/old, keeps the cost basis, and lets the open market absorb the rounding', () => {
    const { db, repo, player, alice, bob } = setup();
    db.insert(holdings)
      .values([
        { userId: alice, instrument: 'player', instrumentId: player.id, shares: 1_000, costBasisCents: 100_000, minSellPriceCents: 110, minSellSeq: 1 },
        { userId: bob, instrument: 'player', instrumentId: player.id, shares: 333, costBasisCents: 33_300, minSellPriceCents: 110, minSellSeq: 2 },
      ])
      .run();
    repo.updatePlayer(player.id, { salary: 3_000, sharesRemaining: 3_000 - 1_333 });
    changeSalary(repo, player.id, 4_000);
    const held = db
      .select()
      .from(holdings)
      .where(and(eq(holdings.instrument, 'player'), eq(holdings.instrumentId, player.id)))
      .all();
    expect(held.map((h) => [h.userId, h.shares, h.costBasisCents])).toEqual([
      [alice, 1_333, 100_000],
      [bob, 444, 33_300],
    ]);
    const after = repo.playerById(player.id)!;
    expect(after.salary).toBe(4_000);
    expect(after.sharesRemaining).toBe(4_000 - 1_333 - 444);
  });

  it('rescales in SQL exactly as the rule rounds, a holding left with no share gone, and holder by holder where shares × total would pass SQLite’s integers', () => {
    const { db, repo, player, alice, bob } = setup();
    const carol = addUser(db, 'carol');
    const sharesOf = () =>
      db
        .select()
        .from(holdings)
        .where(and(eq(holdings.instrument, 'player'), eq(holdings.instrumentId, player.id)))
        .all()
        .map((h) => [h.userId, h.shares]);
    const hold = (userId: number, shares: number) =>
      db.insert(holdings).values({ userId, instrument: 'player', instrumentId: player.id, shares, costBasisCents: shares * 100, minSellPriceCents: 110, minSellSeq: 1 }).run();
    hold(alice, 999_999_998);
    hold(bob, 1);
    hold(carol, 1);
    repo.updatePlayer(player.id, { salary: 1_000_000_000, sharesRemaining: 0 });
    // 999,999,998 × 999,999,999 passes 2^62: written holder by holder, with the same rounding.
    changeSalary(repo, player.id, 999_999_999);
    expect(sharesOf()).toEqual([[alice, 999_999_997]]);
    expect(repo.playerById(player.id)!.sharesRemaining).toBe(2);
    // In two statements: 999,999,997 × 7 / 999,999,999 rounds down to 6.
    changeSalary(repo, player.id, 7);
    expect(sharesOf()).toEqual([[alice, 6]]);
    expect(repo.playerById(player.id)!.sharesRemaining).toBe(1);
    changeSalary(repo, player.id, 1);
    expect(sharesOf()).toEqual([]);
    expect(repo.playerById(player.id)!.sharesRemaining).toBe(1);
  });

  it('cancels open orders on the player first, returning an ask’s escrow', () => {
    const { db, repo, player, alice } = setup();
    const before = db.select().from(users).where(eq(users.id, alice)).get()!.balanceCents;
    db.insert(orders)
      .values({
        side: 'ask',
        instrument: 'player',
        instrumentId: player.id,
        userId: alice,
        priceCents: 250,
        sharesTotal: 10,
        sharesRemaining: 4,
        status: 'open',
        seq: 1,
        createdAt: 1,
      })
      .run();
    db.update(users)
      .set({ balanceCents: before - 1_000 })
      .where(eq(users.id, alice))
      .run();
    const change = changeSalary(repo, player.id, player.salary * 2);
    expect(change.cancelledOrders).toHaveLength(1);
    expect(db.select().from(orders).get()!.status).toBe('cancelled');
    expect(db.select().from(users).where(eq(users.id, alice)).get()!.balanceCents).toBe(before);
  });

  it('changes the team payroll by the same amount and rescales team holdings', () => {
    const { db, repo, player, alice } = setup();
    const payroll = repo.teamPayroll(player.teamId);
    db.insert(holdings)
      .values({
        userId: alice,
        instrument: 'team',
        instrumentId: player.teamId,
        shares: Math.floor(payroll / 2),
        costBasisCents: 1,
        minSellPriceCents: 200,
        minSellSeq: 1,
        lockedUntil: 0,
      })
      .run();
    const held = db.select().from(holdings).get()!.shares;
    repo.setTeamRemaining(player.teamId, payroll - held);
    changeSalary(repo, player.id, player.salary + 1_000_000);
    const newPayroll = repo.teamPayroll(player.teamId);
    expect(newPayroll).toBe(payroll + 1_000_000);
    const newHeld = db.select().from(holdings).get()!.shares;
    expect(newHeld).toBe(Number((BigInt(held) * BigInt(newPayroll)) / BigInt(payroll)));
    expect(repo.teamById(player.teamId)!.sharesRemaining + newHeld).toBe(newPayroll);
  });

  it('keeps every player’s supply equal to the salary', () => {
    const { db, repo, player } = setup();
    changeSalary(repo, player.id, 12_345_678);
    const p = db.select().from(players).where(eq(players.id, player.id)).get()!;
    expect(p.sharesRemaining).toBe(12_345_678);
  });
});

describe('addPlayer', () => {
  it('puts all of a new player’s shares on the open market and grows the team payroll', () => {
    const { repo, player } = setup();
    const payroll = repo.teamPayroll(player.teamId);
    const { player: rookie } = addPlayer(repo, { name: 'Brand New', teamId: player.teamId, salary: 2_000_000, restrictedUntil: null }, 5);
    expect(rookie.sharesRemaining).toBe(2_000_000);
    expect(repo.teamPayroll(player.teamId)).toBe(payroll + 2_000_000);
    expect(repo.teamById(player.teamId)!.sharesRemaining).toBe(payroll + 2_000_000);
  });
});
