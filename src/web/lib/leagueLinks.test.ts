import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const webDir = join(import.meta.dirname, '..');
/** Where react-router's own links may be used: the wrappers themselves. */
const ALLOWED = new Set(['lib/leagueLinks.tsx']);
const ROUTER_LINKS = new Set(['Link', 'NavLink', 'Navigate', 'useNavigate']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('links inside a league keep its prefix', () => {
  it('every link and navigation of the app goes through lib/leagueLinks', () => {
    const offenders = sourceFiles(webDir).flatMap((file) => {
      const name = relative(webDir, file);
      if (ALLOWED.has(name)) return [];
      const imports = [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router'/g)];
      const used = imports.flatMap((m) => m[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!));
      return used.filter((n) => ROUTER_LINKS.has(n)).map((n) => `${name}: ${n}`);
    });
    expect(offenders).toEqual([]);
  });
});
