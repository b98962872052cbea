import type { Db } from '../client.js';
import { userToUserSql, vwapCents, WEEK_MS } from './read-sql.js';
import type { MarkOf } from './valuation.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import { inCurrentSeasonSql } from '../seasons/season-sql.js';

/** What every holding row shares, valued by the rules of docs/rules.md §5 Prices and values. Cents. */
export interface HoldingValuation {
  shares: number;
  /** Shares in open offers (part of `shares`). */
  listedShares: number;
  costBasisCents: number;
  /** Cost basis / shares, to the cent (half up). */
  averageBuyCents: number;
  minSellPriceCents: number;
  /** The mark (docs/rules.md §5): the price the holding is valued at. */
  currentPriceCents: number;
  /** Volume-weighted average of user-to-user trades in the last 7 days, else the mark. */
  weeklyAvgCents: number;
  /** shares × mark. */
  valueCents: number;
  /** shares × weekly average. */
  valueAtWeeklyAvgCents: number;
}

export interface PlayerHoldingValuation extends HoldingValuation {
  playerId: number;
  name: string;
  teamName: string;
  salary: number;
  /** The user holds the most shares of the player (ties: the lower user id). */
  isTopHolder: boolean;
}

export interface TeamHoldingValuation extends HoldingValuation {
  teamId: number;
  name: string;
  code: string;
  conference: 'East' | 'West';
  lockedUntil: number;
}

export interface PortfolioValuation {
  userId: number;
  username: string;
  avatar: string | null;
  balanceCents: number;
  /** Cash held in the user's open asks. */
  escrowCents: number;
  shareValueCents: number;
  /** balance + escrow + share value. */
  totalValueCents: number;
  shareValueAtWeeklyAvgCents: number;
  /** (share value − value at weekly averages) / value at weekly averages × 100, to 2 decimals; 0 without a base. */
  dailyChangePercent: number;
  players: PlayerHoldingValuation[];
  teams: TeamHoldingValuation[];
}

interface HoldingRow {
  shares: number;
  listedShares: number;
  costBasisCents: number;
  minSellPriceCents: number;
  weekVolumeCents: number | null;
  weekVolumeShares: number | null;
}

type PlayerHoldingRow = HoldingRow & { playerId: number; name: string; teamName: string; salary: number; isTopHolder: 0 | 1 };
type TeamHoldingRow = HoldingRow & { teamId: number; name: string; code: string; conference: 'East' | 'West'; lockedUntil: number };

/** The columns every holding query computes, for holding `h` of instrument `i` ('player' or 'team'). */
function holdingColumns(instrument: InstrumentKind): string {
  const week = `FROM trades tr WHERE tr.instrument = '${instrument}' AND tr.instrument_id = h.instrument_id
      AND tr.created_at >= @since AND ${inCurrentSeasonSql('tr')} AND ${userToUserSql('tr')}`;
  return `h.shares, h.cost_basis_cents AS costBasisCents, h.min_sell_price_cents AS minSellPriceCents,
    COALESCE((SELECT SUM(o.shares_remaining) FROM orders o
      WHERE o.instrument = '${instrument}' AND o.instrument_id = h.instrument_id AND o.status = 'open' AND o.side = 'offer' AND o.user_id = h.user_id), 0) AS listedShares,
    (SELECT SUM(tr.shares * tr.price_cents) ${week}) AS weekVolumeCents,
    (SELECT SUM(tr.shares) ${week}) AS weekVolumeShares`;
}

function value(row: HoldingRow, markCents: number): HoldingValuation {
  return valueHolding(row, row.listedShares, markCents, vwapCents(row.weekVolumeCents, row.weekVolumeShares) ?? markCents);
}

/** A holding valued at the mark, and at the weekly average (docs/rules.md §5 Prices and values). */
export function valueHolding(
  h: { shares: number; costBasisCents: number; minSellPriceCents: number },
  listedShares: number,
  markCents: number,
  weeklyAvgCents: number,
): HoldingValuation {
  return {
    shares: h.shares,
    listedShares,
    costBasisCents: h.costBasisCents,
    averageBuyCents: Math.round(h.costBasisCents / h.shares),
    minSellPriceCents: h.minSellPriceCents,
    currentPriceCents: markCents,
    weeklyAvgCents,
    valueCents: h.shares * markCents,
    valueAtWeeklyAvgCents: h.shares * weeklyAvgCents,
  };
}

/** Percent change from `base` to `now`, to 2 decimals; 0 when there is no base. */
export function changePercent(now: number, base: number): number {
  if (base === 0) return 0;
  return Math.round(((now - base) / base) * 100 * 100) / 100;
}

/** A user's holdings valued at the marks and at weekly-average prices: the read models' answer worked out in SQL, for the tests. Only reads. */
export function createPortfolioReadsRepo(db: Db) {
  const sqlite = db.$client;
  const user = sqlite.prepare<[number], { id: number; username: string; avatar: string | null; balanceCents: number }>(
    'SELECT id, username, avatar, balance_cents AS balanceCents FROM users WHERE id = ?',
  );
  const escrow = sqlite.prepare<[number], { cents: number }>(
    `SELECT COALESCE(SUM(price_cents * shares_remaining), 0) AS cents FROM orders WHERE user_id = ? AND side = 'ask' AND status = 'open'`,
  );
  const playerHoldings = sqlite.prepare<[{ userId: number; since: number }], PlayerHoldingRow>(`
    SELECT h.instrument_id AS playerId, i.name, t.name AS teamName, i.salary, ${holdingColumns('player')},
      NOT EXISTS (SELECT 1 FROM holdings x WHERE x.instrument = 'player' AND x.instrument_id = h.instrument_id
        AND (x.shares > h.shares OR (x.shares = h.shares AND x.user_id < h.user_id))) AS isTopHolder
    FROM holdings h
    JOIN players i ON i.id = h.instrument_id
    JOIN teams t ON t.id = i.team_id
    WHERE h.user_id = @userId AND h.instrument = 'player'
    ORDER BY h.instrument_id`);
  const teamHoldings = sqlite.prepare<[{ userId: number; since: number }], TeamHoldingRow>(`
    SELECT h.instrument_id AS teamId, i.name, i.code, i.conference, h.locked_until AS lockedUntil, ${holdingColumns('team')}
    FROM holdings h
    JOIN teams i ON i.id = h.instrument_id
    WHERE h.user_id = @userId AND h.instrument = 'team'
    ORDER BY h.instrument_id`);

  return {
    /** The user's portfolio valued at `now` with these marks, or undefined for an unknown user. Holdings: highest value first. */
    portfolio(userId: number, now: number, markOf: MarkOf): PortfolioValuation | undefined {
      const u = user.get(userId);
      if (!u) return undefined;
      const params = { userId, since: now - WEEK_MS };
      const players = playerHoldings.all(params).map(({ playerId, name, teamName, salary, isTopHolder, ...row }) => ({
        playerId,
        name,
        teamName,
        salary,
        isTopHolder: isTopHolder === 1,
        ...value(row, markOf('player', playerId)),
      }));
      const teams = teamHoldings.all(params).map(({ teamId, name, code, conference, lockedUntil, ...row }) => ({
        teamId,
        name,
        code,
        conference,
        lockedUntil,
        ...value(row, markOf('team', teamId)),
      }));
      players.sort((a, b) => b.valueCents - a.valueCents || a.playerId - b.playerId);
      teams.sort((a, b) => b.valueCents - a.valueCents || a.teamId - b.teamId);
      const all: HoldingValuation[] = [...players, ...teams];
      const shareValueCents = all.reduce((sum, h) => sum + h.valueCents, 0);
      const shareValueAtWeeklyAvgCents = all.reduce((sum, h) => sum + h.valueAtWeeklyAvgCents, 0);
      const escrowCents = escrow.get(userId)?.cents ?? 0;
      return {
        userId: u.id,
        username: u.username,
        avatar: u.avatar,
        balanceCents: u.balanceCents,
        escrowCents,
        shareValueCents,
        totalValueCents: u.balanceCents + escrowCents + shareValueCents,
        shareValueAtWeeklyAvgCents,
        dailyChangePercent: changePercent(shareValueCents, shareValueAtWeeklyAvgCents),
        players,
        teams,
      };
    },
  };
}
export type PortfolioReadsRepo = ReturnType<typeof createPortfolioReadsRepo>;
