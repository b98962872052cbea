import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir } from '../../paths.js';

/**
 * The migrations folder as it was before `tag` (that migration and later ones left out), written
 * into `dir`: a database opened with it is one made by an earlier version of the game.
 */
export function migrationsBefore(tag: string, dir: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut <= 0) throw new Error(`No migration ${tag} after the first`);
  const entries = journal.entries.slice(0, cut);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  for (const e of entries) cpSync(join(migrationsDir, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}
