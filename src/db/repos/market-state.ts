import type Database from 'better-sqlite3';
import type { Db } from '../client.js';
import type { InstrumentKind, OpenOrderRow } from './ledger.js';
import { inCurrentSeasonSql } from '../seasons/season-sql.js';

/**
 * What the exchange rebuilds its memory from (the books and the read models): instruments, open
 * orders, holdings, the last week's trades, declines; all of it or one instrument's. Every query
 * reads the open book or a time window through an index, never the whole history. Only reads.
 */

export interface PlayerStateRow {
  id: number;
  name: string;
  teamId: number;
  salary: number;
  remaining: number;
  lastPriceCents: number | null;
  retiredAt: number | null;
  restrictedUntil: number | null;
  createdAt: number;
}

export interface TeamStateRow {
  id: number;
  code: string;
  name: string;
  conference: 'East' | 'West';
  remaining: number;
  lastPriceCents: number | null;
}

export interface HoldingStateRow {
  userId: number;
  instrumentId: number;
  shares: number;
  costBasisCents: number;
  minSellPriceCents: number;
  minSellSeq: number;
  lockedUntil: number;
}

export interface OpenOrderStateRow extends OpenOrderRow {
  createdAt: number;
}

export interface TradeStateRow {
  instrument: InstrumentKind;
  instrumentId: number;
  shares: number;
  priceCents: number;
  createdAt: number;
  /** 1 for a trade between two users (not the open market). */
  userToUser: 0 | 1;
}

/** A trade between two users, as the mark counts it. */
export interface MarkTradeRow {
  at: number;
  shares: number;
  priceCents: number;
}

/** Where a trade stands in an instrument's trades: by time, then id. */
export interface TradePlace {
  at: number;
  id: number;
}

/** An instrument's open market became empty (held 0) or held shares again (held 1) at `at`. */
export interface OpenMarketStateRow {
  instrument: InstrumentKind;
  instrumentId: number;
  held: 0 | 1;
  at: number;
}

/** What the marks are worked out from: trades between two users, the season's start, the open market's changes. */
function markStateRows(c: Database.Database) {
  const USER_TRADE = `SELECT created_at AS at, shares, price_cents AS priceCents FROM trades
     WHERE instrument = ? AND instrument_id = ? AND buyer_id IS NOT NULL AND seller_id IS NOT NULL AND ${inCurrentSeasonSql()}`;
  const userTrades = c.prepare<[InstrumentKind, number], MarkTradeRow>(`${USER_TRADE} ORDER BY created_at, id`);
  const userTradesPage = c.prepare<[InstrumentKind, number, number, number, number], MarkTradeRow & { id: number }>(
    `${USER_TRADE.replace('SELECT ', 'SELECT id, ')} AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT +?`,
  );
  const userTradesBefore = c.prepare<[InstrumentKind, number, number], MarkTradeRow>(`${USER_TRADE} AND created_at < ? ORDER BY created_at DESC, id DESC`);
  const seasonStart = c.prepare<[], { at: number }>('SELECT started_at AS at FROM seasons ORDER BY number DESC LIMIT 1');
  // Only changes are written (a season's reset writes those it makes): the latest one says whether the open market holds shares, and since when.
  const openMarketLatestOf = c.prepare<[InstrumentKind, number], OpenMarketStateRow>(
    `SELECT instrument, instrument_id AS instrumentId, held, at FROM open_market_changes WHERE instrument = ? AND instrument_id = ?
     ORDER BY id DESC LIMIT 1`,
  );
  const openMarketChanges = c.prepare<[InstrumentKind, number], { at: number; held: 0 | 1 }>(
    'SELECT at, held FROM open_market_changes WHERE instrument = ? AND instrument_id = ? ORDER BY at, id',
  );
  return {
    /** Every trade between two users of one instrument in the season, oldest first: its mark over time. */
    userTrades: (kind: InstrumentKind, id: number): MarkTradeRow[] => userTrades.all(kind, id),
    /** The same a page at a time: at most `limit` of them after the trade `after` (oldest first; null: from the first). */
    userTradesPage: (kind: InstrumentKind, id: number, after: TradePlace | null, limit: number): (MarkTradeRow & TradePlace)[] =>
      userTradesPage.all(kind, id, after?.at ?? Number.MIN_SAFE_INTEGER, after?.id ?? 0, limit),
    /**
     * Trades between two users of one instrument before `before`, newest first, until they hold
     * `shares` shares (or all of them): what the mark counts beyond the last week.
     */
    userTradesBefore(kind: InstrumentKind, id: number, before: number, shares: number): MarkTradeRow[] {
      const rows: MarkTradeRow[] = [];
      let held = 0;
      for (const row of userTradesBefore.iterate(kind, id, before)) {
        if (held >= shares) break;
        rows.push(row);
        held += row.shares;
      }
      return rows;
    },
    /** When the current season began (epoch ms; 0 before any). */
    seasonStart: (): number => seasonStart.get()?.at ?? 0,
    /** An instrument's latest open-market change. */
    openMarketLatestOf: (kind: InstrumentKind, id: number): OpenMarketStateRow | undefined => openMarketLatestOf.get(kind, id),
    /** One instrument's open-market changes, oldest first. */
    openMarketChanges: (kind: InstrumentKind, id: number): { at: number; held: boolean }[] =>
      openMarketChanges.all(kind, id).map((r) => ({ at: r.at, held: r.held === 1 })),
  };
}

export function createMarketStateRepo(db: Db) {
  const c = db.$client;
  const PLAYER = `SELECT id, name, team_id AS teamId, salary, shares_remaining AS remaining, last_trade_price_cents AS lastPriceCents,
    retired_at AS retiredAt, restricted_until AS restrictedUntil, created_at AS createdAt FROM players`;
  const players = c.prepare<[], PlayerStateRow>(PLAYER);
  const player = c.prepare<[number], PlayerStateRow>(`${PLAYER} WHERE id = ?`);
  const TEAM = 'SELECT id, code, name, conference, shares_remaining AS remaining, last_trade_price_cents AS lastPriceCents FROM teams';
  const teams = c.prepare<[], TeamStateRow>(TEAM);
  const team = c.prepare<[number], TeamStateRow>(`${TEAM} WHERE id = ?`);
  const HOLDING = `SELECT user_id AS userId, instrument_id AS instrumentId, shares, cost_basis_cents AS costBasisCents,
    min_sell_price_cents AS minSellPriceCents, min_sell_seq AS minSellSeq, locked_until AS lockedUntil FROM holdings`;
  // In the table's order (instrument, then user), as the paged read below gives them.
  const holdings = c.prepare<[InstrumentKind], HoldingStateRow>(`${HOLDING} WHERE instrument = ? ORDER BY instrument_id, user_id`);
  const holdingsOf = c.prepare<[InstrumentKind, number], HoldingStateRow>(`${HOLDING} WHERE instrument = ? AND instrument_id = ?`);
  const ORDER = `SELECT id, side, instrument, instrument_id AS instrumentId, user_id AS userId, price_cents AS priceCents,
    shares_remaining AS sharesRemaining, seq, created_at AS createdAt FROM orders`;
  // Through the partial index of open orders: the open book, never the orders of the past.
  const openOrders = c.prepare<[], OpenOrderStateRow>(`${ORDER} INDEXED BY orders_open_book WHERE status = 'open'`);
  const openOrdersOf = c.prepare<[InstrumentKind, number], OpenOrderStateRow>(`${ORDER} WHERE instrument = ? AND instrument_id = ? AND status = 'open'`);
  const TRADE = `SELECT instrument, instrument_id AS instrumentId, shares, price_cents AS priceCents, created_at AS createdAt,
    (buyer_id IS NOT NULL AND seller_id IS NOT NULL) AS userToUser FROM trades`;
  const tradesSince = c.prepare<[number], TradeStateRow>(`${TRADE} WHERE created_at >= ? AND ${inCurrentSeasonSql()} ORDER BY created_at, id`);
  const tradesOfSince = c.prepare<[InstrumentKind, number, number], TradeStateRow>(
    `${TRADE} WHERE instrument = ? AND instrument_id = ? AND created_at >= ? AND ${inCurrentSeasonSql()} ORDER BY created_at, id`,
  );
  const declines = c.prepare<[], { orderId: number; userId: number }>('SELECT order_id AS orderId, user_id AS userId FROM declined_asks');
  const declinesOf = c.prepare<[InstrumentKind, number], { orderId: number; userId: number }>(
    `SELECT d.order_id AS orderId, d.user_id AS userId FROM declined_asks d
     WHERE d.order_id IN (SELECT id FROM orders WHERE instrument = ? AND instrument_id = ? AND status = 'open' AND side = 'ask')`,
  );
  const maxOrderId = c.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM orders');
  // The same, a page at a time (for a load spread over time): each from where the last page ended.
  // Along the table's key from where the last page ended.
  const holdingsPage = c.prepare<[InstrumentKind, number, number, number], HoldingStateRow>(
    `${HOLDING} WHERE instrument = ? AND (instrument_id, user_id) > (?, ?) ORDER BY instrument_id, user_id LIMIT +?`,
  );
  const openOrdersPage = c.prepare<[string, number, string, number, number, number, number], OpenOrderStateRow>(
    `${ORDER} INDEXED BY orders_open_book WHERE status = 'open' AND (instrument, instrument_id, side, price_cents, seq, id) > (?, ?, ?, ?, ?, ?)
     ORDER BY instrument, instrument_id, side, price_cents, seq, id LIMIT +?`,
  );
  const tradesPage = c.prepare<[number, number, number, number], TradeStateRow & { id: number }>(
    `${TRADE.replace('SELECT ', 'SELECT id, ')} WHERE created_at >= ? AND ${inCurrentSeasonSql()} AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT +?`,
  );
  const realizedOf = c.prepare<[number], { cents: number }>(
    `SELECT COALESCE(SUM(realized_cents), 0) AS cents FROM trades INDEXED BY trades_seller_time WHERE seller_id = ? AND ${inCurrentSeasonSql()}`,
  );

  return {
    ...markStateRows(c),
    /** A user's realized profit over the current season's sales (their sales alone, along the seller index). */
    realizedOf: (userId: number) => realizedOf.get(userId)?.cents ?? 0,
    players: () => players.all(),
    player: (id: number) => player.get(id),
    teams: () => teams.all(),
    team: (id: number) => team.get(id),
    holdings: (kind: InstrumentKind) => holdings.all(kind),
    holdingsOf: (kind: InstrumentKind, id: number) => holdingsOf.all(kind, id),
    openOrders: () => openOrders.all(),
    openOrdersOf: (kind: InstrumentKind, id: number) => openOrdersOf.all(kind, id),
    /** Trades at or after `since`, oldest first. */
    tradesSince: (since: number) => tradesSince.all(since),
    tradesOfSince: (kind: InstrumentKind, id: number, since: number) => tradesOfSince.all(kind, id, since),
    /** Every decline; the caller keeps those of open asks. */
    declines: () => declines.all(),
    declinesOf: (kind: InstrumentKind, id: number) => declinesOf.all(kind, id),
    /** The largest order id in use (its rowid: no scan). */
    maxOrderId: () => maxOrderId.get()?.id ?? 0,
    /** Holdings of a kind after `after` in the table's order (instrument, then user). */
    holdingsPage: (kind: InstrumentKind, after: HoldingStateRow | null, limit: number) =>
      holdingsPage.all(kind, after?.instrumentId ?? Number.MIN_SAFE_INTEGER, after?.userId ?? Number.MIN_SAFE_INTEGER, limit),
    /** Open orders after `after` in the order of their index (instrument, side, price, time, id). */
    openOrdersPage: (after: OpenOrderStateRow | null, limit: number) =>
      openOrdersPage.all(after?.instrument ?? '', after?.instrumentId ?? 0, after?.side ?? '', after?.priceCents ?? 0, after?.seq ?? 0, after?.id ?? 0, limit),
    tradesPage: (since: number, after: { createdAt: number; id: number } | null, limit: number) =>
      tradesPage.all(since, after?.createdAt ?? Number.MIN_SAFE_INTEGER, after?.id ?? 0, limit),
  };
}
export type MarketStateRepo = ReturnType<typeof createMarketStateRepo>;
