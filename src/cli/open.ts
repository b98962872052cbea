import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDb, type Db } from '../db/client.js';
import { seedLeagueIfEmpty } from '../engine/league.js';
import { leagueDir, migrationsDir } from '../paths.js';
import { DB_FILE } from '../server/start.js';

/** The configured database, migrated and seeded, for command-line tools. */
export function openGameDb(): { config: Config; db: Db } {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const db = openDb({ file: join(config.dataDir, DB_FILE), migrationsFolder: migrationsDir });
  seedLeagueIfEmpty(db, leagueDir, Date.now());
  return { config, db };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
