import type { Db } from '../client.js';
import { INSTRUMENT_NAME_COLUMNS, instrumentJoinsSql } from './read-sql.js';
import type { InstrumentKind } from '../../shared/instrument.js';

export type Instrument = InstrumentKind;

/** One active player as the market table shows it. Cents and epoch ms. */
export interface MarketPlayerRow {
  id: number;
  name: string;
  teamName: string;
  teamCode: string;
  salary: number;
  sharesRemaining: number;
  lastTradePriceCents: number | null;
  restrictedUntil: number | null;
  shareholderCount: number;
  /** The caller's shares (listed ones included); 0 for an anonymous caller. */
  owned: number;
  /** When the player retired; these reads list active players only. */
  retiredAt?: number | null;
}

export interface ShareholderRow {
  userId: number;
  username: string;
  shares: number;
  minSellPriceCents: number;
}

/** An open order with what it is about. For an ask the user is the buyer; for an offer, the seller. */
export interface OpenOrderRow {
  id: number;
  side: 'ask' | 'offer';
  instrument: Instrument;
  itemId: number;
  itemName: string;
  teamName: string;
  userId: number;
  username: string;
  priceCents: number;
  sharesRemaining: number;
  seq: number;
  createdAt: number;
  /** The order owner's total shares of the instrument (listed ones included); 0 when none. */
  holderShares: number;
}

const PLAYER_COLUMNS = `p.id, p.name, t.name AS teamName, t.code AS teamCode, p.salary, p.shares_remaining AS sharesRemaining,
    p.last_trade_price_cents AS lastTradePriceCents, p.restricted_until AS restrictedUntil`;

/** Every active player in one pass: the holder counts come from one scan of the holdings index. */
const ACTIVE_PLAYERS = `
  SELECT ${PLAYER_COLUMNS}, COALESCE(c.n, 0) AS shareholderCount
  FROM players p
  JOIN teams t ON t.id = p.team_id
  LEFT JOIN (SELECT instrument_id AS player_id, COUNT(*) AS n FROM holdings WHERE instrument = 'player' GROUP BY instrument_id) c ON c.player_id = p.id
  WHERE p.retired_at IS NULL
  ORDER BY p.salary DESC, p.id ASC`;

const ACTIVE_PLAYER = `
  SELECT ${PLAYER_COLUMNS},
    (SELECT COUNT(*) FROM holdings h WHERE h.instrument = 'player' AND h.instrument_id = p.id) AS shareholderCount,
    COALESCE((SELECT h.shares FROM holdings h WHERE h.user_id = @userId AND h.instrument = 'player' AND h.instrument_id = p.id), 0) AS owned
  FROM players p
  JOIN teams t ON t.id = p.team_id
  WHERE p.id = @playerId AND p.retired_at IS NULL`;

const ORDER_SELECT = `
  SELECT o.id, o.side, o.instrument, o.instrument_id AS itemId, ${INSTRUMENT_NAME_COLUMNS},
    o.user_id AS userId, u.username, o.price_cents AS priceCents, o.shares_remaining AS sharesRemaining,
    o.seq, o.created_at AS createdAt, COALESCE(h.shares, 0) AS holderShares
  FROM orders o
  JOIN users u ON u.id = o.user_id
  ${instrumentJoinsSql('o')}
  LEFT JOIN holdings h ON h.user_id = o.user_id AND h.instrument = o.instrument AND h.instrument_id = o.instrument_id`;

/** Best first: the highest bid, then the oldest. */
const ASKS_BEST_FIRST = 'ORDER BY o.price_cents DESC, o.seq ASC, o.id ASC';
/** Best first: the cheapest listing, then the oldest. */
const OFFERS_BEST_FIRST = 'ORDER BY o.price_cents ASC, o.seq ASC, o.id ASC';

// Spelled out: spreading a row object from the driver is several times slower on this hot path.
function withOwned(r: Omit<MarketPlayerRow, 'owned'>, owned: number): MarketPlayerRow {
  return {
    id: r.id,
    name: r.name,
    teamName: r.teamName,
    teamCode: r.teamCode,
    salary: r.salary,
    sharesRemaining: r.sharesRemaining,
    lastTradePriceCents: r.lastTradePriceCents,
    restrictedUntil: r.restrictedUntil,
    shareholderCount: r.shareholderCount,
    owned,
  };
}

/** Reads of the market: players, their shareholders and the open asks and offers. Only reads. */
export function createMarketReadsRepo(db: Db) {
  const sqlite = db.$client;
  const activePlayers = sqlite.prepare<[], Omit<MarketPlayerRow, 'owned'>>(ACTIVE_PLAYERS);
  const activePlayer = sqlite.prepare<[{ userId: number | null; playerId: number }], MarketPlayerRow>(ACTIVE_PLAYER);
  const sharesOfUser = sqlite.prepare<[number], { playerId: number; shares: number }>(
    `SELECT instrument_id AS playerId, shares FROM holdings WHERE user_id = ? AND instrument = 'player'`,
  );
  // The market table is the hot read. Its rows change only when the database does: total_changes()
  // moves with every write on this connection (the exchange's), data_version with every commit of
  // another one (the admin CLI). Both unchanged: the last answer still holds.
  const changeStamp = sqlite.prepare<[], { changes: number; version: number }>(
    'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version()) AS version',
  );
  let cache: { changes: number; version: number; rows: Omit<MarketPlayerRow, 'owned'>[] } | null = null;
  const allActivePlayers = () => {
    const stamp = changeStamp.get()!;
    if (cache?.changes !== stamp.changes || cache.version !== stamp.version) cache = { ...stamp, rows: activePlayers.all() };
    return cache.rows;
  };
  const shareholders = sqlite.prepare<[number], ShareholderRow>(`
    SELECT h.user_id AS userId, u.username, h.shares, h.min_sell_price_cents AS minSellPriceCents
    FROM holdings h JOIN users u ON u.id = h.user_id
    WHERE h.instrument = 'player' AND h.instrument_id = ?
    ORDER BY h.shares DESC, h.user_id ASC`);
  const openOrdersOn = (side: 'ask' | 'offer') =>
    sqlite.prepare<[Instrument, number], OpenOrderRow>(`${ORDER_SELECT}
      WHERE o.instrument = ? AND o.instrument_id = ? AND o.status = 'open' AND o.side = '${side}'
      ${side === 'ask' ? ASKS_BEST_FIRST : OFFERS_BEST_FIRST}`);
  const asksOn = openOrdersOn('ask');
  const offersOn = openOrdersOn('offer');
  // orders has no index on status alone: look the open offers up through each instrument's book
  // (CROSS JOIN keeps that join order), not by scanning every order ever placed.
  const allOffers = sqlite.prepare<[], OpenOrderRow>(`${ORDER_SELECT}
    WHERE o.id IN (
      SELECT a.id FROM players p CROSS JOIN orders a
        ON a.instrument = 'player' AND a.instrument_id = p.id AND a.status = 'open' AND a.side = 'offer'
      UNION ALL
      SELECT a.id FROM teams t CROSS JOIN orders a
        ON a.instrument = 'team' AND a.instrument_id = t.id AND a.status = 'open' AND a.side = 'offer')
    ${OFFERS_BEST_FIRST}`);
  // Driven by the user's holdings (CROSS JOIN keeps that order), so it reads only the books of what the user holds.
  const relevantAsks = sqlite.prepare<[{ userId: number }], OpenOrderRow>(`${ORDER_SELECT}
    WHERE o.id IN (
        SELECT a.id FROM holdings h CROSS JOIN orders a
          ON a.instrument = h.instrument AND a.instrument_id = h.instrument_id AND a.status = 'open' AND a.side = 'ask'
          WHERE h.user_id = @userId)
      AND o.user_id <> @userId
      AND NOT EXISTS (SELECT 1 FROM declined_asks d WHERE d.order_id = o.id AND d.user_id = @userId)
    ${ASKS_BEST_FIRST}`);
  const ordersOfUser = sqlite.prepare<[number], OpenOrderRow>(`${ORDER_SELECT}
    WHERE o.user_id = ? AND o.status = 'open'
    ORDER BY o.seq DESC, o.id DESC`);

  return {
    /** Every active player, highest salary first; `owned` is the caller's (null: anonymous). */
    players(userId: number | null): MarketPlayerRow[] {
      const rows = allActivePlayers();
      if (userId === null) return rows.map((row) => withOwned(row, 0));
      const owned = new Map(sharesOfUser.all(userId).map((h) => [h.playerId, h.shares]));
      return rows.map((row) => withOwned(row, owned.get(row.id) ?? 0));
    },
    /** An active player, or undefined when unknown or retired. */
    player(playerId: number, userId: number | null): MarketPlayerRow | undefined {
      return activePlayer.get({ playerId, userId });
    },
    /** Holders of a player, most shares first, then lower user id. */
    shareholders(playerId: number): ShareholderRow[] {
      return shareholders.all(playerId);
    },
    /** Open asks on an instrument, highest price first, then oldest. */
    openAsks(instrument: Instrument, itemId: number): OpenOrderRow[] {
      return asksOn.all(instrument, itemId);
    },
    /** Open offers on an instrument, lowest price first, then oldest. */
    openOffers(instrument: Instrument, itemId: number): OpenOrderRow[] {
      return offersOn.all(instrument, itemId);
    },
    /** Every open offer, players and teams, lowest price first, then oldest. */
    allOpenOffers(): OpenOrderRow[] {
      return allOffers.all();
    },
    /** Open asks on what the user holds, not the user's own, not declined by the user; best first. */
    relevantAsks(userId: number): OpenOrderRow[] {
      return relevantAsks.all({ userId });
    },
    /** The user's open asks and offers, newest first. */
    openOrdersOf(userId: number): OpenOrderRow[] {
      return ordersOfUser.all(userId);
    },
  };
}
export type MarketReadsRepo = ReturnType<typeof createMarketReadsRepo>;
