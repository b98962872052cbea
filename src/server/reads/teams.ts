import type { Db } from '../../db/client.js';
import { createTeamReadsRepo, type TeamRow } from '../../db/repos/team-reads.js';
import { createTradeReadsRepo } from '../../db/repos/trade-reads.js';
import { createUserRowsRepo } from '../../db/repos/user-rows.js';
import type { Exchange } from '../../engine/exchange.js';
import { centsToDollars } from '../../shared/money.js';
import type { TeamDetail, TeamOut } from '../../shared/schemas/teams.js';
import { AppError } from '../errors.js';
import { itemDetail } from './detail.js';
import { toTrade } from './shape.js';

export const TEAM_NOT_FOUND = 'Team not found';

function toTeam(row: TeamRow, markCents: number): TeamOut {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    conference: row.conference,
    division: row.division,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    total_salary: row.payroll,
    total_shares: row.payroll,
    total_shares_available: row.sharesRemaining,
    shares_remaining: row.sharesRemaining,
    shares_distributed: row.payroll - row.sharesRemaining,
    shareholder_count: row.shareholderCount,
    last_trade_price: row.lastTradePriceCents === null ? null : centsToDollars(row.lastTradePriceCents),
    current_price: centsToDollars(markCents),
    owned: row.owned,
  };
}

/** The teams table and a team's page (docs/screens.md §3 Pages), in API shape: its lists from the exchange's read models, a page each. */
export function createTeamReadService(db: Db, exchange: Exchange) {
  const teams = createTeamReadsRepo(db);
  const trades = createTradeReadsRepo(db);
  const users = createUserRowsRepo(db);
  return {
    teams(callerId: number | null): TeamOut[] {
      const models = exchange.readModels();
      return teams.teams(callerId).map((t) => toTeam(t, models.markOf('team', t.id)));
    },
    detail(teamId: number, callerId: number | null): TeamDetail {
      const row = teams.team(teamId, callerId);
      if (!row) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND);
      const models = exchange.readModels();
      const team = models.instruments.get('team', teamId);
      if (!team) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND);
      return {
        team: toTeam(row, models.markOf('team', teamId)),
        roster: teams.roster(teamId).map((p) => ({
          id: p.id,
          name: p.name,
          salary: p.salary,
          shares_remaining: p.sharesRemaining,
          last_trade_price: p.lastTradePriceCents === null ? null : centsToDollars(p.lastTradePriceCents),
          restricted_until: p.restrictedUntil === null ? null : new Date(p.restrictedUntil).toISOString(),
        })),
        trades: trades.ofInstrument('team', teamId, 50).map(toTrade),
        ...itemDetail(models, users, exchange.book({ kind: 'team', id: teamId }), team),
      };
    },
  };
}
export type TeamReadService = ReturnType<typeof createTeamReadService>;
