import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backupDatabase } from '../db/backup.js';
import { DB_FILE } from '../server/start.js';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- FILE   (a consistent copy of the game database, safe while it runs)');
  process.exit(1);
}
let dataDir: string;
try {
  dataDir = loadConfig().dataDir;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const source = join(dataDir, DB_FILE);
if (!existsSync(source)) {
  console.error(`No game database at ${source}`);
  process.exit(1);
}
if (existsSync(target)) {
  console.error(`${target} exists already: choose a new file name`);
  process.exit(1);
}
await backupDatabase(source, target);
console.log(`Backed up ${source} to ${resolve(target)}`);
