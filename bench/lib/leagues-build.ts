/**
 * The leagues scenario's data folder: 100 leagues of 20 members built through the real REST API of
 * a running server (register each user, `POST /api/leagues` by the first member, `POST
 * /api/leagues/join {code}` by the others), then cached in bench/.cache/ (git-ignored) with a
 * manifest of the leagues, their members and the members' session tokens. The key is the builder's
 * version and sizes and the migrations and league files; a cache older than the sessions' renewal
 * window is built again (its tokens would expire).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rosterDir, migrationsDir, projectRoot } from '../../src/paths.js';
import { CACHE_DIR } from './growth-cache.js';
import { startLeaguesServer } from './leagues-server.js';

const BUILDER_VERSION = 1;
export const LEAGUES = 100;
export const MEMBERS = 20;
/** Registrations run argon2 on the server's thread pool: a few at a time keep both cores busy. */
const CONCURRENCY = 4;
/** Sessions last 30 days: a folder older than this is built again. */
const MAX_AGE_MS = 25 * 24 * 3_600_000;

export interface Member {
  userId: number;
  token: string;
}

export interface BuiltLeague {
  id: number;
  inviteCode: string;
  /** The first is the commissioner. */
  members: Member[];
}

export interface Manifest {
  builtAt: number;
  buildSeconds: number;
  leagues: BuiltLeague[];
}

export interface CachedFolder {
  /** The data folder (hoops.db, leagues/, the server's secrets): copy it before serving it. */
  dir: string;
  manifest: Manifest;
  built: boolean;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

function cacheKey(): string {
  const h = createHash('sha256').update(JSON.stringify({ BUILDER_VERSION, LEAGUES, MEMBERS }));
  for (const f of [...filesUnder(migrationsDir), ...filesUnder(rosterDir)]) h.update(relative(projectRoot, f)).update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/** One JSON call; anything but a 2xx throws with the server's answer. */
export async function callJson<T>(url: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** Runs `work` on every item, `n` at a time. */
export async function inPool<T>(items: readonly T[], n: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

async function register(url: string, name: string): Promise<Member> {
  const answer = await callJson<{ token: string; user: { id: number } }>(url, 'POST', '/api/auth/register', {
    username: name,
    email: `${name}@bench.example.com`,
    password: 'bench-password',
  });
  return { userId: answer.user.id, token: answer.token };
}

/** Registers LEAGUES × MEMBERS users, then each league's first member creates it and the others join it. */
async function populate(url: string, log: (line: string) => void): Promise<BuiltLeague[]> {
  const members: Member[][] = Array.from({ length: LEAGUES }, () => []);
  const names = Array.from({ length: LEAGUES * MEMBERS }, (_, i) => ({ league: Math.floor(i / MEMBERS), name: `lg${Math.floor(i / MEMBERS)}m${i % MEMBERS}` }));
  await inPool(names, CONCURRENCY, async ({ league, name }, i) => {
    members[league]![i % MEMBERS] = await register(url, name);
    if ((i + 1) % 500 === 0) log(`${i + 1} users registered`);
  });
  const leagues: BuiltLeague[] = new Array<BuiltLeague>(LEAGUES);
  await inPool(members, CONCURRENCY, async (m, i) => {
    const { league } = await callJson<{ league: { id: number; inviteCode: string } }>(
      url,
      'POST',
      '/api/leagues',
      { name: `Bench league ${i + 1}` },
      m[0]!.token,
    );
    leagues[i] = { id: league.id, inviteCode: league.inviteCode, members: m };
  });
  log(`${LEAGUES} leagues created`);
  const joins = leagues.flatMap((l) => l.members.slice(1).map((m) => ({ code: l.inviteCode, token: m.token })));
  await inPool(joins, CONCURRENCY, async ({ code, token }) => {
    await callJson(url, 'POST', '/api/leagues/join', { code }, token);
  });
  log(`${joins.length} members joined`);
  return leagues;
}

/** The folder of 100 leagues of 20 members, built through a server compiled into `buildDir` unless cached. */
export async function cachedLeaguesFolder(buildDir: string, log: (line: string) => void): Promise<CachedFolder> {
  const dir = join(CACHE_DIR, `leagues-${cacheKey()}`);
  const data = join(dir, 'data');
  const manifestFile = join(dir, 'manifest.json');
  if (existsSync(manifestFile) && existsSync(data)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (Date.now() - manifest.builtAt < MAX_AGE_MS) return { dir: data, manifest, built: false };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(CACHE_DIR, { recursive: true });
  // Built in memory-backed storage when there is some (the build's fsyncs are not what is measured), then moved.
  const scratch = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : CACHE_DIR, 'hoops-leagues-'));
  try {
    log(`building ${LEAGUES} leagues of ${MEMBERS} members through the REST API …`);
    const started = performance.now();
    const server = await startLeaguesServer(buildDir, scratch);
    let leagues: BuiltLeague[];
    try {
      leagues = await populate(server.url, log);
    } finally {
      await server.stop();
    }
    const manifest: Manifest = { builtAt: Date.now(), buildSeconds: (performance.now() - started) / 1000, leagues };
    const tmp = `${dir}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    cpSync(scratch, join(tmp, 'data'), { recursive: true, filter: (src) => !src.endsWith('server.pid') });
    writeFileSync(join(tmp, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
    renameSync(tmp, dir);
    log(`built in ${manifest.buildSeconds.toFixed(0)} s`);
    return { dir: data, manifest, built: true };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
