import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = (dataDir: string) => join(dataDir, 'server.pid');

/** Marks DATA_DIR as served by this process; returns a function that removes the mark. */
export function writePidFile(dataDir: string): () => void {
  writeFileSync(file(dataDir), String(process.pid));
  return () => {
    if (readRunningPid(dataDir) === process.pid) rmSync(file(dataDir), { force: true });
  };
}

/** The pid of a live server using DATA_DIR, or null. */
export function readRunningPid(dataDir: string): number | null {
  if (!existsSync(file(dataDir))) return null;
  const pid = Number(readFileSync(file(dataDir), 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
