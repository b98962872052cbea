import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';
import { backupDatabase } from '../db/backup.js';
import { ACCOUNTS_FILE, leagueFile } from '../db/leagues/files.js';
import { whereToLook } from './open.js';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- FOLDER   (a consistent copy of the accounts and every league, safe while the game runs)');
  process.exit(1);
}
let dataDir: string;
try {
  dataDir = loadConfig().dataDir;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const accounts = join(dataDir, ACCOUNTS_FILE);
if (!existsSync(accounts)) {
  console.error(`No game database (${ACCOUNTS_FILE}) found: nothing was backed up. ${whereToLook(dataDir, `npm run backup -- ${target}`)}`);
  process.exit(1);
}
if (existsSync(target)) {
  console.error(`${target} exists already: choose a new folder name`);
  process.exit(1);
}
const registry = new Database(accounts, { readonly: true, fileMustExist: true });
const leagueIds = registry.prepare<[], { id: number }>('SELECT id FROM leagues ORDER BY id').all();
registry.close();
mkdirSync(join(target, 'leagues'), { recursive: true });
await backupDatabase(accounts, join(target, ACCOUNTS_FILE));
for (const { id } of leagueIds) await backupDatabase(leagueFile(dataDir, id), leagueFile(target, id));
console.log(`Backed up ${dataDir} (the accounts and ${leagueIds.length} league(s)) to ${resolve(target)}: restore by copying its files into an empty DATA_DIR`);
