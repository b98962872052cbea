import type { Db } from '../../db/client.js';
import { createMarketReadsRepo } from '../../db/repos/market-reads.js';
import { createTeamReadsRepo, type TeamRow } from '../../db/repos/team-reads.js';
import { createTradeReadsRepo } from '../../db/repos/trade-reads.js';
import { centsToDollars } from '../../shared/money.js';
import type { TeamDetail, TeamOut } from '../../shared/schemas/teams.js';
import { AppError } from '../errors.js';
import { toAsk, toOffer, toShareholder, toTrade } from './shape.js';

export const TEAM_NOT_FOUND = 'Team not found';

function toTeam(row: TeamRow): TeamOut {
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
    owned: row.owned,
  };
}

/** The teams table and a team's page (SPEC.md §2), in API shape. */
export function createTeamReadService(db: Db) {
  const teams = createTeamReadsRepo(db);
  const market = createMarketReadsRepo(db);
  const trades = createTradeReadsRepo(db);
  return {
    teams(callerId: number | null): TeamOut[] {
      return teams.teams(callerId).map(toTeam);
    },
    detail(teamId: number, callerId: number | null): TeamDetail {
      const row = teams.team(teamId, callerId);
      if (!row) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND);
      const offers = market.openOffers('team', teamId).map(toOffer);
      const prices = offers.map((o) => o.price_per_share);
      return {
        team: toTeam(row),
        roster: teams.roster(teamId).map((p) => ({
          id: p.id,
          name: p.name,
          salary: p.salary,
          shares_remaining: p.sharesRemaining,
          last_trade_price: p.lastTradePriceCents === null ? null : centsToDollars(p.lastTradePriceCents),
          restricted_until: p.restrictedUntil === null ? null : new Date(p.restrictedUntil).toISOString(),
        })),
        asks: market.openAsks('team', teamId).map(toAsk),
        offers,
        trades: trades.ofInstrument('team', teamId, 50).map(toTrade),
        shareholders: teams.shareholders(teamId).map((h) => toShareholder(h, row.payroll)),
        priceRange: prices.length > 0 ? { min_price: Math.min(...prices), max_price: Math.max(...prices) } : { min_price: null, max_price: null },
      };
    },
  };
}
