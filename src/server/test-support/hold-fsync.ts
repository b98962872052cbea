/**
 * Loaded with `--import` into a child server by crash tests (never by the game): while the file
 * named by HOLD_FSYNC_WHILE exists, the callbacks of `fs.fsync` are held for good. The exchange's
 * commits still reach the operating system, but the log's fsync never tells the exchange it is
 * done, so no command committed meanwhile is answered: a SIGKILL then lands between commit and answer.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const marker = process.env.HOLD_FSYNC_WHILE;
if (marker) {
  const fsync = fs.fsync;
  fs.fsync = ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) =>
    fsync(fd, (error) => {
      if (!fs.existsSync(marker)) done(error);
    })) as typeof fs.fsync;
  syncBuiltinESMExports();
}
