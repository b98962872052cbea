/**
 * Scenario 7, leagues: 100 leagues of 20 members in one server (docs/leagues.md §7). The folder is
 * built through the real REST API and cached (lib/leagues-build.ts); the compiled server runs on a
 * copy in its own process (lib/leagues-server.ts) and is measured: spawn to healthy, resident
 * memory per idle league, and the orders/s of one load aimed at one league and spread over all of
 * them. Run by bench/run.ts in its own process.
 */
import { cpSync, rmSync } from 'node:fs';
import { sendReport } from './lib/child.js';
import { makeDataDir } from './lib/data-dir.js';
import { builtServer } from './lib/growth-cache.js';
import { cachedLeaguesFolder, callJson, inPool, LEAGUES, MEMBERS, type BuiltLeague, type CachedFolder } from './lib/leagues-build.js';
import { oneLeague, runOrders, spread, type PhaseResult } from './lib/leagues-load.js';
import { spawnToHealthy, stableMemory, startLeaguesServer, type LeaguesServer, type ServerMemory } from './lib/leagues-server.js';
import { atLeast, atMost, figure, fmt, MB, median, round, type Figure } from './lib/results.js';

const STARTS = 5;
const MEMORY_RUNS = 3;
const ROUNDS = Number(process.env.BENCH_LEAGUES_ROUNDS ?? 5);
const ORDERS = Number(process.env.BENCH_LEAGUES_ORDERS ?? 3_000);
const PHASE_MAX_MS = 30_000;
const CONNECTIONS = MEMBERS;
/** Each connection buys one player per order in turn, as many players as connections: this many orders touch every league's books the rounds touch. */
const WARM_UP_ORDERS = CONNECTIONS * CONNECTIONS;
const DEFAULT_LEAGUE = 1;
/** The phases, in the order they run; BENCH_PHASES (or `--only=leagues:<phase>,…`) picks some. */
const PHASES = ['startup', 'memory', 'idle', 'orders'] as const;
const selected = new Set((process.env.BENCH_PHASES ?? PHASES.join(',')).split(','));

const log = (line: string) => process.stderr.write(`  leagues: ${line}\n`);
const figures: Figure[] = [];
const notes: string[] = [];
const running: LeaguesServer[] = [];

/** Resident memory each opened league adds: (all open − the default one only) ÷ leagues, in MB. */
const perLeagueMb = (base: ServerMemory, all: ServerMemory, leagues: number): number => (all.rss - base.rss) / leagues / MB;

async function get(url: string, path: string, token?: string): Promise<unknown> {
  return callJson(url, 'GET', path, undefined, token);
}

async function measureStartUp(build: string, dir: string): Promise<void> {
  log('start-up …');
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) times.push(await spawnToHealthy(build, dir));
  figures.push(figure(`leagues: start-up with ${LEAGUES} leagues, spawn to /healthz 200 (median of ${STARTS})`, median(times) / 1000, 's', atMost(2)));
  notes.push(`leagues: start-ups (spawn to /healthz 200): ${times.map((t) => Math.round(t)).join(', ')} ms.`);
}

/** One fresh server: settled memory with the default league opened, then with every league opened once too. */
async function memoryRun(build: string, dir: string, leagues: readonly BuiltLeague[]): Promise<{ base: ServerMemory; all: ServerMemory }> {
  const server = await startLeaguesServer(build, dir);
  running.push(server);
  // The same read in the default league first, so that the code every league runs is loaded and compiled before the baseline.
  for (let i = 0; i < 3; i++) await get(server.url, `/api/leagues/${DEFAULT_LEAGUE}/leaderboard`);
  const base = await stableMemory(server);
  await inPool(leagues, 4, async (l) => {
    await get(server.url, `/api/leagues/${l.id}/leaderboard`, l.members[0]!.token);
  });
  const all = await stableMemory(server);
  await server.stop();
  return { base, all };
}

async function measureMemory(build: string, dir: string, leagues: readonly BuiltLeague[]): Promise<void> {
  log('memory per idle league …');
  const runs: { base: ServerMemory; all: ServerMemory }[] = [];
  for (let i = 0; i < MEMORY_RUNS; i++) runs.push(await memoryRun(build, dir, leagues));
  const per = runs.map((r) => perLeagueMb(r.base, r.all, leagues.length));
  const mid = runs[per.indexOf(median(per))] ?? runs[0]!;
  const mb = (bytes: number) => round(bytes / MB);
  figures.push(
    figure('leagues: server RSS, default league opened', mid.base.rss / MB, 'MB'),
    figure(`leagues: server RSS, all ${leagues.length} leagues opened and idle`, mid.all.rss / MB, 'MB'),
    figure(`leagues: RSS per idle league (median of ${MEMORY_RUNS})`, median(per), 'MB', atMost(2)),
    figure('leagues: of which V8 heap per idle league (the middle run)', (mid.all.heapUsed - mid.base.heapUsed) / leagues.length / MB, 'MB'),
    figure('leagues: of which typed arrays and buffers (external) per idle league', (mid.all.external - mid.base.external) / leagues.length / MB, 'MB'),
  );
  notes.push(
    `leagues: memory after four full GCs, default league only → all ${leagues.length} opened (one leaderboard read each): per league ${per.map((p) => round(p)).join(', ')} MB in the ${MEMORY_RUNS} runs; ` +
      `in the middle run heapUsed ${mb(mid.base.heapUsed)} → ${mb(mid.all.heapUsed)} MB, external ${mb(mid.base.external)} → ${mb(mid.all.external)} MB (the rest of RSS is mostly SQLite's connections and page caches).`,
  );
}

/** How long a league stays open unused in the idle phase, in minutes (LEAGUE_IDLE_MINUTES). */
const IDLE_MINUTES = Number(process.env.BENCH_LEAGUES_IDLE_MINUTES ?? 0.25);

/**
 * Leagues opened by visitors, then left alone: every league made open by its commissioner, one
 * anonymous read of each (`GET /api/leagues/{id}/players`, which opens it), the resident set; then,
 * after the idle time and the hub's next sweep, the resident set again. The memory returned is the
 * part of what the opened leagues added that is gone.
 */
async function measureIdle(build: string, dir: string, leagues: readonly BuiltLeague[]): Promise<void> {
  log(`leagues opened by visitors, then ${IDLE_MINUTES} min idle …`);
  const server = await startLeaguesServer(build, dir, { LEAGUE_IDLE_MINUTES: String(IDLE_MINUTES) });
  running.push(server);
  for (let i = 0; i < 3; i++) await get(server.url, `/api/leagues/${DEFAULT_LEAGUE}/players`);
  await inPool(leagues, 4, async (l) => {
    await callJson(server.url, 'PATCH', `/api/leagues/${l.id}`, { open: true }, l.members[0]!.token);
  });
  const base = await stableMemory(server);
  const visit = async (): Promise<{ opened: ServerMemory; after: ServerMemory }> => {
    await inPool(leagues, 4, async (l) => {
      await get(server.url, `/api/leagues/${l.id}/players`);
    });
    const opened = await stableMemory(server);
    // The idle time, then the sweep that follows it (a quarter of the idle time apart), then a margin.
    await new Promise((r) => setTimeout(r, IDLE_MINUTES * 60_000 * 1.5 + 2_000));
    return { opened, after: await stableMemory(server) };
  };
  const { opened, after } = await visit();
  // The same again: what the allocator kept from the first round serves the second (no growth), or leaks.
  const again = await visit();
  await server.stop();
  const returned = opened.rss > base.rss ? ((opened.rss - after.rss) / (opened.rss - base.rss)) * 100 : 100;
  figures.push(
    figure(`leagues: server RSS, ${leagues.length} leagues opened by visitors`, opened.rss / MB, 'MB'),
    figure(`leagues: server RSS after ${IDLE_MINUTES} min idle (LEAGUE_IDLE_MINUTES)`, after.rss / MB, 'MB'),
    figure('leagues: memory the idle leagues returned, of what opening them took', returned, '%', atLeast(80)),
    figure('leagues: server RSS, the same 100 opened again by visitors, then idle', again.after.rss / MB, 'MB'),
  );
  notes.push(
    `leagues: opened by visitors (one anonymous GET /api/leagues/{id}/players each, the leagues made open first): RSS ${round(base.rss / MB)} MB (default league) → ` +
      `${round(opened.rss / MB)} MB (${leagues.length} open) → ${round(after.rss / MB)} MB after ${IDLE_MINUTES} min idle; ` +
      `heapUsed ${round(base.heapUsed / MB)} → ${round(opened.heapUsed / MB)} → ${round(after.heapUsed / MB)} MB, heapTotal ${round(base.heapTotal / MB)} → ${round(opened.heapTotal / MB)} → ${round(after.heapTotal / MB)} MB, external ${round(base.external / MB)} → ${round(opened.external / MB)} → ${round(after.external / MB)} MB; ` +
      `opened again: RSS ${round(again.opened.rss / MB)} MB → ${round(again.after.rss / MB)} MB idle, heapUsed ${round(again.opened.heapUsed / MB)} → ${round(again.after.heapUsed / MB)} MB.`,
  );
}

/** The players the orders buy: those with the most open-market shares in the default league. */
async function playersToBuy(url: string): Promise<number[]> {
  const players = (await get(url, `/api/leagues/${DEFAULT_LEAGUE}/players`)) as { id: number; shares_remaining: number }[];
  return [...players]
    .sort((a, b) => b.shares_remaining - a.shares_remaining)
    .slice(0, CONNECTIONS)
    .map((p) => p.id);
}

interface Measured extends PhaseResult {
  cpuUsPerOrder: number;
  /** The server's threads at the end of the phase. */
  threads: number;
}

async function phase(server: LeaguesServer, leagues: readonly BuiltLeague[], players: number[], where: 'one' | 'spread', orders: number): Promise<Measured> {
  const cpu0 = await server.cpuMs();
  const r = await runOrders({
    url: server.url,
    connections: CONNECTIONS,
    orders,
    players,
    maxMs: PHASE_MAX_MS,
    sender: where === 'one' ? (c) => oneLeague(leagues, c) : (c, k) => spread(leagues, c, k, CONNECTIONS),
  });
  const cpu1 = await server.cpuMs();
  return { ...r, cpuUsPerOrder: ((cpu1 - cpu0) * 1000) / Math.max(1, r.accepted), threads: server.threads() };
}

async function measureThroughput(build: string, dir: string, leagues: readonly BuiltLeague[]): Promise<void> {
  log('orders in one league, then spread over all …');
  const server = await startLeaguesServer(build, dir);
  running.push(server);
  const players = await playersToBuy(server.url);
  // Unmeasured: every league opened and its books built before the rounds.
  const warm = [await phase(server, leagues, players, 'one', WARM_UP_ORDERS), await phase(server, leagues, players, 'spread', WARM_UP_ORDERS)];
  const rounds: { one: Measured; spread: Measured }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const one = await phase(server, leagues, players, 'one', ORDERS);
    rounds.push({ one, spread: await phase(server, leagues, players, 'spread', ORDERS) });
  }
  const failed = [...warm, ...rounds.flatMap((r) => [r.one, r.spread])];
  const firstError = failed.find((r) => r.firstError)?.firstError;
  const ratios = rounds.map((r) => r.spread.ordersPerSecond / r.one.ordersPerSecond);
  const mid = (pick: (r: { one: Measured; spread: Measured }) => number) => median(rounds.map(pick));
  figures.push(
    figure(
      `leagues: ${CONNECTIONS} traders, ${fmt(ORDERS)} filling buys in one league`,
      mid((r) => r.one.ordersPerSecond),
      'orders/s',
    ),
    figure(
      `leagues: the same spread over ${leagues.length} leagues`,
      mid((r) => r.spread.ordersPerSecond),
      'orders/s',
    ),
    figure(`leagues: orders/s spread ÷ one league (median of ${ROUNDS} rounds)`, median(ratios) * 100, '%', atLeast(80)),
    figure(
      'leagues: failed orders (any status but 200, or no answer)',
      failed.reduce((n, r) => n + r.failed, 0),
      'orders',
      atMost(0, '0'),
    ),
    await membersCheck(server.url, leagues),
  );
  const show = (r: Measured) =>
    `${fmt(round(r.ordersPerSecond))}/s (p50 ${round(r.p50)} ms, p99 ${round(r.p99)} ms, server CPU ${round(r.cpuUsPerOrder)} µs/order, ${r.threads} threads after)`;
  notes.push(
    `leagues: ${CONNECTIONS} keep-alive connections, each one order at a time (POST /api/leagues/{id}/trade/ask, 1-5 shares at $2.00 filled from the open market); ` +
      `one league vs spread, round by round: ${rounds.map((r, i) => `${i + 1}. ${show(r.one)} vs ${show(r.spread)}`).join('; ')}; ratios ${ratios.map((x) => `${round(x * 100)}%`).join(', ')}` +
      (firstError ? `; first failure: ${firstError}.` : '.') +
      ` The server's threads: ${warm[1]!.threads} after the warm-up; its peak RSS ${round(server.peakRss() / MB)} MB.`,
  );
  await server.stop();
}

/** How many leagues the server counts 20 members in (GET /api/leagues as each commissioner). */
async function membersCheck(url: string, leagues: readonly BuiltLeague[]): Promise<Figure> {
  let full = 0;
  await inPool(leagues, 4, async (l) => {
    const mine = (await get(url, '/api/leagues', l.members[0]!.token)) as { leagues: { id: number; memberCount: number }[] };
    if (mine.leagues.find((x) => x.id === l.id)?.memberCount === MEMBERS) full++;
  });
  return figure(`leagues: leagues with ${MEMBERS} members (GET /api/leagues)`, full, 'leagues', atLeast(LEAGUES, String(LEAGUES)));
}

const work = makeDataDir('leagues-');
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
try {
  const build = builtServer(log);
  const folder: CachedFolder = await cachedLeaguesFolder(build, log);
  notes.push(
    `leagues: ${folder.manifest.leagues.length} leagues of ${MEMBERS} members (${folder.manifest.leagues.length * MEMBERS} users registered through the REST API), ` +
      (folder.built
        ? `built in ${folder.manifest.buildSeconds.toFixed(0)} s and cached`
        : `from the cache (built in ${folder.manifest.buildSeconds.toFixed(0)} s)`) +
      '; the server runs on a copy in the data folder.',
  );
  cpSync(folder.dir, work, { recursive: true });
  if (selected.has('startup')) await measureStartUp(build, work);
  if (selected.has('memory')) await measureMemory(build, work, folder.manifest.leagues);
  if (selected.has('idle')) await measureIdle(build, work, folder.manifest.leagues);
  if (selected.has('orders')) await measureThroughput(build, work, folder.manifest.leagues);
} catch (error) {
  figures.push({ figure: 'leagues: scenario failed', target: '-', measured: error instanceof Error ? error.message : String(error), unit: '-', pass: false });
} finally {
  for (const s of running) await s.stop();
  rmSync(work, { recursive: true, force: true });
}
sendReport({ figures, notes });
