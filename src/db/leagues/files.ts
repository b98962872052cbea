import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import slugify from '@sindresorhus/slugify';
import Database from 'better-sqlite3';
import { openDb, type Db } from '../client.js';
import { players, teams } from '../schema.js';
import { publishFile, removeDatabaseFile } from './sqlite-files.js';

export const ACCOUNTS_FILE = 'hoops.db';
export const DEFAULT_LEAGUE_ID = 1;

export const leagueFile = (dataDir: string, leagueId: number): string => join(dataDir, 'leagues', `${leagueId}.db`);

/** A URL-safe name for a league's pages, from its name. */
export const leagueSlug = (name: string): string => slugify(name) || 'league';

export const newInviteCode = (): string => randomBytes(9).toString('base64url');

/** A league's file, opened and migrated (the same migrations as every database of the game). */
export function openLeagueDb(file: string, migrationsFolder: string): Db {
  return openDb({ file, migrationsFolder });
}

/**
 * Writes a new league's file (docs/leagues.md §2): the schema, and the NBA as `template` (another
 * league's file) has it — teams, players, salaries, retirements, rookie restrictions — with every
 * share in the open market and no price yet. Written beside and renamed into place, so a crash
 * leaves no half-made league; a file left under this id by an earlier crash (no registry row
 * names it) is replaced.
 */
export function writeNewLeagueFile(dataDir: string, leagueId: number, template: Db, migrationsFolder: string): void {
  const file = leagueFile(dataDir, leagueId);
  const tmp = `${file}.tmp`;
  mkdirSync(join(dataDir, 'leagues'), { recursive: true });
  removeDatabaseFile(tmp);
  const teamRows = template.select().from(teams).all();
  const playerRows = template.select().from(players).all();
  const db = openDb({ file: tmp, migrationsFolder });
  try {
    db.$client.transaction(() => {
      const payroll = new Map<number, number>();
      for (const p of playerRows) if (p.retiredAt === null) payroll.set(p.teamId, (payroll.get(p.teamId) ?? 0) + p.salary);
      for (const t of teamRows)
        db.insert(teams)
          .values({ ...t, sharesRemaining: payroll.get(t.id) ?? 0, lastTradePriceCents: null })
          .run();
      for (const p of playerRows)
        db.insert(players)
          .values({ ...p, sharesRemaining: p.salary, lastTradePriceCents: null })
          .run();
    })();
    db.$client.pragma('journal_mode = DELETE');
  } finally {
    db.$client.close();
  }
  if (existsSync(file)) removeDatabaseFile(file);
  publishFile(tmp, file);
}

/** True when the file is a SQLite database with this table. */
export function fileHasTable(file: string, table: string): boolean {
  if (!existsSync(file)) return false;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  } finally {
    db.close();
  }
}
