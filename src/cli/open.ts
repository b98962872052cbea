import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { ACCOUNTS_FILE, leagueFile } from '../db/leagues/files.js';
import { createLeaguesRepo } from '../db/repos/leagues.js';
import type { Db } from '../db/client.js';
import { openAccounts, openEveryLeague } from '../server/leagues/data-dir.js';

function config(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** Where the tools looked, and how to point them at the server's data: said whenever a file is missing. */
export function whereToLook(dataDir: string, example: string): string {
  const set = process.env.DATA_DIR?.trim();
  return (
    `It looked in ${resolve(dataDir)} (DATA_DIR ${set ? `is "${set}"` : 'is not set, so ./data'}). ` +
    `Run it with the DATA_DIR the server runs with, e.g. DATA_DIR=/srv/hoops/data ${example}`
  );
}

/**
 * The configured accounts database, migrated (and upgraded for leagues, when it predates them), for
 * command-line tools. A tool never creates a game: without the server's database it stops, saying
 * where it looked.
 */
export function openGameDb(example: string): { config: Config; db: Db } {
  const c = config();
  if (!existsSync(join(c.dataDir, ACCOUNTS_FILE)))
    fail(`No game database (${ACCOUNTS_FILE}) found: nothing was changed or created. ${whereToLook(c.dataDir, example)}`);
  return { config: c, db: openAccounts(c.dataDir, { leagueName: c.leagueName, now: Date.now() }) };
}

/** The accounts database and every league's file, for tools that change every league (the game must be stopped). */
export function openGameLeagues(example: string): { config: Config; accounts: Db; leagues: { id: number; name: string; db: Db }[]; close(): void } {
  const { config: c, db: accounts } = openGameDb(example);
  const missing = createLeaguesRepo(accounts)
    .all()
    .map((l) => leagueFile(c.dataDir, l.id))
    .filter((file) => !existsSync(file));
  if (missing.length > 0) {
    accounts.$client.close();
    fail(`League file(s) missing: ${missing.join(', ')}. Nothing was changed or created. ${whereToLook(c.dataDir, example)}`);
  }
  const leagues = openEveryLeague(c.dataDir, accounts);
  return {
    config: c,
    accounts,
    leagues,
    close() {
      for (const l of leagues) l.db.$client.close();
      accounts.$client.close();
    },
  };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
