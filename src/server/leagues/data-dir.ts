import { join } from 'node:path';
import type { Logger } from 'pino';
import { openDb, type Db } from '../../db/client.js';
import { ACCOUNTS_FILE, DEFAULT_LEAGUE_ID, leagueFile, openLeagueDb } from '../../db/leagues/files.js';
import { splitIntoLeagues } from '../../db/leagues/split.js';
import { createLeaguesRepo } from '../../db/repos/leagues.js';
import { seedRosterIfEmpty } from '../../engine/roster.js';
import { rosterDir, migrationsDir } from '../../paths.js';
import { START_BALANCE_CENTS } from '../../shared/money.js';

/**
 * A data folder's accounts database (`hoops.db`), migrated; on the first start of a version with
 * leagues, its market becomes league 1 (a fresh folder is seeded first) — docs/leagues.md §6.
 */
export function openAccounts(dataDir: string, options: { leagueName: string; now: number; logger?: Pick<Logger, 'info'> }): Db {
  const db = openDb({ file: join(dataDir, ACCOUNTS_FILE), migrationsFolder: migrationsDir });
  if (createLeaguesRepo(db).byId(DEFAULT_LEAGUE_ID)) return db;
  const seeded = seedRosterIfEmpty(db, rosterDir, options.now);
  if (seeded.seeded) options.logger?.info(`Seeded the league: 30 teams, ${seeded.players} players`);
  splitIntoLeagues(db, { dataDir, leagueName: options.leagueName, startingCashCents: START_BALANCE_CENTS, now: options.now });
  options.logger?.info(
    seeded.seeded
      ? `Created the default league, "${options.leagueName}" (${join(dataDir, 'leagues')})`
      : `Upgraded for leagues: the market is now the default league, "${options.leagueName}" (${join(dataDir, 'leagues')})`,
  );
  return db;
}

/** Every league's file of the folder, opened (for tools that run while the game is stopped); close each when done. */
export function openEveryLeague(dataDir: string, accounts: Db): { id: number; name: string; db: Db }[] {
  return createLeaguesRepo(accounts)
    .all()
    .map((l) => ({ id: l.id, name: l.name, db: openLeagueDb(leagueFile(dataDir, l.id), migrationsDir) }));
}

/** The folder's database files: the accounts and every league's. */
export function databaseFiles(dataDir: string, accounts: Db): string[] {
  return [
    join(dataDir, ACCOUNTS_FILE),
    ...createLeaguesRepo(accounts)
      .all()
      .map((l) => leagueFile(dataDir, l.id)),
  ];
}
