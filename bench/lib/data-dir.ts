/**
 * Where the scenarios keep their databases: a folder of the project (bench/data/, or
 * BENCH_DATA_DIR), not the system's temporary folder, which is a tmpfs on some machines (where
 * fsync costs nothing and the figures would flatter the server). Its filesystem is printed with
 * the figures.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const dataRoot = (): string => process.env.BENCH_DATA_DIR ?? fileURLToPath(new URL('../data', import.meta.url));

/** A fresh folder under the data root; the caller removes it. */
export function makeDataDir(prefix: string): string {
  mkdirSync(dataRoot(), { recursive: true });
  return mkdtempSync(join(dataRoot(), prefix));
}

/** The filesystem type of the mount that holds `path` (Linux: /proc/self/mountinfo), or 'unknown'. */
export function filesystemOf(path: string): string {
  const info = '/proc/self/mountinfo';
  if (!existsSync(info) || !existsSync(path)) return 'unknown';
  const real = realpathSync(path);
  let best = { mount: '', type: 'unknown' };
  for (const line of readFileSync(info, 'utf8').split('\n')) {
    // "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue": the 5th field, and the first after " - ".
    const [left, right] = line.split(' - ');
    const mount = left?.split(' ')[4]?.replace(/\\040/g, ' ');
    const type = right?.split(' ')[0];
    if (!mount || !type) continue;
    const under = real === mount || real.startsWith(mount.endsWith('/') ? mount : `${mount}/`);
    if (under && mount.length >= best.mount.length) best = { mount, type };
  }
  return best.type;
}
