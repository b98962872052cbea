/**
 * A season of play, built through the real exchange on a simulated clock: users join over time,
 * buy the open market of popular players first (unpopular ones keep theirs), then trade with each
 * other (bids, offers, minimum sell prices that fill bids, accepted asks and offers, cancels,
 * declines, dumps), hold one Eastern and one Western team, and the admin changes salaries now and
 * then. Deterministic: the same size and version give the same league.
 */
import { createRosterRepo } from '../../src/db/repos/roster.js';
import { createUsersRepo } from '../../src/db/repos/users.js';
import { openDb } from '../../src/db/client.js';
import { createAdmin } from '../../src/engine/admin.js';
import type { ExchangeCommand, ExchangeResult, InstrumentRef } from '../../src/engine/commands.js';
import { EventBus } from '../../src/engine/events.js';
import { createExchange, MAX_OPEN_ORDERS_PER_USER } from '../../src/engine/exchange.js';
import { seedRosterIfEmpty } from '../../src/engine/roster.js';
import { rosterDir, migrationsDir } from '../../src/paths.js';
import { START_BALANCE_CENTS } from '../../src/shared/money.js';
import { between, rng } from './rng.js';

/** Bump when the generator changes what it builds: cached leagues of another version are rebuilt. */
export const GENERATOR_VERSION = 1;

export interface LeagueSize {
  name: 'S' | 'L';
  users: number;
  trades: number;
  openOrders: number;
  seed: number;
}

export const SIZES: Record<'S' | 'L', LeagueSize> = {
  S: { name: 'S', users: 100, trades: 10_000, openOrders: 1_500, seed: 101 },
  L: { name: 'L', users: 2_000, trades: 500_000, openOrders: 31_000, seed: 202 },
};

export const SEASON_START = Date.UTC(2025, 9, 21);
const DAY = 24 * 60 * 60 * 1000;
export const SEASON_DAYS = 150;
/** The admin changes a salary about this often. */
const SALARY_CHANGE_EVERY_DAYS = 5;

export interface LeagueSummary {
  size: 'S' | 'L';
  users: number;
  trades: number;
  openOrders: number;
  /** The simulated time at the end of the season (epoch ms): the measured servers' clock starts there. */
  endsAt: number;
  salaryChanges: number;
  commands: number;
  refused: number;
  buildSeconds: number;
}

interface SimUser {
  id: number;
  joinsAt: number;
  /** Instruments the user bought at some point (the holding may be gone since). */
  held: InstrumentRef[];
  heldKeys: Set<string>;
  open: { id: number; side: 'ask' | 'offer' }[];
  east: number;
  west: number;
}

const key = (ref: InstrumentRef) => `${ref.kind}:${ref.id}`;
const cents = (x: number) => Math.max(100, Math.round(x));

/** Popular players are few: Zipf weights over a shuffled roster. */
function pickWeighted(cumulative: Float64Array, r: () => number): number {
  const x = r() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export async function buildLeague(file: string, size: LeagueSize, log: (line: string) => void): Promise<LeagueSummary> {
  const started = performance.now();
  const db = openDb({ file, migrationsFolder: migrationsDir });
  seedRosterIfEmpty(db, rosterDir, SEASON_START - DAY);
  const clock = { now: SEASON_START };
  const bus = new EventBus();
  let trades = 0;
  bus.subscribe((e) => {
    if (e.type === 'tradeCompleted') trades++;
  });
  const exchange = createExchange({ db, bus, now: () => clock.now });
  const admin = createAdmin(db, exchange, () => clock.now);
  const roster = createRosterRepo(db);
  const usersRepo = createUsersRepo(db);
  const r = rng(size.seed);

  const active = db.$client.prepare<[], { id: number }>('SELECT id FROM players WHERE retired_at IS NULL ORDER BY id').all();
  for (let i = active.length - 1; i > 0; i--) {
    const j = between(r, 0, i);
    [active[i], active[j]] = [active[j]!, active[i]!];
  }
  const players = active.map((p, rank) => ({ id: p.id, weight: 1 / Math.pow(rank + 1, 1.1) }));
  const playerPick = new Float64Array(players.length);
  players.reduce((sum, p, i) => (playerPick[i] = sum + p.weight), 0);
  const fair = new Map(players.map((p, rank) => [p.id, 110 + (rank < 40 ? 400 * r() + 200 : 150 * r())]));
  const teams = roster.allTeams();
  const east = teams.filter((t) => t.conference === 'East');
  const west = teams.filter((t) => t.conference === 'West');

  // Users join over the first 60% of the season, the earliest most active.
  const users: SimUser[] = db.$client.transaction(() =>
    Array.from({ length: size.users }, (_, i) => {
      const joinsAt = SEASON_START + Math.floor(0.6 * SEASON_DAYS * DAY * Math.pow(i / size.users, 1.3));
      const row = usersRepo.insert({
        username: `fan${size.name}${i}`,
        emailHash: `growth-${size.name}-${i}`,
        passwordHash: 'x',
        isAdmin: false,
        avatar: null,
        balanceCents: START_BALANCE_CENTS,
        createdAt: joinsAt,
      });
      return {
        id: row.id,
        joinsAt,
        held: [],
        heldKeys: new Set<string>(),
        open: [],
        east: east[between(r, 0, east.length - 1)]!.id,
        west: west[between(r, 0, west.length - 1)]!.id,
      };
    }),
  )();

  const c = db.$client;
  const holding = {
    player: c.prepare<[number, number], { shares: number }>(`SELECT shares FROM holdings WHERE user_id = ? AND instrument = 'player' AND instrument_id = ?`),
    team: c.prepare<[number, number], { shares: number; locked: number }>(
      `SELECT shares, locked_until AS locked FROM holdings WHERE user_id = ? AND instrument = 'team' AND instrument_id = ?`,
    ),
  };
  const listed = c.prepare<[number, string, number], { n: number }>(
    `SELECT COALESCE(SUM(shares_remaining), 0) AS n FROM orders WHERE user_id = ? AND instrument = ? AND instrument_id = ? AND side = 'offer' AND status = 'open'`,
  );
  const bestOrder = (side: 'ask' | 'offer') =>
    c.prepare<[string, number, number], { id: number; shares: number; price: number }>(
      `SELECT id, shares_remaining AS shares, price_cents AS price FROM orders WHERE instrument = ? AND instrument_id = ? AND side = '${side}' AND status = 'open' AND user_id <> ?
       ORDER BY price_cents ${side === 'ask' ? 'DESC' : 'ASC'}, seq LIMIT 1`,
    );
  const bestAsk = bestOrder('ask');
  const bestOffer = bestOrder('offer');
  const remaining = c.prepare<[number], { remaining: number }>('SELECT shares_remaining AS remaining FROM players WHERE id = ?');
  const openCount = c.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM orders INDEXED BY orders_open_user WHERE status = 'open'`);

  const unlistedOf = (u: SimUser, ref: InstrumentRef): number => {
    const h = holding[ref.kind].get(u.id, ref.id) as { shares: number; locked?: number } | undefined;
    if (!h || (h.locked ?? 0) > clock.now) return 0;
    return h.shares - listed.get(u.id, ref.kind, ref.id)!.n;
  };
  const popularPlayer = (): InstrumentRef => ({ kind: 'player', id: players[pickWeighted(playerPick, r)]!.id });
  const fairOf = (ref: InstrumentRef) => (ref.kind === 'player' ? (fair.get(ref.id) ?? 150) : 150);
  const someHolding = (u: SimUser): InstrumentRef | null => (u.held.length === 0 ? null : u.held[between(r, 0, u.held.length - 1)]!);
  const targetOpen = Math.ceil(size.openOrders / size.users);

  /** One command for `u`, or null when the chosen action has nothing to act on. */
  function nextCommand(u: SimUser, progress: number): ExchangeCommand | null {
    const x = r();
    const marketShare = Math.max(0.04, 0.3 * (1 - 3 * progress));
    if (x < marketShare) {
      // The open market at $1.00: popular players first, whatever is left later.
      for (let tries = 0; tries < 4; tries++) {
        const ref = popularPlayer();
        const left = remaining.get(ref.id)?.remaining ?? 0;
        if (left === 0) continue;
        const chunk = size.name === 'L' ? between(r, 20_000, 600_000) : between(r, 50_000, 4_000_000);
        return { type: 'buy', userId: u.id, instrument: ref, shares: Math.min(left, chunk), priceCents: 100 };
      }
      return null;
    }
    const y = r();
    const tooMany = u.open.length > targetOpen;
    if (y < (tooMany ? 0.35 : 0.04) && u.open.length > 0) {
      const i = between(r, 0, u.open.length - 1);
      const o = u.open[i]!;
      u.open.splice(i, 1);
      return o.side === 'ask' ? { type: 'cancelAsk', userId: u.id, askId: o.id } : { type: 'cancelOffer', userId: u.id, offerId: o.id };
    }
    if (y < 0.45) {
      const ref = popularPlayer();
      const f = fairOf(ref) * Math.exp((r() - 0.5) * 0.02);
      fair.set(ref.id, Math.min(5_000, Math.max(105, f)));
      return { type: 'buy', userId: u.id, instrument: ref, shares: between(r, 5, 400), priceCents: cents(f * (0.86 + 0.2 * r())) };
    }
    if (y < 0.62) {
      const ref = someHolding(u);
      if (!ref) return null;
      const unlisted = unlistedOf(u, ref);
      if (unlisted <= 0) return null;
      return {
        type: 'listOffer',
        userId: u.id,
        instrument: ref,
        shares: Math.max(1, Math.floor(unlisted * (0.02 + 0.2 * r()))),
        priceCents: cents(fairOf(ref) * (0.97 + 0.3 * r())),
      };
    }
    if (y < 0.72) {
      const ref = someHolding(u);
      if (!ref || !holding[ref.kind].get(u.id, ref.id)) return null;
      return { type: 'setMinSellPrice', userId: u.id, instrument: ref, priceCents: cents(fairOf(ref) * (1 + 0.45 * r())) };
    }
    if (y < 0.8) {
      const ref = r() < 0.9 ? popularPlayer() : { kind: 'team' as const, id: r() < 0.5 ? u.east : u.west };
      const o = bestOffer.get(ref.kind, ref.id, u.id);
      if (!o) return null;
      return { type: 'acceptOffer', userId: u.id, offerId: o.id, shares: Math.min(o.shares, between(r, 5, 300)) };
    }
    if (y < 0.86) {
      const ref = someHolding(u);
      if (!ref) return null;
      const a = bestAsk.get(ref.kind, ref.id, u.id);
      if (!a) return null;
      if (r() < 0.2) return { type: 'declineAsk', userId: u.id, askId: a.id };
      const unlisted = unlistedOf(u, ref);
      if (unlisted <= 0) return null;
      return { type: 'acceptAsk', userId: u.id, askId: a.id, shares: Math.min(unlisted, a.shares, between(r, 5, 300)) };
    }
    if (y < 0.87) {
      const ref = someHolding(u);
      if (!ref) return null;
      return { type: 'dump', userId: u.id, instrument: ref, shares: between(r, 1, 40) };
    }
    if (y < 0.93) {
      // Teams: a chunk of the open market, or an offer of unlocked shares.
      const ref: InstrumentRef = { kind: 'team', id: r() < 0.5 ? u.east : u.west };
      if (r() < 0.7 || !u.heldKeys.has(key(ref)))
        return { type: 'buy', userId: u.id, instrument: ref, shares: between(r, 100, 60_000), priceCents: r() < 0.8 ? 100 : cents(120 + 80 * r()) };
      const unlisted = unlistedOf(u, ref);
      if (unlisted <= 0) return null;
      return { type: 'listOffer', userId: u.id, instrument: ref, shares: Math.max(1, Math.floor(unlisted * 0.05)), priceCents: cents(130 + 100 * r()) };
    }
    // A resting ask below the market, or an offer above it: the book's depth.
    if (r() < 0.5) {
      const ref = popularPlayer();
      return { type: 'buy', userId: u.id, instrument: ref, shares: between(r, 5, 300), priceCents: cents(fairOf(ref) * (0.5 + 0.3 * r())) };
    }
    const ref = someHolding(u);
    if (!ref) return null;
    const unlisted = unlistedOf(u, ref);
    if (unlisted <= 0) return null;
    return {
      type: 'listOffer',
      userId: u.id,
      instrument: ref,
      shares: Math.max(1, Math.floor(unlisted * 0.05)),
      priceCents: cents(fairOf(ref) * (1.3 + 0.6 * r())),
    };
  }

  function remember(u: SimUser, result: ExchangeResult): void {
    if (!result.ok) return;
    const o = result.outcome;
    if (o.bought > 0 && !u.heldKeys.has(key(o.instrument))) {
      u.heldKeys.add(key(o.instrument));
      u.held.push(o.instrument);
    }
    if (o.ask) u.open.push({ id: o.ask.id, side: 'ask' });
    if (o.offer) u.open.push({ id: o.offer.id, side: 'offer' });
  }

  const batch = size.name === 'L' ? 200 : 24;
  let commands = 0;
  let refused = 0;
  let salaryChanges = 0;
  let nextSalaryChange = SEASON_START + SALARY_CHANGE_EVERY_DAYS * DAY;
  let lastLog = performance.now();
  while (trades < size.trades) {
    const progress = trades / size.trades;
    clock.now = SEASON_START + Math.floor(progress * SEASON_DAYS * DAY);
    const joined = users.filter((u) => u.joinsAt <= clock.now);
    const active = joined.length > 0 ? joined : users.slice(0, 1);
    const pending: Promise<void>[] = [];
    for (let i = 0; i < batch; i++) {
      // The earliest users trade most.
      const u = active[Math.floor(active.length * Math.pow(r(), 1.6))]!;
      const cmd = nextCommand(u, progress);
      if (!cmd) continue;
      commands++;
      pending.push(
        exchange.submit(cmd).then((result) => {
          if (!result.ok) refused++;
          remember(u, result);
        }),
      );
    }
    await Promise.all(pending);
    if (clock.now >= nextSalaryChange) {
      nextSalaryChange += SALARY_CHANGE_EVERY_DAYS * DAY;
      const ref = popularPlayer();
      const salary = roster.playerById(ref.id)?.salary ?? 0;
      if (salary > 0) {
        admin.changeSalary({ id: null, username: 'growth-bench' }, ref.id, Math.max(1_000_000, Math.round(salary * (0.8 + 0.45 * r()))));
        salaryChanges++;
      }
    }
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(
        `${size.name}: ${trades.toLocaleString('en-US')} of ${size.trades.toLocaleString('en-US')} trades, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  }

  // The open book to its size: cancel the surplus, or rest orders that cross nothing.
  clock.now = SEASON_START + SEASON_DAYS * DAY;
  for (let round = 0; round < 50; round++) {
    const open = openCount.get()!.n;
    const gap = size.openOrders - open;
    if (Math.abs(gap) <= size.openOrders * 0.01) break;
    const pending: Promise<void>[] = [];
    for (let i = 0; i < Math.min(Math.abs(gap), 2_000); i++) {
      const u = users[between(r, 0, users.length - 1)]!;
      let cmd: ExchangeCommand;
      if (gap < 0) {
        if (u.open.length === 0) continue;
        const o = u.open.splice(between(r, 0, u.open.length - 1), 1)[0]!;
        cmd = o.side === 'ask' ? { type: 'cancelAsk', userId: u.id, askId: o.id } : { type: 'cancelOffer', userId: u.id, offerId: o.id };
      } else {
        if (u.open.length >= MAX_OPEN_ORDERS_PER_USER - 1) continue;
        // An ask only where the open market is sold out (a buy takes it first), below every sell.
        const ref = popularPlayer();
        if ((remaining.get(ref.id)?.remaining ?? 1) > 0) continue;
        cmd = { type: 'buy', userId: u.id, instrument: ref, shares: between(r, 5, 200), priceCents: cents(fairOf(ref) * (0.3 + 0.3 * r())) };
      }
      commands++;
      pending.push(exchange.submit(cmd).then((result) => remember(u, result)));
    }
    await Promise.all(pending);
  }

  exchange.stop();
  await exchange.idle();
  exchange.close();
  const summary: LeagueSummary = {
    size: size.name,
    users: size.users,
    trades: c.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM trades').get()!.n,
    openOrders: openCount.get()!.n,
    endsAt: clock.now,
    salaryChanges,
    commands,
    refused,
    buildSeconds: (performance.now() - started) / 1000,
  };
  c.pragma('wal_checkpoint(TRUNCATE)');
  c.close();
  return summary;
}
