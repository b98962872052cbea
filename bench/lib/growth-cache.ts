/**
 * The growth scenario's cached files, in bench/.cache/ (git-ignored): the leagues, keyed by the
 * generator's version and sizes, the migrations and the league file (a rerun with the same key reuses
 * them), and the server compiled with the project's own TypeScript build, keyed by its sources.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openDb } from '../../src/db/client.js';
import { ledgerProblems } from '../../src/engine/test-support/invariants.js';
import { rosterDir, migrationsDir, projectRoot } from '../../src/paths.js';
import { restartClock } from './child.js';
import { buildLeague, GENERATOR_VERSION, SIZES, type LeagueSummary } from './growth-league.js';

export const CACHE_DIR = join(projectRoot, 'bench', '.cache');

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out.sort();
}

function hashFiles(files: string[], extra: string): string {
  const h = createHash('sha256').update(extra);
  for (const f of files) h.update(relative(projectRoot, f)).update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

export interface CachedLeague {
  file: string;
  summary: LeagueSummary;
  /** Whether it was built by this run (and how long that took is in the summary). */
  built: boolean;
}

/** The S and L leagues, built through the exchange when the cache has no copy for this key. */
export async function cachedLeagues(log: (line: string) => void): Promise<Record<'S' | 'L', CachedLeague>> {
  const key = hashFiles([...filesUnder(migrationsDir, () => true), ...filesUnder(rosterDir, () => true)], JSON.stringify({ GENERATOR_VERSION, SIZES }));
  const dir = join(CACHE_DIR, `growth-${key}`);
  mkdirSync(dir, { recursive: true });
  const out = {} as Record<'S' | 'L', CachedLeague>;
  for (const size of ['S', 'L'] as const) {
    const file = join(dir, `${size}.db`);
    const summaryFile = join(dir, `${size}.json`);
    if (existsSync(file) && existsSync(summaryFile)) {
      out[size] = { file, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) as LeagueSummary, built: false };
      continue;
    }
    // Built in memory-backed storage when there is some (the disk's fsyncs would be most of the time), then moved.
    const scratchDir = existsSync('/dev/shm') ? '/dev/shm' : dir;
    const scratch = join(scratchDir, `hoops-growth-${process.pid}-${size}.db`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(scratch + suffix, { force: true });
    log(`building league ${size} (${SIZES[size].users.toLocaleString('en-US')} users, ${SIZES[size].trades.toLocaleString('en-US')} trades) …`);
    try {
      const summary = await buildLeague(scratch, SIZES[size], log);
      const problems = leagueProblems(scratch);
      if (problems.length > 0)
        throw new Error(`league ${size} breaks the invariants of docs/rules.md §2 Instruments and supply: ${problems.slice(0, 5).join('; ')}`);
      copyFileSync(scratch, `${file}.tmp`);
      renameSync(`${file}.tmp`, file);
      writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
      out[size] = { file, summary, built: true };
      restartClock();
      log(
        `league ${size}: ${summary.trades.toLocaleString('en-US')} trades, ${summary.openOrders.toLocaleString('en-US')} open orders in ${summary.buildSeconds.toFixed(0)} s`,
      );
    } finally {
      for (const suffix of ['', '-wal', '-shm']) rmSync(scratch + suffix, { force: true });
    }
  }
  return out;
}

/** the conservation invariants of docs/rules.md §2 Instruments and supply on a league file: what is wrong (empty when all holds). */
export function leagueProblems(file: string): string[] {
  const db = openDb({ file, migrationsFolder: migrationsDir });
  try {
    return ledgerProblems(db);
  } finally {
    db.$client.close();
  }
}

/** The server compiled by `tsc -p tsconfig.server.json` into the cache (once per version of its sources): the folder of `server/start.js`. */
export function builtServer(log: (line: string) => void): string {
  const sources = filesUnder(join(projectRoot, 'src'), (f) => f.endsWith('.ts') && !f.includes(`${join('src', 'web')}`) && !f.endsWith('.test.ts'));
  const key = hashFiles([...sources, join(projectRoot, 'tsconfig.server.json'), join(projectRoot, 'tsconfig.json')], 'server');
  const out = join(CACHE_DIR, `server-${key}`);
  if (existsSync(join(out, 'server', 'start.js'))) return out;
  for (const old of existsSync(CACHE_DIR) ? readdirSync(CACHE_DIR) : []) {
    if (old.startsWith('server-') && statSync(join(CACHE_DIR, old)).isDirectory()) rmSync(join(CACHE_DIR, old), { recursive: true, force: true });
  }
  log('compiling the server (tsc) …');
  execFileSync(
    process.execPath,
    [join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.server.json', '--outDir', out, '--sourceMap', 'false'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
    },
  );
  return out;
}
