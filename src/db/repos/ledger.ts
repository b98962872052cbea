import type Database from 'better-sqlite3';
import type { Db } from '../client.js';
import type { orders } from '../schema.js';
import type { InstrumentKind, TradeReason } from '../../shared/instrument.js';

export type { InstrumentKind } from '../../shared/instrument.js';

export interface HoldingState {
  shares: number;
  costBasisCents: number;
  minSellPriceCents: number;
  minSellCustom: boolean;
  minSellSeq: number;
  /** Team holdings only; 0 for players. */
  lockedUntil: number;
}

export interface OpenOrderRow {
  id: number;
  side: 'ask' | 'offer';
  instrument: InstrumentKind;
  instrumentId: number;
  userId: number;
  priceCents: number;
  sharesRemaining: number;
  seq: number;
}

/** An order as the writer places it: its shares, all still open, and when. */
export type NewOrderRow = Omit<OpenOrderRow, 'sharesRemaining'> & { shares: number; at: number };

/** A trade as the writer records it: `price` in cents; no buyer or seller is the open market. */
export interface NewTradeRow {
  instrument: InstrumentKind;
  instrumentId: number;
  buyerId: number | null;
  sellerId: number | null;
  shares: number;
  price: number;
  at: number;
  /** Set when no order or dump made it (a retirement's buy-back). */
  reason?: TradeReason | null;
  /** The seller's realized profit on the sale (domain/market/pnl.ts); null when the open market sold. */
  realizedCents?: number | null;
}

/** One user's holding of an instrument, as a contract change reads them all. */
export interface HoldingRow extends HoldingState {
  userId: number;
  instrumentId: number;
}

export type OrderRow = typeof orders.$inferSelect;

export interface InstrumentState {
  id: number;
  sharesRemaining: number;
  active: boolean;
  restrictedUntil: number | null;
  teamId: number | null;
}

/**
 * What a contract change, a retirement or a draft reads and rewrites of one instrument's ledger:
 * every holding (rescaled or bought back) and every open order (cancelled).
 */
function instrumentWideWrites(c: Database.Database) {
  const HOLDING = `user_id AS userId, instrument_id AS instrumentId, shares, cost_basis_cents AS costBasisCents,
    min_sell_price_cents AS minSellPriceCents, min_sell_custom AS minSellCustom, min_sell_seq AS minSellSeq, locked_until AS lockedUntil`;
  const holders = c.prepare<[InstrumentKind, number], Omit<HoldingRow, 'minSellCustom'> & { minSellCustom: number }>(
    `SELECT ${HOLDING} FROM holdings WHERE instrument = ? AND instrument_id = ?`,
  );
  const setShares = c.prepare<[number, InstrumentKind, number, number]>(
    'UPDATE holdings SET shares = ? WHERE instrument = ? AND user_id = ? AND instrument_id = ?',
  );
  const remove = c.prepare<[InstrumentKind, number, number]>('DELETE FROM holdings WHERE instrument = ? AND user_id = ? AND instrument_id = ?');
  // A rescale in two statements over the instrument's holdings (side by side in the table): SQLite's integer division
  // rounds down as the rule does (the totals cast, as a JavaScript number is bound as a real).
  const RESCALED = 'shares * CAST(? AS INTEGER) / CAST(? AS INTEGER)';
  const dropRescaled = c.prepare<[InstrumentKind, number, number, number]>(`DELETE FROM holdings WHERE instrument = ? AND instrument_id = ? AND ${RESCALED} = 0`);
  const rescaleAll = c.prepare<[number, number, InstrumentKind, number]>(`UPDATE holdings SET shares = ${RESCALED} WHERE instrument = ? AND instrument_id = ?`);
  // A literal 'open' (not a bound parameter), so SQLite can use the index of open orders.
  const openOrdersOf = c.prepare<[InstrumentKind, number], OrderRow>(
    `SELECT id, side, instrument, instrument_id AS instrumentId, user_id AS userId, price_cents AS priceCents, shares_total AS sharesTotal,
       shares_remaining AS sharesRemaining, status, seq, created_at AS createdAt
     FROM orders WHERE instrument = ? AND instrument_id = ? AND status = 'open'`,
  );
  return {
    /** Every holding of the instrument. */
    holders(kind: InstrumentKind, instrumentId: number): HoldingRow[] {
      return holders.all(kind, instrumentId).map((h) => ({ ...h, minSellCustom: h.minSellCustom === 1 }));
    },
    /**
     * Every holding of the instrument rescaled from `oldTotal` to `newTotal` shares: `rescaled` is
     * each holder's shares after (0: gone), as domain/market/contracts.ts works them out. Written in
     * two statements while SQLite's 64-bit integers hold shares × newTotal exactly (shares ≤ oldTotal),
     * else holding by holding.
     */
    rescaleHoldings(kind: InstrumentKind, instrumentId: number, oldTotal: number, newTotal: number, rescaled: readonly { userId: number; shares: number }[]): void {
      if (oldTotal * newTotal < 2 ** 62) {
        dropRescaled.run(kind, instrumentId, newTotal, oldTotal);
        rescaleAll.run(newTotal, oldTotal, kind, instrumentId);
        return;
      }
      for (const r of rescaled) {
        if (r.shares > 0) setShares.run(r.shares, kind, r.userId, instrumentId);
        else remove.run(kind, r.userId, instrumentId);
      }
    },
    /** Every open order (asks and offers) on the instrument. */
    openOrdersOf(kind: InstrumentKind, instrumentId: number): OrderRow[] {
      return openOrdersOf.all(kind, instrumentId);
    },
  };
}

/** The members' cash and names, and who was removed from the league. */
function accountRows(c: Database.Database) {
  const balance = c.prepare<[number], { b: number }>('SELECT balance_cents AS b FROM users WHERE id = ?');
  const leftAt = c.prepare<[number], { l: number | null }>('SELECT left_at AS l FROM users WHERE id = ?');
  const removedIds = c.prepare<[], { id: number }>('SELECT id FROM users WHERE left_at IS NOT NULL');
  const addCash = c.prepare<[number, number]>('UPDATE users SET balance_cents = balance_cents + ? WHERE id = ?');
  const username = c.prepare<[number], { u: string }>('SELECT username AS u FROM users WHERE id = ?');
  return {
    username(userId: number): string | null {
      return username.get(userId)?.u ?? null;
    },
    balance(userId: number): number | undefined {
      return balance.get(userId)?.b;
    },
    /** When the member was removed from the league (null while a member; undefined: no such member). */
    leftAt(userId: number): number | null | undefined {
      return leftAt.get(userId)?.l;
    },
    /** The members removed from the league (their holdings stand for nothing in the books). */
    removedIds(): Set<number> {
      return new Set(removedIds.all().map((r) => r.id));
    },
    addCash(userId: number, cents: number): void {
      if (cents !== 0) addCash.run(cents, userId);
    },
  };
}

/** Holdings: one user's, all of an instrument's, the team locks ending, a second team of a conference. */
function holdingRows(c: Database.Database) {
  const holding = c.prepare<[InstrumentKind, number, number], { shares: number; cost: number; price: number; custom: number; seq: number; locked: number }>(
    `SELECT shares, cost_basis_cents AS cost, min_sell_price_cents AS price, min_sell_custom AS custom, min_sell_seq AS seq, locked_until AS locked
     FROM holdings WHERE instrument = ? AND user_id = ? AND instrument_id = ?`,
  );
  const upsertHolding = c.prepare(
    `INSERT INTO holdings (user_id, instrument, instrument_id, shares, cost_basis_cents, min_sell_price_cents, min_sell_custom, min_sell_seq, locked_until)
     VALUES (@userId, @kind, @instrumentId, @shares, @cost, @price, @custom, @seq, @locked)
     ON CONFLICT DO UPDATE SET shares = excluded.shares, cost_basis_cents = excluded.cost_basis_cents,
       min_sell_price_cents = excluded.min_sell_price_cents, min_sell_custom = excluded.min_sell_custom, min_sell_seq = excluded.min_sell_seq,
       locked_until = excluded.locked_until`,
  );
  const deleteHolding = c.prepare<[InstrumentKind, number, number]>('DELETE FROM holdings WHERE instrument = ? AND user_id = ? AND instrument_id = ?');
  const allHoldings = c.prepare<[InstrumentKind], { userId: number; instrumentId: number; shares: number; price: number; seq: number; locked: number }>(
    `SELECT user_id AS userId, instrument_id AS instrumentId, shares, min_sell_price_cents AS price, min_sell_seq AS seq, locked_until AS locked
     FROM holdings WHERE instrument = ? ORDER BY instrument_id, user_id`,
  );
  const locksEnding = c.prepare<[number, number], { userId: number; teamId: number }>(
    `SELECT user_id AS userId, instrument_id AS teamId FROM holdings WHERE instrument = 'team' AND locked_until > ? AND locked_until <= ?`,
  );
  const sameConferenceTeam = c.prepare<[number, number, number, number], { name: string }>(
    `SELECT t.name FROM teams t WHERE t.conference = (SELECT conference FROM teams WHERE id = ?) AND t.id <> ?
       AND (EXISTS (SELECT 1 FROM holdings h WHERE h.user_id = ? AND h.instrument = 'team' AND h.instrument_id = t.id)
         OR EXISTS (SELECT 1 FROM orders o WHERE o.instrument = 'team' AND o.instrument_id = t.id AND o.user_id = ? AND o.side = 'ask' AND o.status = 'open'))
     LIMIT 1`,
  );
  return {
    /** Another team of the same conference that the user holds or bids on, if any. */
    sameConferenceTeam(userId: number, teamId: number): string | null {
      return sameConferenceTeam.get(teamId, teamId, userId, userId)?.name ?? null;
    },
    /** Team holdings whose 7-day lock ends in (from, to]. */
    locksEnding(from: number, to: number): { userId: number; teamId: number }[] {
      return locksEnding.all(from, to);
    },
    holding(kind: InstrumentKind, userId: number, instrumentId: number): HoldingState | undefined {
      const row = holding.get(kind, userId, instrumentId);
      return (
        row && {
          shares: row.shares,
          costBasisCents: row.cost,
          minSellPriceCents: row.price,
          minSellCustom: row.custom === 1,
          minSellSeq: row.seq,
          lockedUntil: row.locked,
        }
      );
    },
    saveHolding(kind: InstrumentKind, userId: number, instrumentId: number, h: HoldingState): void {
      if (h.shares === 0) {
        deleteHolding.run(kind, userId, instrumentId);
        return;
      }
      upsertHolding.run({
        userId,
        kind,
        instrumentId,
        shares: h.shares,
        cost: h.costBasisCents,
        price: h.minSellPriceCents,
        custom: h.minSellCustom ? 1 : 0,
        seq: h.minSellSeq,
        locked: h.lockedUntil,
      });
    },
    allHoldings(kind: InstrumentKind) {
      return allHoldings.all(kind);
    },
  };
}

/** Orders, trades and declined asks, and the counters new ones continue from. */
function orderRows(c: Database.Database) {
  const orderById = c.prepare<[number], OpenOrderRow & { status: string }>(
    `SELECT id, side, instrument, instrument_id AS instrumentId, user_id AS userId, price_cents AS priceCents, shares_remaining AS sharesRemaining, seq, status FROM orders WHERE id = ?`,
  );
  const insertOrder = c.prepare(
    `INSERT INTO orders (id, side, instrument, instrument_id, user_id, price_cents, shares_total, shares_remaining, status, seq, created_at)
     VALUES (@id, @side, @instrument, @instrumentId, @userId, @priceCents, @shares, @shares, 'open', @seq, @at)`,
  );
  // A partial fill leaves the status alone: naming `status` in SET would rewrite the four indexes
  // that hold it on every fill, even when it stays 'open'.
  const shrinkOrder = c.prepare<[number, number]>('UPDATE orders SET shares_remaining = ? WHERE id = ?');
  const fillOrder = c.prepare<[number]>(`UPDATE orders SET shares_remaining = 0, status = 'filled' WHERE id = ?`);
  const cancelOrder = c.prepare<[number]>(`UPDATE orders SET status = 'cancelled' WHERE id = ?`);
  const insertTrade = c.prepare(
    `INSERT INTO trades (instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at, reason, realized_cents)
     VALUES (@instrument, @instrumentId, @buyerId, @sellerId, @shares, @price, @at, @reason, @realizedCents)`,
  );
  const decline = c.prepare<[number, number, number]>('INSERT OR IGNORE INTO declined_asks (order_id, user_id, created_at) VALUES (?, ?, ?)');
  const maxOrder = c.prepare<[], { id: number | null; seq: number | null }>('SELECT MAX(id) AS id, MAX(seq) AS seq FROM orders');
  const maxHoldingSeq = c.prepare<[], { seq: number | null }>('SELECT MAX(min_sell_seq) AS seq FROM holdings');
  const openOrders = c.prepare<[], OpenOrderRow>(
    `SELECT id, side, instrument, instrument_id AS instrumentId, user_id AS userId, price_cents AS priceCents, shares_remaining AS sharesRemaining, seq FROM orders WHERE status = 'open' ORDER BY seq`,
  );
  return {
    order(id: number) {
      return orderById.get(id);
    },
    insertOrder(o: NewOrderRow): void {
      insertOrder.run(o);
    },
    setOrderRemaining(id: number, remaining: number): void {
      if (remaining === 0) fillOrder.run(id);
      else shrinkOrder.run(remaining, id);
    },
    cancelOrder(id: number): void {
      cancelOrder.run(id);
    },
    insertTrade(t: NewTradeRow): number {
      return Number(insertTrade.run({ ...t, reason: t.reason ?? null, realizedCents: t.realizedCents ?? null }).lastInsertRowid);
    },
    declineAsk(orderId: number, userId: number, at: number): void {
      decline.run(orderId, userId, at);
    },
    /** The largest order id and sequence number in use, to continue from after a restart. */
    counters(): { orderId: number; seq: number } {
      const o = maxOrder.get();
      const h = maxHoldingSeq.get();
      return { orderId: o?.id ?? 0, seq: Math.max(o?.seq ?? 0, h?.seq ?? 0) };
    },
    openOrders(): OpenOrderRow[] {
      return openOrders.all();
    },
  };
}

/** Players and teams as the market sees them: supply, last price, names. */
function instrumentRows(c: Database.Database) {
  const perKind = <T>(make: (kind: InstrumentKind) => T) => ({ player: make('player'), team: make('team') });
  const player = c.prepare<[number], { id: number; remaining: number; retired: number | null; restricted: number | null; teamId: number }>(
    'SELECT id, shares_remaining AS remaining, retired_at AS retired, restricted_until AS restricted, team_id AS teamId FROM players WHERE id = ?',
  );
  const team = c.prepare<[number], { id: number; remaining: number }>('SELECT id, shares_remaining AS remaining FROM teams WHERE id = ?');
  const setRemaining = perKind((k) => c.prepare<[number, number]>(`UPDATE ${k === 'player' ? 'players' : 'teams'} SET shares_remaining = ? WHERE id = ?`));
  const setLastPrice = perKind((k) =>
    c.prepare<[number, number]>(`UPDATE ${k === 'player' ? 'players' : 'teams'} SET last_trade_price_cents = ? WHERE id = ?`),
  );
  const instruments = perKind((k) =>
    c.prepare<[], { id: number; remaining: number }>(
      k === 'player' ? 'SELECT id, shares_remaining AS remaining FROM players WHERE retired_at IS NULL' : 'SELECT id, shares_remaining AS remaining FROM teams',
    ),
  );
  const openMarketChange = c.prepare<[InstrumentKind, number, number, number]>(
    'INSERT INTO open_market_changes (instrument, instrument_id, held, at) VALUES (?, ?, ?, ?)',
  );
  const openMarketHeld = c.prepare<[InstrumentKind, number], { held: number }>(
    'SELECT held FROM open_market_changes WHERE instrument = ? AND instrument_id = ? ORDER BY id DESC LIMIT 1',
  );
  const everyInstrument = c.prepare<[], { kind: InstrumentKind; id: number }>(
    "SELECT 'player' AS kind, id FROM players WHERE retired_at IS NULL UNION ALL SELECT 'team' AS kind, id FROM teams",
  );
  const name = perKind((k) => c.prepare<[number], { n: string }>(`SELECT name AS n FROM ${k === 'player' ? 'players' : 'teams'} WHERE id = ?`));
  const teamInfo = c.prepare<[number], { name: string; conference: string }>('SELECT name, conference FROM teams WHERE id = ?');
  const teamCode = perKind((k) =>
    c.prepare<[number], { code: string }>(
      k === 'player' ? 'SELECT t.code FROM players p JOIN teams t ON t.id = p.team_id WHERE p.id = ?' : 'SELECT code FROM teams WHERE id = ?',
    ),
  );
  return {
    team(teamId: number): { name: string; conference: string } | undefined {
      return teamInfo.get(teamId);
    },
    instrumentName(kind: InstrumentKind, id: number): string {
      return name[kind].get(id)?.n ?? '';
    },
    /** A team's code, or a player's team's: what the instrument's face is drawn in. */
    teamCode(kind: InstrumentKind, id: number): string {
      return teamCode[kind].get(id)?.code ?? '';
    },
    setRemaining(kind: InstrumentKind, instrumentId: number, remaining: number): void {
      setRemaining[kind].run(remaining, instrumentId);
    },
    setLastPrice(kind: InstrumentKind, instrumentId: number, priceCents: number): void {
      setLastPrice[kind].run(priceCents, instrumentId);
    },
    /** The open market became empty (`held` false) or holds shares again, at `at`. */
    openMarketChanged(kind: InstrumentKind, instrumentId: number, held: boolean, at: number): void {
      openMarketChange.run(kind, instrumentId, held ? 1 : 0, at);
    },
    /**
     * After a change that did not go through `writePlanRows` (a contract change, a season's reset):
     * the open market's change at `at` when its shares say otherwise than its last change (a
     * season's reset refills every open market). Of these instruments, or of every active one.
     */
    syncOpenMarkets(refs: readonly { kind: InstrumentKind; id: number }[] | null, at: number): void {
      for (const { kind, id } of refs ?? everyInstrument.all()) {
        const i = kind === 'player' ? player.get(id) : team.get(id);
        if (!i || ('retired' in i && i.retired !== null)) continue;
        const recorded = (openMarketHeld.get(kind, id)?.held ?? 1) === 1;
        if (recorded !== i.remaining > 0) openMarketChange.run(kind, id, i.remaining > 0 ? 1 : 0, at);
      }
    },
    instrument(kind: InstrumentKind, id: number): InstrumentState | undefined {
      if (kind === 'player') {
        const p = player.get(id);
        return p && { id: p.id, sharesRemaining: p.remaining, active: p.retired === null, restrictedUntil: p.restricted, teamId: p.teamId };
      }
      const t = team.get(id);
      return t && { id: t.id, sharesRemaining: t.remaining, active: true, restrictedUntil: null, teamId: t.id };
    },
    instruments(kind: InstrumentKind) {
      return instruments[kind].all();
    },
  };
}

/**
 * The ledger (cash, holdings, orders, trades, the open market's shares), as prepared statements:
 * the exchange's hot path of every order, and the writes of contract changes. Everything here runs
 * inside the caller's transaction.
 */
export function createLedgerRepo(db: Db) {
  const c = db.$client;
  return { ...instrumentWideWrites(c), ...accountRows(c), ...holdingRows(c), ...orderRows(c), ...instrumentRows(c) };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
