import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client.js';
import { createAuditRepo } from '../db/repos/audit.js';
import { createRosterRepo } from '../db/repos/roster.js';
import { parseRosterCsv, type RosterRow } from '../domain/roster.js';
import { TEAMS, TEAM_CODES } from '../shared/teams.js';
import { addPlayer, changeSalary, movePlayer } from './contracts.js';

export const ROSTER_FILE = 'players-2025-26.csv';

/** Fills an empty database with the 30 teams and the season's players; does nothing otherwise. */
export function seedRosterIfEmpty(db: Db, rosterDir: string, now: number): { seeded: boolean; players: number } {
  const repo = createRosterRepo(db);
  if (repo.teamCount() > 0) return { seeded: false, players: 0 };
  const parsed = parseRosterCsv(readFileSync(join(rosterDir, ROSTER_FILE), 'utf8'), TEAM_CODES);
  if (!parsed.ok) throw new Error(`The roster file is malformed:\n${parsed.errors.map((e) => e.message).join('\n')}`);
  db.$client.transaction(() => {
    const idByCode = new Map<string, number>();
    for (const t of TEAMS) {
      const { id } = repo.insertTeam({
        code: t.code,
        name: t.name,
        conference: t.conference,
        division: t.division,
        primaryColor: t.primaryColor,
        secondaryColor: t.secondaryColor,
        sharesRemaining: 0,
      });
      idByCode.set(t.code, id);
    }
    const payroll = new Map<number, number>();
    for (const row of parsed.rows) {
      const teamId = idByCode.get(row.teamCode)!;
      repo.insertPlayer({
        name: row.name,
        teamId,
        salary: row.salary,
        sharesRemaining: row.salary,
        lastTradePriceCents: null,
        retiredAt: null,
        restrictedUntil: null,
        createdAt: now,
      });
      payroll.set(teamId, (payroll.get(teamId) ?? 0) + row.salary);
    }
    for (const [teamId, total] of payroll) repo.setTeamRemaining(teamId, total);
  })();
  return { seeded: true, players: parsed.rows.length };
}

export interface RosterReport {
  added: { name: string; team: string; salary: number }[];
  updated: { name: string; oldSalary: number; newSalary: number; oldTeam?: string; newTeam?: string }[];
  unchanged: number;
  cancelledOrders: number;
}

/**
 * Applies roster rows in one transaction: new names become players, known ones get the new salary
 * (and team) through the same rules as the admin salary change. Returns what it did.
 */
export function applyRoster(db: Db, rows: readonly RosterRow[], now: number, actor: string): RosterReport {
  const repo = createRosterRepo(db);
  const audit = createAuditRepo(db);
  const teams = repo.allTeams();
  const byCode = new Map(teams.map((t) => [t.code, t]));
  const codeById = new Map(teams.map((t) => [t.id, t.code]));
  return db.$client.transaction(() => {
    const report: RosterReport = { added: [], updated: [], unchanged: 0, cancelledOrders: 0 };
    for (const row of rows) {
      const team = byCode.get(row.teamCode);
      if (!team) throw new Error(`line ${row.line}: unknown team ${row.teamCode}`);
      const existing = repo.playerByName(row.name);
      if (!existing) {
        const { cancelledOrders } = addPlayer(repo, { name: row.name, teamId: team.id, salary: row.salary, restrictedUntil: null }, now);
        report.cancelledOrders += cancelledOrders.length;
        report.added.push({ name: row.name, team: team.code, salary: row.salary });
        continue;
      }
      const moved = existing.teamId !== team.id;
      if (!moved && existing.salary === row.salary) {
        report.unchanged += 1;
        continue;
      }
      if (moved) report.cancelledOrders += movePlayer(repo, existing.id, team.id).length;
      report.cancelledOrders += changeSalary(repo, existing.id, row.salary).cancelledOrders.length;
      report.updated.push({
        name: row.name,
        oldSalary: existing.salary,
        newSalary: row.salary,
        ...(moved ? { oldTeam: codeById.get(existing.teamId), newTeam: team.code } : {}),
      });
    }
    audit.record({
      actorId: null,
      actor,
      action: 'roster.import',
      details: { added: report.added.length, updated: report.updated.length, unchanged: report.unchanged },
      at: now,
    });
    return report;
  })();
}
