import type { Db } from '../client.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import { DAY_MS, userToUserSql, vwapCents } from './read-sql.js';
import type { MarkOf } from './valuation.js';
import { inCurrentSeasonSql } from '../seasons/season-sql.js';

export interface LeaderboardRow {
  rank: number;
  /** Another row has the same figure: the place is shared ("T-2"). */
  tied?: boolean;
  userId: number;
  username: string;
  avatar: string | null;
  balanceCents: number;
  escrowCents: number;
  shareValueCents: number;
  /** balance + escrow + share value. */
  totalValueCents: number;
}

export interface PriceStatRow {
  id: number;
  name: string;
  teamName: string;
  tradeCount: number;
  lowCents: number;
  highCents: number;
  /** Volume-weighted average price, to the cent. */
  avgCents: number;
}

export interface HolderStatRow {
  id: number;
  name: string;
  teamName: string;
  holderCount: number;
}

export interface StatisticsRows {
  /** User-to-user trades in the last 24 h, highest average price first. */
  mostValuable: PriceStatRow[];
  /** Every trade in the last 24 h (open market included), most trades first. */
  mostActive: PriceStatRow[];
  mostShareholders: HolderStatRow[];
  /** The fewest holders among players held by anyone. */
  islands: HolderStatRow[];
}

type RawPriceStat = Omit<PriceStatRow, 'avgCents'> & { volumeCents: number; volumeShares: number };

export const STATS_LIMIT = 10;
export const LEADERBOARD_LIMIT = 10;

/** Reads of the leaderboard and the statistics page. Only reads. */
export function createStatsReadsRepo(db: Db) {
  const sqlite = db.$client;
  // Every user with their cash and escrow, and every holding: the leaderboard worked out from scratch (the tests' reference).
  const members = sqlite.prepare<[], Omit<LeaderboardRow, 'rank' | 'totalValueCents' | 'shareValueCents'>>(`
    SELECT u.id AS userId, u.username, u.avatar, u.balance_cents AS balanceCents,
      COALESCE((SELECT SUM(o.price_cents * o.shares_remaining) FROM orders o
        WHERE o.user_id = u.id AND o.side = 'ask' AND o.status = 'open'), 0) AS escrowCents
    FROM users u`);
  const holdings = sqlite.prepare<[], { userId: number; kind: InstrumentKind; id: number; shares: number }>(
    'SELECT user_id AS userId, instrument AS kind, instrument_id AS id, shares FROM holdings',
  );

  // By time first (the unary + keeps SQLite off the instrument index, which would read every trade ever).
  const priceStats = (where: string, orderBy: string) =>
    sqlite.prepare<[number, number], RawPriceStat>(`
      SELECT p.id, p.name, t.name AS teamName, COUNT(*) AS tradeCount,
        MIN(tr.price_cents) AS lowCents, MAX(tr.price_cents) AS highCents,
        SUM(tr.shares * tr.price_cents) AS volumeCents, SUM(tr.shares) AS volumeShares
      FROM trades tr
      JOIN players p ON p.id = tr.instrument_id
      JOIN teams t ON t.id = p.team_id
      WHERE +tr.instrument = 'player' AND tr.created_at >= ? AND ${inCurrentSeasonSql('tr')} AND p.retired_at IS NULL ${where}
      GROUP BY p.id
      ORDER BY ${orderBy}, p.id ASC
      LIMIT +?`);
  const mostValuable = priceStats(`AND ${userToUserSql('tr')}`, 'CAST(SUM(tr.shares * tr.price_cents) AS REAL) / SUM(tr.shares) DESC');
  const mostActive = priceStats('', 'COUNT(*) DESC');

  const holderStats = (direction: 'ASC' | 'DESC') =>
    sqlite.prepare<[number], HolderStatRow>(`
      SELECT p.id, p.name, t.name AS teamName, COUNT(*) AS holderCount
      FROM holdings h
      JOIN players p ON p.id = h.instrument_id
      JOIN teams t ON t.id = p.team_id
      WHERE h.instrument = 'player' AND p.retired_at IS NULL
      GROUP BY p.id
      ORDER BY holderCount ${direction}, p.id ASC
      LIMIT +?`);
  const mostShareholders = holderStats('DESC');
  const islands = holderStats('ASC');

  const withAvg = ({ volumeCents, volumeShares, ...row }: RawPriceStat): PriceStatRow => ({
    ...row,
    avgCents: vwapCents(volumeCents, volumeShares) ?? 0,
  });

  return {
    /** The top users by share value at these marks (ties: lower user id first), numbered from 1. */
    leaderboard(markOf: MarkOf, limit = LEADERBOARD_LIMIT): LeaderboardRow[] {
      const value = new Map<number, number>();
      for (const h of holdings.all()) value.set(h.userId, (value.get(h.userId) ?? 0) + h.shares * markOf(h.kind, h.id));
      return members
        .all()
        .map((m) => {
          const shareValueCents = value.get(m.userId) ?? 0;
          return { ...m, shareValueCents, totalValueCents: m.balanceCents + m.escrowCents + shareValueCents };
        })
        .sort((a, b) => b.shareValueCents - a.shareValueCents || a.userId - b.userId)
        .slice(0, limit)
        .map((row, i) => ({ ...row, rank: i + 1 }));
    },
    /** The four tables of the statistics page; trade windows are the 24 h before `now`. */
    statistics(now: number, limit = STATS_LIMIT): StatisticsRows {
      return this.statisticsSince(now - DAY_MS, limit);
    },
    /** The same tables with the trades of the current season since `since` (a season's archive: since it started). */
    statisticsSince(since: number, limit = STATS_LIMIT): StatisticsRows {
      return {
        mostValuable: mostValuable.all(since, limit).map(withAvg),
        mostActive: mostActive.all(since, limit).map(withAvg),
        mostShareholders: mostShareholders.all(limit),
        islands: islands.all(limit),
      };
    },
  };
}
export type StatsReadsRepo = ReturnType<typeof createStatsReadsRepo>;
