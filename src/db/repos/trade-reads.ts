import type { Db } from '../client.js';
import { INSTRUMENT_NAME_COLUMNS, instrumentJoinsSql } from './read-sql.js';
import type { Instrument } from './market-reads.js';
import { inCurrentSeasonSql } from '../seasons/season-sql.js';
import type { TradeReason } from '../../shared/instrument.js';

/** One trade with what it was about and who took part. A null buyer or seller is the open market. */
export interface TradeRow {
  id: number;
  instrument: Instrument;
  itemId: number;
  itemName: string;
  teamName: string;
  buyerId: number | null;
  sellerId: number | null;
  buyerUsername: string | null;
  sellerUsername: string | null;
  shares: number;
  priceCents: number;
  createdAt: number;
  /** `retirement` for the open market's buy-back of a retiring player's shares; null for an ordinary trade. */
  reason: TradeReason | null;
  /** The seller's realized profit on the sale, kept with the trade; null when the open market sold or for trades before it was kept. */
  realizedCents: number | null;
}

/** A holder of a retired player at his retirement: whose shares the open market bought back. */
export interface RetiredHolderRow {
  userId: number;
  username: string;
  shares: number;
}

const TRADE_SELECT = `
  SELECT tr.id, tr.instrument, tr.instrument_id AS itemId, ${INSTRUMENT_NAME_COLUMNS},
    tr.buyer_id AS buyerId, tr.seller_id AS sellerId, b.username AS buyerUsername, s.username AS sellerUsername,
    tr.shares, tr.price_cents AS priceCents, tr.created_at AS createdAt, tr.reason, tr.realized_cents AS realizedCents
  FROM trades tr
  LEFT JOIN users b ON b.id = tr.buyer_id
  LEFT JOIN users s ON s.id = tr.seller_id
  ${instrumentJoinsSql('tr')}`;

const NEWEST_FIRST = 'ORDER BY tr.created_at DESC, tr.id DESC';

/** Reads of the trade history. Only reads. */
export function createTradeReadsRepo(db: Db) {
  const sqlite = db.$client;
  const recent = sqlite.prepare<[number], TradeRow>(`${TRADE_SELECT} WHERE ${inCurrentSeasonSql('tr')} ${NEWEST_FIRST} LIMIT +?`);
  const ofInstrument = sqlite.prepare<[Instrument, number, number], TradeRow>(
    `${TRADE_SELECT} WHERE tr.instrument = ? AND tr.instrument_id = ? AND ${inCurrentSeasonSql('tr')} ${NEWEST_FIRST} LIMIT +?`,
  );
  const ofUser = sqlite.prepare<[{ userId: number; limit: number }], TradeRow>(
    `${TRADE_SELECT} WHERE tr.buyer_id = @userId OR tr.seller_id = @userId ${NEWEST_FIRST} LIMIT +@limit`,
  );
  // Each half walks its index (user, time) newest first from the cursor: a page costs its own size.
  const USER_HALF = (column: string, extra = '') =>
    `SELECT id FROM trades WHERE ${column} = @userId ${extra} AND (created_at, id) < (@at, @id) ORDER BY created_at DESC, id DESC LIMIT +@limit`;
  const userPage = (extra = '') =>
    sqlite.prepare<[{ userId: number; at: number; id: number; limit: number; from?: number; to?: number }], TradeRow>(
      `${TRADE_SELECT} WHERE tr.id IN (
         SELECT id FROM (${USER_HALF('buyer_id', extra)})
         UNION ALL
         SELECT id FROM (${USER_HALF('seller_id', `AND (buyer_id IS NULL OR buyer_id <> @userId) ${extra}`)}))
       ${NEWEST_FIRST} LIMIT +@limit`,
    );
  const ofUserPage = userPage();
  // One season's: the trade ids after its start and up to the next one's (docs/seasons.md).
  const ofUserSeasonPage = userPage('AND id > @from AND id <= @to');
  const seasonStart = sqlite.prepare<[number], { after: number }>('SELECT after_trade_id AS after FROM seasons WHERE number = ?');
  // One buy-back per holder, walked most shares first through the partial index of buy-backs.
  const retiredHolders = sqlite.prepare<[{ playerId: number; shares: number; userId: number; limit: number }], RetiredHolderRow>(
    `SELECT tr.seller_id AS userId, COALESCE(u.username, '') AS username, tr.shares
     FROM trades tr LEFT JOIN users u ON u.id = tr.seller_id
     WHERE tr.reason = 'retirement' AND tr.instrument_id = @playerId AND (tr.shares < @shares OR (tr.shares = @shares AND tr.seller_id > @userId))
     ORDER BY tr.shares DESC, tr.seller_id LIMIT +@limit`,
  );
  const retiredHolderCount = sqlite.prepare<[number], { n: number }>("SELECT COUNT(*) AS n FROM trades WHERE reason = 'retirement' AND instrument_id = ?");
  return {
    /** The latest trades of every instrument in the current season, newest first. */
    recent(limit: number): TradeRow[] {
      return recent.all(limit);
    },
    /** The latest trades of one player or team in the current season, newest first. */
    ofInstrument(instrument: Instrument, itemId: number, limit: number): TradeRow[] {
      return ofInstrument.all(instrument, itemId, limit);
    },
    /** The trades a user bought or sold in, newest first. */
    ofUser(userId: number, limit: number): TradeRow[] {
      return ofUser.all({ userId, limit });
    },
    /** Every trade a user bought or sold in, newest first (an export). */
    allOfUser(userId: number): TradeRow[] {
      // SQLite reads a negative LIMIT as none.
      return ofUser.all({ userId, limit: -1 });
    },
    /** A page of a user's trades, newest first, after `after` (the last trade of the page before). */
    ofUserPage(userId: number, after: { at: number; id: number } | null, limit: number): TradeRow[] {
      return ofUserPage.all({ userId, at: after?.at ?? Number.MAX_SAFE_INTEGER, id: after?.id ?? Number.MAX_SAFE_INTEGER, limit });
    },
    /** A page of a retired player's holders at his retirement, most shares first, after `after` (the last of the page before). */
    holdersAtRetirement(playerId: number, after: { shares: number; userId: number } | null, limit: number): RetiredHolderRow[] {
      return retiredHolders.all({ playerId, shares: after?.shares ?? Number.MAX_SAFE_INTEGER, userId: after?.userId ?? 0, limit });
    },
    /** How many holders a retired player had at his retirement. */
    holderCountAtRetirement(playerId: number): number {
      return retiredHolderCount.get(playerId)!.n;
    },
    /** The same, of one season only (none for a season that never was). */
    ofUserSeasonPage(userId: number, season: number, after: { at: number; id: number } | null, limit: number): TradeRow[] {
      const from = seasonStart.get(season)?.after;
      if (from === undefined) return [];
      const to = seasonStart.get(season + 1)?.after ?? Number.MAX_SAFE_INTEGER;
      return ofUserSeasonPage.all({ userId, at: after?.at ?? Number.MAX_SAFE_INTEGER, id: after?.id ?? Number.MAX_SAFE_INTEGER, limit, from, to });
    },
  };
}
export type TradeReadsRepo = ReturnType<typeof createTradeReadsRepo>;
