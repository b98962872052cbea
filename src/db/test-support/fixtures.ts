import { eq, sql } from 'drizzle-orm';
import { migrationsDir } from '../../paths.js';
import { openDb, type Db } from '../client.js';
import { holdings, orders, players, teams, users } from '../schema.js';
import { createLeagueMembersRepo } from '../repos/league-members.js';
import { createLeaguesRepo } from '../repos/leagues.js';
import type { InstrumentKind } from '../../shared/instrument.js';

/**
 * Small builders for read tests: they insert rows directly (no engine), keeping the supply
 * invariant (Σ holdings + shares_remaining = salary) so the states look like real ones.
 */

/** An in-memory database with the real migrations, its first season begun before any test's clock. */
export function emptyDb(): Db {
  const db = openDb({ file: ':memory:', migrationsFolder: migrationsDir });
  db.$client.prepare('UPDATE seasons SET started_at = 0 WHERE number = 1').run();
  return db;
}

let teamCounter = 0;
export function addTeam(db: Db, t: { name?: string; code?: string; conference?: 'East' | 'West'; lastTradePriceCents?: number | null } = {}): number {
  teamCounter += 1;
  return db
    .insert(teams)
    .values({
      code: t.code ?? `T${teamCounter}`,
      name: t.name ?? `Team ${teamCounter}`,
      conference: t.conference ?? 'East',
      division: 'Atlantic',
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
      sharesRemaining: 0,
      lastTradePriceCents: t.lastTradePriceCents ?? null,
    })
    .returning()
    .get().id;
}

export function addPlayer(
  db: Db,
  p: { teamId: number; name: string; salary?: number; lastTradePriceCents?: number | null; retiredAt?: number | null; restrictedUntil?: number | null },
): number {
  const salary = p.salary ?? 1_000_000;
  const id = db
    .insert(players)
    .values({
      name: p.name,
      teamId: p.teamId,
      salary,
      sharesRemaining: salary,
      lastTradePriceCents: p.lastTradePriceCents ?? null,
      retiredAt: p.retiredAt ?? null,
      restrictedUntil: p.restrictedUntil ?? null,
      createdAt: 1,
    })
    .returning()
    .get().id;
  db.update(teams)
    .set({ sharesRemaining: sql`${teams.sharesRemaining} + ${salary}` })
    .where(eq(teams.id, p.teamId))
    .run();
  return id;
}

export function addUser(db: Db, username: string, balanceCents = 8_000_000_000, avatar: string | null = null): number {
  // Plain SQL naming the columns of every version, so tests of old migrations can use it too.
  return db.$client
    .prepare<[string, string, string | null, number], { id: number }>(
      "INSERT INTO users (username, email_hash, password_hash, is_admin, avatar, balance_cents, created_at) VALUES (?, ?, 'x', 0, ?, ?, 1) RETURNING id",
    )
    .get(username, `hash-${username}`, avatar, balanceCents)!.id;
}

export function setLastTradePrice(db: Db, playerId: number, cents: number | null): void {
  db.update(players).set({ lastTradePriceCents: cents }).where(eq(players.id, playerId)).run();
}

/** A player holding of `shares` that cost `costCents` in all; the open market gives them up. */
export function holdPlayer(db: Db, userId: number, playerId: number, shares: number, costCents: number, minSellPriceCents = 200): void {
  db.insert(holdings)
    .values({ userId, instrument: 'player', instrumentId: playerId, shares, costBasisCents: costCents, minSellPriceCents, minSellSeq: 1 })
    .run();
  db.update(players)
    .set({ sharesRemaining: sql`${players.sharesRemaining} - ${shares}` })
    .where(eq(players.id, playerId))
    .run();
}

export function holdTeam(db: Db, userId: number, teamId: number, shares: number, costCents: number, lockedUntil = 0, minSellPriceCents = 200): void {
  db.insert(holdings)
    .values({ userId, instrument: 'team', instrumentId: teamId, shares, costBasisCents: costCents, minSellPriceCents, minSellSeq: 1, lockedUntil })
    .run();
  db.update(teams)
    .set({ sharesRemaining: sql`${teams.sharesRemaining} - ${shares}` })
    .where(eq(teams.id, teamId))
    .run();
}

let seq = 0;
/** An order; an open ask takes its escrow from the user's balance, as the engine would. */
export function addOrder(
  db: Db,
  o: {
    side: 'ask' | 'offer';
    instrument?: InstrumentKind;
    instrumentId: number;
    userId: number;
    priceCents: number;
    shares: number;
    sharesRemaining?: number;
    status?: 'open' | 'filled' | 'cancelled';
    createdAt?: number;
  },
): number {
  seq += 1;
  const sharesRemaining = o.sharesRemaining ?? o.shares;
  const status = o.status ?? 'open';
  if (o.side === 'ask' && status === 'open') {
    db.update(users)
      .set({ balanceCents: sql`${users.balanceCents} - ${o.priceCents * sharesRemaining}` })
      .where(eq(users.id, o.userId))
      .run();
  }
  return db
    .insert(orders)
    .values({
      side: o.side,
      instrument: o.instrument ?? 'player',
      instrumentId: o.instrumentId,
      userId: o.userId,
      priceCents: o.priceCents,
      sharesTotal: o.shares,
      sharesRemaining,
      status,
      seq,
      createdAt: o.createdAt ?? 1_000 + seq,
    })
    .returning()
    .get().id;
}

export function addTrade(
  db: Db,
  t: { instrument?: InstrumentKind; instrumentId: number; buyerId: number | null; sellerId: number | null; shares: number; priceCents: number; at: number },
): number {
  // The columns every version of the schema has: upgrade tests fill databases of earlier versions with it.
  const row = db.$client
    .prepare<[InstrumentKind, number, number | null, number | null, number, number, number], { id: number }>(
      'INSERT INTO trades (instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    )
    .get(t.instrument ?? 'player', t.instrumentId, t.buyerId, t.sellerId, t.shares, t.priceCents, t.at)!;
  return row.id;
}

/**
 * An account in `accounts` that is a member of league `leagueId` (its file `league`) with
 * `balanceCents` there, as a registration or a join leaves it.
 */
export function addMember(accounts: Db, league: Db, username: string, balanceCents = 8_000_000_000, leagueId = 1): number {
  const id = addUser(accounts, username, 0);
  createLeagueMembersRepo(league).join({ id, username, avatar: null }, balanceCents, 1);
  createLeaguesRepo(accounts).addMember(leagueId, id, 1);
  return id;
}

/** The open market of an instrument became empty (`held` false) or held shares again at `at` (the mark asks since when). */
export function openMarketChanged(db: Db, instrument: InstrumentKind, instrumentId: number, held: boolean, at: number): void {
  db.$client
    .prepare('INSERT INTO open_market_changes (instrument, instrument_id, held, at) VALUES (?, ?, ?, ?)')
    .run(instrument, instrumentId, held ? 1 : 0, at);
}
