import { ConfigError, loadConfig, type Config } from '../config.js';
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

/** The configured accounts database, migrated (and split into leagues, seeded, on a first run), for command-line tools. */
export function openGameDb(): { config: Config; db: Db } {
  const c = config();
  return { config: c, db: openAccounts(c.dataDir, { leagueName: c.leagueName, now: Date.now() }) };
}

/** The accounts database and every league's file, for tools that change every league (the game must be stopped). */
export function openGameLeagues(): { config: Config; accounts: Db; leagues: { id: number; name: string; db: Db }[]; close(): void } {
  const { config: c, db: accounts } = openGameDb();
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
