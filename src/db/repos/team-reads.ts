import type { Db } from '../client.js';
import type { ShareholderRow } from './market-reads.js';

/** One team as the teams table shows it. Cents and epoch ms. */
export interface TeamRow {
  id: number;
  code: string;
  name: string;
  conference: 'East' | 'West';
  division: string;
  primaryColor: string;
  secondaryColor: string;
  /** The sum of the active players' salaries: the team's total shares. */
  payroll: number;
  sharesRemaining: number;
  lastTradePriceCents: number | null;
  shareholderCount: number;
  owned: number;
}

export interface RosterRow {
  id: number;
  name: string;
  salary: number;
  sharesRemaining: number;
  lastTradePriceCents: number | null;
  restrictedUntil: number | null;
}

const TEAM_SELECT = `
  SELECT t.id, t.code, t.name, t.conference, t.division, t.primary_color AS primaryColor, t.secondary_color AS secondaryColor,
    COALESCE((SELECT SUM(p.salary) FROM players p WHERE p.team_id = t.id AND p.retired_at IS NULL), 0) AS payroll,
    t.shares_remaining AS sharesRemaining, t.last_trade_price_cents AS lastTradePriceCents,
    (SELECT COUNT(*) FROM holdings h WHERE h.instrument = 'team' AND h.instrument_id = t.id) AS shareholderCount,
    COALESCE((SELECT h.shares FROM holdings h WHERE h.user_id = @userId AND h.instrument = 'team' AND h.instrument_id = t.id), 0) AS owned
  FROM teams t`;

export function createTeamReadsRepo(db: Db) {
  const c = db.$client;
  const all = c.prepare<{ userId: number }, TeamRow>(`${TEAM_SELECT} ORDER BY t.conference, t.name`);
  const one = c.prepare<{ userId: number; teamId: number }, TeamRow>(`${TEAM_SELECT} WHERE t.id = @teamId`);
  const holders = c.prepare<[number], ShareholderRow>(
    `SELECT h.user_id AS userId, u.username, h.shares, h.min_sell_price_cents AS minSellPriceCents
     FROM holdings h JOIN users u ON u.id = h.user_id WHERE h.instrument = 'team' AND h.instrument_id = ? ORDER BY h.shares DESC, h.user_id ASC`,
  );
  const roster = c.prepare<[number], RosterRow>(
    `SELECT id, name, salary, shares_remaining AS sharesRemaining, last_trade_price_cents AS lastTradePriceCents, restricted_until AS restrictedUntil
     FROM players WHERE team_id = ? AND retired_at IS NULL ORDER BY salary DESC, id ASC`,
  );
  return {
    teams(callerId: number | null): TeamRow[] {
      return all.all({ userId: callerId ?? 0 });
    },
    team(teamId: number, callerId: number | null): TeamRow | undefined {
      return one.get({ userId: callerId ?? 0, teamId });
    },
    shareholders(teamId: number): ShareholderRow[] {
      return holders.all(teamId);
    },
    roster(teamId: number): RosterRow[] {
      return roster.all(teamId);
    },
  };
}
