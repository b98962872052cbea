import { describe, expect, it } from 'vitest';
import { createRosterRepo } from '../db/repos/roster.js';
import { createOrderBook } from '../domain/orderbook/index.js';
import { createAdmin } from './admin.js';
import type { InstrumentRef } from './commands.js';
import { bookKey } from './exchange.js';
import { laterTurn } from './later-turn.js';
import { OpenOrderTally } from './open-order-tally.js';
import { loadBooks } from './recovery.js';
import { testExchange } from './test-support/exchange.js';
import { expectModelsEqualSql } from './test-support/read-models.js';

const actor = { id: null, username: 'test admin' };

describe('an admin change rebuilds only what it touched', () => {
  it('keeps every other book as it was, and the rebuilt ones, the tally and the read models equal to the database', () => {
    const t = testExchange();
    const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
    const roster = createRosterRepo(t.db);
    const changed = t.player(100);
    const untouched = t.player(100);
    const teamOf = (r: InstrumentRef): InstrumentRef => ({ kind: 'team', id: roster.playerById(r.id)!.teamId });
    const [holder, bidder] = [t.user('holder'), t.user('bidder')];
    for (const p of [changed, untouched]) {
      t.ok({ type: 'buy', userId: holder, instrument: p, shares: 100, priceCents: 100 });
      t.ok({ type: 'listOffer', userId: holder, instrument: p, shares: 10, priceCents: 900 });
      t.ok({ type: 'buy', userId: bidder, instrument: p, shares: 5, priceCents: 105 });
    }
    t.ok({ type: 'buy', userId: bidder, instrument: teamOf(changed), shares: 50, priceCents: 100 });
    const otherTeam = roster.allTeams().find((x) => x.id !== teamOf(changed).id && x.id !== teamOf(untouched).id)!;
    const otherTeamRef = { kind: 'team' as const, id: otherTeam.id };
    const before = new Map([changed, untouched, teamOf(changed), teamOf(untouched), otherTeamRef].map((r) => [bookKey(r.kind, r.id), t.exchange.book(r)]));

    admin.changeSalary(actor, changed.id, 300);

    const rebuilt = loadBooks(t.ledger, t.clock.now, createOrderBook);
    for (const ref of [changed, teamOf(changed)]) {
      expect(t.exchange.book(ref)).not.toBe(before.get(bookKey(ref.kind, ref.id)));
      expect(t.exchange.book(ref)!.snapshot()).toEqual(rebuilt.get(bookKey(ref.kind, ref.id))!.snapshot());
    }
    for (const ref of [untouched, otherTeamRef]) expect(t.exchange.book(ref)).toBe(before.get(bookKey(ref.kind, ref.id)));
    expect(t.exchange.openOrderTally().entries()).toEqual(OpenOrderTally.of(rebuilt).entries());
    expectModelsEqualSql(t, [changed, untouched, teamOf(changed), teamOf(untouched)], [holder, bidder]);

    admin.retire(actor, untouched.id);
    expect(t.exchange.book(untouched)).toBeUndefined();
    expect(
      t.exchange
        .readModels()
        .instruments.players()
        .some((p) => p.id === untouched.id),
    ).toBe(false);
    expectModelsEqualSql(t, [changed, teamOf(changed), teamOf(untouched)], [holder, bidder]);
  });

  it('writes a salary change through the writer: the rescaled holdings are updated in place, not read again', () => {
    const t = testExchange();
    const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
    const roster = createRosterRepo(t.db);
    const player = t.player(100);
    const team = { kind: 'team' as const, id: roster.playerById(player.id)!.teamId };
    const holder = t.user('holder');
    t.ok({ type: 'buy', userId: holder, instrument: player, shares: 40, priceCents: 100 });
    t.ok({ type: 'buy', userId: holder, instrument: team, shares: 30, priceCents: 100 });
    const models = t.exchange.readModels();
    const held = models.holdings.get(bookKey('player', player.id), holder)!;
    const teamHeld = models.holdings.get(bookKey('team', team.id), holder)!;

    admin.changeSalary(actor, player.id, 250);

    expect(t.exchange.readModels()).toBe(models);
    expect(models.holdings.get(bookKey('player', player.id), holder)).toBe(held);
    expect(held.shares).toBe(100);
    expect(models.holdings.get(bookKey('team', team.id), holder)).toBe(teamHeld);
    expect(models.instruments.get('player', player.id)!.totalShares).toBe(250);
    expectModelsEqualSql(t, [player, team], [holder]);
  });

  it('writes a retirement through the writer: the buy-backs are trades, the team rescaled in place, nothing read again', () => {
    const t = testExchange();
    const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
    const roster = createRosterRepo(t.db);
    const player = t.player(100);
    const team = { kind: 'team' as const, id: roster.playerById(player.id)!.teamId };
    const holder = t.user('holder');
    t.ok({ type: 'buy', userId: holder, instrument: player, shares: 40, priceCents: 100 });
    t.ok({ type: 'buy', userId: holder, instrument: team, shares: 30, priceCents: 100 });
    const models = t.exchange.readModels();
    const teamHeld = models.holdings.get(bookKey('team', team.id), holder)!;
    const payroll = models.instruments.get('team', team.id)!.totalShares;

    admin.retire(actor, player.id);

    expect(t.exchange.readModels()).toBe(models);
    expect(models.holdings.get(bookKey('player', player.id), holder)).toBeUndefined();
    expect(models.holdings.get(bookKey('team', team.id), holder)).toBe(teamHeld);
    expect(models.instruments.get('team', team.id)!.totalShares).toBe(payroll - 100);
    // Rounded down (docs/rules.md §7), the open market keeping the rest.
    expect(teamHeld.shares).toBe(Math.floor((30 * (payroll - 100)) / payroll));
    expectModelsEqualSql(t, [team], [holder]);
  });

  it('writes a draft through the writer: every team rescaled in place, the rookies added, nothing read again', () => {
    const t = testExchange();
    const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
    const roster = createRosterRepo(t.db);
    const player = t.player(100);
    const team = { kind: 'team' as const, id: roster.playerById(player.id)!.teamId };
    const holder = t.user('holder');
    t.ok({ type: 'buy', userId: holder, instrument: team, shares: 30, priceCents: 100 });
    const models = t.exchange.readModels();
    const teamHeld = models.holdings.get(bookKey('team', team.id), holder)!;
    const payroll = models.instruments.get('team', team.id)!.totalShares;

    const drafted = admin.draft(actor);
    if (!drafted.ok) throw new Error(drafted.error.message);

    expect(t.exchange.readModels()).toBe(models);
    expect(models.holdings.get(bookKey('team', team.id), holder)).toBe(teamHeld);
    const newPayroll = roster.teamPayroll(team.id);
    expect(newPayroll).toBeGreaterThan(payroll);
    expect(models.instruments.get('team', team.id)!.totalShares).toBe(newPayroll);
    // Rounded down (docs/rules.md §7), the open market keeping the rest.
    expect(teamHeld.shares).toBe(Math.floor((30 * newPayroll) / payroll));
    const rookies = drafted.value.picks.map((p) => ({ kind: 'player' as const, id: p.playerId }));
    for (const r of rookies) expect(models.instruments.get('player', r.id)).toBeDefined();
    const teams = roster.allTeams().map((x) => ({ kind: 'team' as const, id: x.id }));
    expectModelsEqualSql(t, [...teams, ...rookies], [holder]);
    const rebuilt = loadBooks(t.ledger, t.clock.now, createOrderBook);
    expect(t.exchange.openOrderTally().entries()).toEqual(OpenOrderTally.of(rebuilt).entries());
  });

  it('makes the touched books and marks again each in a later turn than the change and than each other, not in its turn nor in the next order’s', async () => {
    const t = testExchange();
    const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
    const roster = createRosterRepo(t.db);
    const p = t.player(100);
    const team: InstrumentRef = { kind: 'team', id: roster.playerById(p.id)!.teamId };
    const holder = t.user('holder');
    t.ok({ type: 'buy', userId: holder, instrument: p, shares: 100, priceCents: 100 });
    t.ok({ type: 'buy', userId: holder, instrument: team, shares: 10, priceCents: 100 });
    expect(t.exchange.bookKeys()).toEqual(expect.arrayContaining([bookKey('player', p.id), bookKey('team', team.id)]));

    expect(admin.changeSalary(actor, p.id, 300).ok).toBe(true);
    expect(t.exchange.bookKeys()).not.toContain(bookKey('player', p.id));
    expect(t.exchange.bookKeys()).not.toContain(bookKey('team', team.id));
    // The steps and this test's turns are timers of the same delay, run in the order they were set.
    const turn = () => new Promise<void>((resolve) => laterTurn(resolve));
    await turn();
    expect(t.exchange.bookKeys()).toContain(bookKey('player', p.id));
    expect(t.exchange.bookKeys()).not.toContain(bookKey('team', team.id));
    // The player's mark has its own turn.
    await turn();
    expect(t.exchange.bookKeys()).not.toContain(bookKey('team', team.id));
    await turn();
    expect(t.exchange.bookKeys()).toContain(bookKey('team', team.id));
    const rebuilt = loadBooks(t.ledger, t.clock.now, createOrderBook);
    for (const ref of [p, team]) expect(t.exchange.book(ref)!.snapshot()).toEqual(rebuilt.get(bookKey(ref.kind, ref.id))!.snapshot());
    expectModelsEqualSql(t, [p, team], [holder]);
  });
});
