import type { Db } from '../client.js';
import { HISTORY_MAX_POINTS, HISTORY_MAX_TRADES } from '../../shared/limits.js';
import { inCurrentSeasonSql } from '../seasons/season-sql.js';
import { USER_SIDE_BYTES, userSideAt, userSideSql, userSideTimeAt, type UserSide } from '../trade-user-side.js';

/** One of the user's trades, as the user's side of it (domain/market/value-history.ts `HistoryTrade`). */
export type HistoryTradeRow = UserSide;

export interface ContractChangeRow {
  at: number;
  playerId: number;
  oldSalary: number;
  newSalary: number;
}

export interface RosterRow {
  id: number;
  salary: number;
  createdAt: number;
  retiredAt: number | null;
}

/** What a portfolio's chart is replayed from (domain/market/value-history.ts), read by key and time. */
export interface PortfolioHistoryRows {
  /** When the chart may begin: the member joined, or the current season began if later. */
  startsAt: number;
  /** The user's latest trades of the season, newest first. */
  trades: HistoryTradeRow[];
  /** True when `trades` are every trade of the user in the season. */
  complete: boolean;
  /** Contract changes since the oldest trade read (since `startsAt` when complete), newest first. */
  contractChanges: ContractChangeRow[];
  /** The rosters of `teamIds` and of the teams in `trades`. */
  rosters: Map<number, RosterRow[]>;
}

/**
 * The user's (`@userId`) trades of the current season (docs/seasons.md: it started from the starting
 * cash and no shares), newest first, as the user's side packed in one value (trade-user-side.ts):
 * `@limit` of them from `@offset`. Purchases and sales are read along the users' indexes of the
 * trades, which hold every value asked for here, merged by SQLite in time order and concatenated in
 * that order as they come out of the merge.
 */
export const USER_TRADES_NEWEST_FIRST = `
  SELECT CAST(group_concat(side, '') AS BLOB) FROM (
    SELECT ${userSideSql('shares')} AS side, created_at, id FROM trades WHERE buyer_id = @userId AND ${inCurrentSeasonSql()}
    UNION ALL
    SELECT ${userSideSql('-shares')}, created_at, id FROM trades
    WHERE seller_id = @userId AND (buyer_id IS NULL OR buyer_id <> @userId) AND ${inCurrentSeasonSql()}
    ORDER BY created_at DESC, id DESC LIMIT +@limit OFFSET +@offset)`;

/** The trades read first: a 500-point chart of the busiest users of a season-sized league reads about 730. */
const FIRST_PAGE = 768;

/**
 * SQLite hands the rows to `group_concat` in the order the merge makes them; should it ever not,
 * they are put in time order here (newest first, the order among equal times kept).
 */
const newestFirst = (trades: HistoryTradeRow[], ordered: boolean): HistoryTradeRow[] => (ordered ? trades : trades.sort((a, b) => b.createdAt - a.createdAt));

/**
 * The rows of a portfolio's value over time: the user's latest trades (purchases and sales read
 * along their own indexes, merged newest first, as far as the chart needs), the contract
 * changes since, and the rosters of the teams concerned. Only reads; the replay is the domain's.
 */
export function createPortfolioHistoryRepo(db: Db) {
  const sqlite = db.$client;
  const userRow = sqlite.prepare<[number], { createdAt: number }>('SELECT created_at AS createdAt FROM users WHERE id = ?');
  const seasonStart = sqlite.prepare<[], { at: number }>('SELECT COALESCE(MAX(ended_at), 0) AS at FROM seasons');
  const tradesNewestFirst = sqlite.prepare<{ userId: number; limit: number; offset: number }, Buffer | null>(USER_TRADES_NEWEST_FIRST).pluck();
  // Contract changes, from the audit log the admin's changes are written to (engine/admin.ts: 'player.salary').
  const salaryChanges = sqlite.prepare<[{ since: number; limit: number }], ContractChangeRow>(`
    SELECT created_at AS at, json_extract(details, '$.playerId') AS playerId,
      json_extract(details, '$.oldSalary') AS oldSalary, json_extract(details, '$.newSalary') AS newSalary
    FROM audit_log WHERE action = 'player.salary' AND created_at >= @since
    ORDER BY created_at DESC, id DESC LIMIT +@limit`);
  const teamRoster = sqlite.prepare<[number], RosterRow>('SELECT id, salary, created_at AS createdAt, retired_at AS retiredAt FROM players WHERE team_id = ?');

  /** The user's latest trades, newest first, until they hold more milliseconds than a chart has points; and whether they are all. */
  function latestTrades(userId: number): { trades: HistoryTradeRow[]; complete: boolean } {
    const trades: HistoryTradeRow[] = [];
    let groups = 0;
    let last = Number.NaN;
    let ordered = true;
    // A first page, then the rest up to one more than a chart reads, to tell whether there are more.
    for (let offset = 0, limit = FIRST_PAGE; ; offset += limit, limit = HISTORY_MAX_TRADES + 1 - offset) {
      const bytes = tradesNewestFirst.get({ userId, limit, offset }) ?? Buffer.alloc(0);
      const count = bytes.length / USER_SIDE_BYTES;
      for (let i = 0; i < count; i++) {
        const createdAt = userSideTimeAt(bytes, i);
        if (trades.length >= HISTORY_MAX_TRADES || groups - 1 >= HISTORY_MAX_POINTS) return { trades: newestFirst(trades, ordered), complete: false };
        if (createdAt !== last) {
          groups++;
          ordered &&= !(createdAt > last);
          last = createdAt;
        }
        trades.push(userSideAt(bytes, i));
      }
      if (count < limit) return { trades: newestFirst(trades, ordered), complete: true };
    }
  }

  return {
    /** The rows of the user's chart, with the rosters of `teamIds` (the teams held now); undefined for an unknown user. */
    rows(userId: number, teamIds: Iterable<number>): PortfolioHistoryRows | undefined {
      const user = userRow.get(userId);
      if (!user) return undefined;
      const startsAt = Math.max(user.createdAt, seasonStart.get()?.at ?? 0);
      const { trades, complete } = latestTrades(userId);
      const since = complete ? startsAt : (trades[trades.length - 1]?.createdAt ?? startsAt);
      const teams = new Set(teamIds);
      for (const t of trades) if (t.instrument === 'team') teams.add(t.instrumentId);
      return {
        startsAt,
        trades,
        complete,
        contractChanges: salaryChanges.all({ since, limit: HISTORY_MAX_TRADES }),
        rosters: new Map([...teams].map((id) => [id, teamRoster.all(id)])),
      };
    },
  };
}
export type PortfolioHistoryRepo = ReturnType<typeof createPortfolioHistoryRepo>;
