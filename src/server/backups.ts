import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { backupDatabase, backupFileName, pruneBackups } from '../db/backup.js';

/** Copies the database into `dir` every `hours`, keeping the newest `keep` copies. */
export function scheduleBackups(db: Db, dir: string, hours: number, keep: number, logger: Logger): { stop(): void; runNow(): Promise<string> } {
  const runNow = async () => {
    const file = join(dir, backupFileName(new Date()));
    await backupDatabase(db.$client, file);
    const removed = pruneBackups(dir, keep);
    logger.info(`Backup written to ${file}${removed.length ? `; removed ${removed.length} old one(s)` : ''}`);
    return file;
  };
  if (hours <= 0) return { stop() {}, runNow };
  const timer = setInterval(
    () => {
      runNow().catch((error: unknown) => logger.error({ err: error }, 'Scheduled backup failed'));
    },
    hours * 60 * 60 * 1000,
  );
  timer.unref();
  return { stop: () => clearInterval(timer), runNow };
}
