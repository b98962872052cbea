import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createRosterRepo } from '../../db/repos/roster.js';
import { createLedgerRepo } from '../../db/repos/ledger.js';
import { holdings, orders, trades, users } from '../../db/schema.js';
import type { ExchangeCommand, ExchangeResult, InstrumentRef } from '../commands.js';
import { createAdmin } from '../admin.js';
import { addPlayer } from '../contracts.js';
import { EventBus, type PublishedEvent } from '../events.js';
import { createExchange } from '../exchange.js';
import { addUser, seededDb } from './db.js';

/** A real exchange on an in-memory database with the real migrations, a controllable clock and recorded events. */
export function testExchange() {
  const db = seededDb();
  const clock = { now: 1_750_000_000_000 };
  const bus = new EventBus();
  const events: PublishedEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const exchange = createExchange({ db, bus, now: () => clock.now });
  const ledger = createLedgerRepo(db);

  /** A player with a small salary, all of it on the open market. */
  function player(salary: number, name = `Test Player ${salary}-${Math.random().toString(36).slice(2, 7)}`): InstrumentRef {
    const roster = createRosterRepo(db);
    const team = roster.allTeams()[0]!;
    const { player: row } = db.$client.transaction(() => addPlayer(roster, { name, teamId: team.id, salary, restrictedUntil: null }, clock.now))();
    exchange.reload();
    return { kind: 'player', id: row.id };
  }

  /** Players of the first team, one per salary, with one reload of the exchange for all of them. */
  function players(...salaries: number[]): InstrumentRef[] {
    const roster = createRosterRepo(db);
    const team = roster.allTeams()[0]!;
    const rows = db.$client.transaction(() =>
      salaries.map(
        (salary, i) =>
          addPlayer(
            roster,
            { name: `Test Player ${salary}-${i}${Math.random().toString(36).slice(2, 7)}`, teamId: team.id, salary, restrictedUntil: null },
            clock.now,
          ).player,
      ),
    )();
    exchange.reload();
    return rows.map((row) => ({ kind: 'player', id: row.id }));
  }

  function submit(cmd: ExchangeCommand): ExchangeResult {
    return exchange.submitNow(cmd);
  }

  /** Submits and fails the test on refusal. */
  function ok(cmd: ExchangeCommand) {
    const result = exchange.submitNow(cmd);
    if (!result.ok) throw new Error(`refused: ${result.error.message}`);
    return result.outcome;
  }

  return {
    db,
    bus,
    events,
    clock,
    exchange,
    ledger,
    player,
    players,
    submit,
    ok,
    user: (name: string, balanceCents?: number) => addUser(db, name, balanceCents),
    cash: (userId: number) => ledger.balance(userId)!,
    shares: (userId: number, ref: InstrumentRef) => ledger.holding(ref.kind, userId, ref.id)?.shares ?? 0,
    holding: (userId: number, ref: InstrumentRef) => ledger.holding(ref.kind, userId, ref.id),
    remaining: (ref: InstrumentRef) => ledger.instrument(ref.kind, ref.id)!.sharesRemaining,
    trades: () => db.select().from(trades).all(),
    openOrders: () => db.select().from(orders).where(eq(orders.status, 'open')).all(),
    order: (id: number) => db.select().from(orders).where(eq(orders.id, id)).get(),
    allUsers: () => db.select().from(users).all(),
    /** Every player holding, with its player's id as `playerId`. */
    allHoldings: () =>
      db
        .select()
        .from(holdings)
        .where(eq(holdings.instrument, 'player'))
        .all()
        .map((h) => ({ ...h, playerId: h.instrumentId })),
  };
}
export type TestExchange = ReturnType<typeof testExchange>;
export type { Db };

/**
 * A small league already traded, for the property tests of random trading: 50 players of small
 * contracts (30–70 shares, so that open markets sell out and users trade with each other), their
 * team, five users, and each player's open market sold to three of them (40%, 30%, 30%).
 */
export function tradedLeague(t: TestExchange) {
  const admin = createAdmin(t.db, t.exchange, () => t.clock.now);
  const league = createRosterRepo(t.db);
  const players = t.players(50, 30, 70);
  const team: InstrumentRef = { kind: 'team', id: league.playerById(players[0]!.id)!.teamId };
  const items: InstrumentRef[] = [...players, team];
  const users = [0, 1, 2, 3, 4].map((i) => t.user(`u${i}`, 30_000 + i * 10_000));
  for (const p of players) {
    const salary = league.playerById(p.id)!.salary;
    for (const [i, part] of [0.4, 0.3, 0.3].entries()) t.submit({ type: 'buy', userId: users[i]!, instrument: p, shares: Math.round(salary * part), priceCents: 100 });
  }
  /** An admin's change to the `item`-th player (nothing for a retired one): a retirement, or a salary times `factor`. */
  const adminChange = (item: number, change: { op: 'retire' } | { op: 'salary'; factor: number }): void => {
    const p = players[item]!;
    const player = league.playerById(p.id)!;
    if (player.retiredAt !== null) return;
    const actor = { id: null, username: 'property test' };
    if (change.op === 'retire') admin.retire(actor, p.id);
    else admin.changeSalary(actor, p.id, Math.max(1, Math.round(player.salary * change.factor)));
  };
  return { items, users, adminChange };
}
