import type { Db } from '../client.js';
import { addOrder, addPlayer, addTeam, addTrade, addUser } from './fixtures.js';

/**
 * Holdings as the game kept them before migration 0008: one table per kind (`player_holdings`,
 * `team_holdings`, only the team's with a lock). For the upgrade tests, which build a database
 * with the earlier migrations and compare it before and after.
 */

type Kind = 'player' | 'team';

export interface LegacyHolding {
  userId: number;
  instrumentId: number;
  shares: number;
  costBasisCents: number;
  minSellPriceCents: number;
  minSellCustom: boolean;
  minSellSeq: number;
  /** Team holdings only. */
  lockedUntil?: number;
}

const TABLE = { player: 'player_holdings', team: 'team_holdings' } as const;
const KEY = { player: 'player_id', team: 'team_id' } as const;
const COLUMNS = 'user_id, shares, cost_basis_cents, min_sell_price_cents, min_sell_custom, min_sell_seq';

/** Writes a holding into an old database (the open market's shares are the caller's to take). */
export function insertLegacyHolding(db: Db, kind: Kind, h: LegacyHolding): void {
  const lock = kind === 'team' ? ', locked_until' : '';
  db.$client
    .prepare(`INSERT INTO ${TABLE[kind]} (${COLUMNS}, ${KEY[kind]}${lock}) VALUES (?, ?, ?, ?, ?, ?, ?${kind === 'team' ? ', ?' : ''})`)
    .run(
      h.userId,
      h.shares,
      h.costBasisCents,
      h.minSellPriceCents,
      h.minSellCustom ? 1 : 0,
      h.minSellSeq,
      h.instrumentId,
      ...(kind === 'team' ? [h.lockedUntil ?? 0] : []),
    );
}

const hasTable = (db: Db, name: string) => db.$client.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;

/**
 * Every column of every holding, by kind, in the old tables' shape (a player's without a lock),
 * from a database of either version.
 */
export function holdingsByKind(db: Db): Record<Kind, Record<string, unknown>[]> {
  const read = (kind: Kind) => {
    const lock = kind === 'team' ? ', locked_until' : '';
    const sql = hasTable(db, 'holdings')
      ? `SELECT ${COLUMNS}, instrument_id AS ${KEY[kind]}${lock} FROM holdings WHERE instrument = '${kind}' ORDER BY user_id, instrument_id`
      : `SELECT ${COLUMNS}, ${KEY[kind]}${lock} FROM ${TABLE[kind]} ORDER BY user_id, ${KEY[kind]}`;
    return db.$client.prepare<[], Record<string, unknown>>(sql).all();
  };
  return { player: read('player'), team: read('team') };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A small market written straight into an old database, as the game of that version would have
 * left it (cash, shares and escrow conserved): open-market buys of a player and a team, a sale
 * between users, a custom minimum sell price, a team lock still running and one that has ended,
 * an open offer, an open ask with its escrow, a cancelled ask.
 */
export function legacyMarket(db: Db) {
  const team = addTeam(db, { code: 'OLD', name: 'Old Town' });
  const player = addPlayer(db, { teamId: team, name: 'Kept Player', salary: 1_000_000 });
  addPlayer(db, { teamId: team, name: 'Other Player', salary: 500_000 });
  const [a, b, c] = [addUser(db, 'a'), addUser(db, 'b'), addUser(db, 'c')];
  const cash = db.$client.prepare<[number, number]>('UPDATE users SET balance_cents = balance_cents + ? WHERE id = ?');
  const take = (kind: Kind, id: number, shares: number) =>
    db.$client.prepare(`UPDATE ${kind === 'player' ? 'players' : 'teams'} SET shares_remaining = shares_remaining - ? WHERE id = ?`).run(shares, id);

  // a buys 500 of the player from the open market, then sells 10 to b at $2.50 and sets $3.00 as its minimum.
  addTrade(db, { instrumentId: player, buyerId: a, sellerId: null, shares: 500, priceCents: 100, at: 1_000 });
  cash.run(-50_000, a);
  take('player', player, 500);
  addTrade(db, { instrumentId: player, buyerId: b, sellerId: a, shares: 10, priceCents: 250, at: 2_000 });
  cash.run(2_500, a);
  cash.run(-2_500, b);
  db.$client.prepare('UPDATE players SET last_trade_price_cents = 250 WHERE id = ?').run(player);
  insertLegacyHolding(db, 'player', {
    userId: a,
    instrumentId: player,
    shares: 490,
    costBasisCents: 49_000,
    minSellPriceCents: 300,
    minSellCustom: true,
    minSellSeq: 4,
  });
  insertLegacyHolding(db, 'player', {
    userId: b,
    instrumentId: player,
    shares: 10,
    costBasisCents: 2_500,
    minSellPriceCents: 275,
    minSellCustom: false,
    minSellSeq: 3,
  });

  // c buys 1,000 of the team (locked for a week from then); b bought 20 earlier, its lock is over.
  addTrade(db, { instrument: 'team', instrumentId: team, buyerId: b, sellerId: null, shares: 20, priceCents: 100, at: 500 });
  cash.run(-2_000, b);
  addTrade(db, { instrument: 'team', instrumentId: team, buyerId: c, sellerId: null, shares: 1_000, priceCents: 100, at: 3_000 });
  cash.run(-100_000, c);
  take('team', team, 1_020);
  insertLegacyHolding(db, 'team', {
    userId: c,
    instrumentId: team,
    shares: 1_000,
    costBasisCents: 100_000,
    minSellPriceCents: 500,
    minSellCustom: true,
    minSellSeq: 6,
    lockedUntil: 3_000 + WEEK_MS,
  });
  insertLegacyHolding(db, 'team', {
    userId: b,
    instrumentId: team,
    shares: 20,
    costBasisCents: 2_000,
    minSellPriceCents: 110,
    minSellCustom: false,
    minSellSeq: 2,
    lockedUntil: 500 + WEEK_MS,
  });

  const offer = addOrder(db, { side: 'offer', instrumentId: player, userId: a, priceCents: 300, shares: 100 });
  const ask = addOrder(db, { side: 'ask', instrumentId: player, userId: b, priceCents: 120, shares: 5 });
  addOrder(db, { side: 'ask', instrument: 'team', instrumentId: team, userId: a, priceCents: 150, shares: 7, status: 'cancelled' });
  return { team, player, users: { a, b, c }, offer, ask };
}
