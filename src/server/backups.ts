import { join } from 'node:path';
import type { Logger } from 'pino';
import { backupDatabase, backupFileName, pruneBackups } from '../db/backup.js';

/** A database file to back up, and the folder (under the backups folder) its copies go to. */
export interface BackupSource {
  folder: string;
  file: string;
}

/**
 * Copies each database (the accounts, every league) into its folder under `dir` every `hours`,
 * keeping the newest `keep` copies of each. Returns the files of the last run.
 */
export function scheduleBackups(
  sources: () => BackupSource[],
  dir: string,
  hours: number,
  keep: number,
  logger: Logger,
): { stop(): void; runNow(): Promise<string[]> } {
  const runNow = async () => {
    const name = backupFileName(new Date());
    const written: string[] = [];
    for (const source of sources()) {
      const folder = join(dir, source.folder);
      const file = join(folder, name);
      try {
        await backupDatabase(source.file, file);
      } catch (error) {
        // One file that cannot be read (gone, damaged) does not stop the others' copies.
        logger.error({ err: error, file: source.file }, 'Backing up a database failed');
        continue;
      }
      pruneBackups(folder, keep);
      written.push(file);
    }
    logger.info(`Backup written to ${dir} (${written.length} database(s))`);
    return written;
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
