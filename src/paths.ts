import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root (the folder holding package.json), whether running from src/ or dist/. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above this file)');
    dir = parent;
  }
}

export const projectRoot = findRoot();
export const migrationsDir = join(projectRoot, 'drizzle');
export const rosterDir = join(projectRoot, 'roster');
export const webDistDir = join(projectRoot, 'dist', 'web');
