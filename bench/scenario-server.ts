/**
 * Scenarios 3 and 4, the full path: this process runs the real server (HTTP + tRPC ws + REST shim,
 * SQLite file in WAL mode with synchronous=FULL) on 127.0.0.1 and forks the load generator
 * (bench/load.ts) as a separate process. Each order goes client → ws or HTTP → router → exchange
 * (plan, commit, apply, publish) → answer; subscribers follow the ticker (`live.ticker`), which
 * sends each of them one message per interval with the trades since.
 * Run by bench/run.ts in its own process.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { MAX_OPEN_ORDERS_PER_USER } from '../src/engine/exchange.js';
import { startServer } from '../src/server/start.js';
import { GENEROUS_LIMITS } from '../src/server/test-support/server.js';
import { sendReport, tsxExecArgv } from './lib/child.js';
import { startEchoServer, type FloorServer } from './lib/echo-server.js';
import { setupMarket } from './lib/market.js';
import { startTrpcFloorServer } from './lib/trpc-floor-server.js';
import type { FromLoad, PhaseResult, PhaseSpec, ToLoad } from './lib/protocol.js';
import { atLeast, atMost, figure, fmt, MB, peakRssMb, round, type Figure } from './lib/results.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const FEW_SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 300);
const MANY_SUBSCRIBERS = 1_000;
/** Issue 7's target 3: this many ws clients following the ticker, while orders trickle in at CROWD_RATE per second. */
const CROWD = Number(process.env.BENCH_CROWD ?? 5_000);
const CROWD_RATE = 16;
const OFFERED_RATE = 10_000;
/** Issue 7's target 2: the full path saturates above this many orders/s. */
const SATURATION_TARGET = 20_000;
/** Open loop: orders beyond this many unanswered are not sent (counted as shed), so a slow server cannot stall the run. */
const MAX_IN_FLIGHT = 500;
const WARMUP_MS = 1_000;
const MEASURE_MS = Number(process.env.BENCH_PHASE_MS ?? 5_000);
/** Which phases run (all by default): echo, trpc, ws, one, rest, subs, open, crowd, reads — e.g. to profile one of them alone. */
const PHASES = new Set((process.env.BENCH_SERVER_PHASES ?? 'echo,trpc,ws,one,rest,subs,open,crowd,reads').split(','));

const dataDir = mkdtempSync(join(tmpdir(), 'hoops-bench-server-'));
// However this process ends (a failed set-up included), the temporary data goes with it.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', PUBLIC_URL: 'http://127.0.0.1' });
// Logs are formatted as in production (one JSON line per HTTP request) but not written anywhere.
// Each simulated client sends far faster than a person clicks: the per-user order limit is raised
// out of the way (its limiter still runs on every order), as are the auth limits.
const server = await startServer(config, {
  logDestination: { write: () => {} },
  authRateLimits: GENEROUS_LIMITS,
  orderRateLimit: { points: 1_000_000_000, durationSeconds: 1 },
  webDir: null,
});
const { services } = server;

const market = await setupMarket(server.db, services.exchange, CLIENTS, 'load');
const clients = market.users.map((userId) => ({ userId, token: services.sessions.create(userId).token }));
let trades = 0;
services.bus.subscribe((e) => {
  if (e.type === 'tradeCompleted') trades++;
});
let tickerMessages = 0;
services.ticker.subscribe(() => tickerMessages++);

// Server memory, sampled between the event loop's turns (the server is this process).
const peak = { rss: 0, heap: 0 };
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak.rss = Math.max(peak.rss, m.rss);
  peak.heap = Math.max(peak.heap, m.heapUsed);
}, 50);

const profileDir = process.env.BENCH_PROFILE_DIR;
const load = fork(new URL('./load.ts', import.meta.url).pathname, [], {
  execArgv: tsxExecArgv(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, 'load')}`] : []),
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const toLoad = (m: ToLoad) => load.send(m);
const fromLoad = () =>
  new Promise<FromLoad>((resolve, reject) => {
    const onExit = () => reject(new Error('the load generator exited'));
    load.once('exit', onExit);
    load.once('message', (m: FromLoad) => {
      load.off('exit', onExit);
      resolve(m);
    });
  });

interface Measured {
  r: PhaseResult;
  trades: number;
  /** Ticker messages the server sent (each to every follower). */
  tickerMessages: number;
  serverCpuPct: number;
  loadCpuPct: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** Server CPU time (user + system) in the phase, ms. */
  serverCpuMs: number;
  /** Group commits in the phase: transactions and the commands per transaction on average. */
  commits: number;
  perCommit: number;
}

/**
 * Counts, in this process (the server), the JSON.stringify calls whose value is a ticker message's
 * payload, and the characters they produce: one per message means one serialisation per message
 * whatever the number of clients (target 3). Installed for one phase only.
 */
function countPayloadSerialisations(): () => { calls: number; chars: number } {
  const original = JSON.stringify;
  let calls = 0;
  let chars = 0;
  JSON.stringify = function (this: JSON, ...args: Parameters<typeof JSON.stringify>) {
    const out = original.apply(this, args);
    const value = args[0] as { type?: unknown; trades?: unknown } | null;
    if (value !== null && typeof value === 'object' && value.type === 'tradesCompleted' && Array.isArray(value.trades)) {
      calls++;
      chars += out?.length ?? 0;
    }
    return out;
  } as typeof JSON.stringify;
  return () => {
    JSON.stringify = original;
    return { calls, chars };
  };
}

/** Calls that failed (not refusals): any makes the figures suspect, and the notes say why. */
let failed = 0;

async function phase(spec: PhaseSpec): Promise<Measured> {
  const tradesBefore = trades;
  const messagesBefore = tickerMessages;
  const commitsBefore = services.exchange.commitStats();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  peak.rss = 0;
  peak.heap = 0;
  const answer = fromLoad();
  toLoad({ type: 'phase', spec });
  const m = await answer;
  if (m.type === 'error') throw new Error(`load phase ${spec.kind} failed: ${m.message}`);
  if (m.type !== 'result') throw new Error(`unexpected message ${m.type}`);
  failed += m.result.errors;
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - wall;
  const commits = services.exchange.commitStats();
  const batches = commits.batches - commitsBefore.batches;
  return {
    serverCpuMs: (used.user + used.system) / 1000,
    commits: batches,
    perCommit: (commits.commands - commitsBefore.commands) / Math.max(1, batches),
    r: m.result,
    trades: trades - tradesBefore,
    tickerMessages: tickerMessages - messagesBefore,
    serverCpuPct: (100 * (used.user + used.system)) / 1000 / wallMs,
    loadCpuPct: (100 * m.result.cpuMs) / m.result.wallMs,
    peakRssMb: peak.rss / MB,
    peakHeapMb: peak.heap / MB,
  };
}

const figures: Figure[] = [];
const notes: string[] = [];
const refusedPct = (r: PhaseResult) => `${((100 * r.refused) / Math.max(1, r.completed)).toFixed(1)}% refused, ${r.errors} errors`;
const note = (label: string, m: Measured) =>
  notes.push(`${label}: ${fmt(m.r.completed)} answered (${refusedPct(m.r)}), ${fmt(m.trades)} trades; server CPU ${m.serverCpuPct.toFixed(0)}%, load generator CPU ${m.loadCpuPct.toFixed(0)}% (of one core); max latency ${m.r.max.toFixed(1)} ms; ` +
    `${fmt(m.commits)} group commits of ${m.perCommit.toFixed(1)} commands on average.` +
    (m.r.reasons.length ? ` Why not ok: ${m.r.reasons.join('; ')}` : ''));
/** Server CPU per call answered in the phase (its warm-up included in both). */
const cpuPerAnswer = (m: Measured) => (m.r.completed === 0 ? NaN : (1000 * m.serverCpuMs) / m.r.completed);
/** Load generator CPU per call answered in the phase: its side of each round trip. */
const loadCpuPerAnswer = (m: Measured) => (m.r.completed === 0 ? NaN : (1000 * m.r.cpuMs) / m.r.completed);
/** Server CPU per ticker message delivered to a follower (the whole phase's CPU, orders included): what the fan-out costs. */
const cpuPerMessage = (m: Measured) => (m.r.messages === 0 ? NaN : (1000 * m.serverCpuMs) / m.r.messages);
const perFollower = (m: Measured, n: number) => (m.trades * m.r.subscribers === 0 ? NaN : (100 * n) / (m.trades * m.r.subscribers));
/** The ticker's delivery, per follower on average: trades listed, and trades accounted for (listed or counted as skipped). */
const tickerFigures = (m: Measured, who: string): Figure[] => [
  figure(`  ticker messages: sent per second / received per ${who} per second`, `${round(m.tickerMessages / (MEASURE_MS / 1000))} / ${round(m.r.messages / Math.max(1, m.r.subscribers) / (MEASURE_MS / 1000))}`, '-'),
  figure(`  trades listed to each ${who} / trades published (${fmt(m.trades)})`, perFollower(m, m.r.delivered), '%'),
  figure(`  trades listed or counted as skipped / published`, perFollower(m, m.r.delivered + m.r.skipped), '%'),
];

try {
  const ready = fromLoad();
  toLoad({ type: 'init', url: server.url, playerId: market.ref.id, maxOpenOrders: MAX_OPEN_ORDERS_PER_USER, clients });
  await ready;

  /** The closed loop against a floor server of its own, started for the phase and closed after it. */
  const floor = async (start: () => Promise<FloorServer>): Promise<Measured> => {
    const floorServer = await start();
    try {
      return await phase({ kind: 'ws-floor', url: floorServer.url, clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: MEASURE_MS });
    } finally {
      await floorServer.close();
    }
  };

  let echo: Measured | null = null;
  if (PHASES.has('echo')) {
    echo = await floor(startEchoServer);
    figures.push(
      figure(`ws echo floor, ${CLIENTS} clients: round trips/s (bare ws server, same load generator)`, echo.r.perSecond, 'per s'),
      figure(`ws echo floor: server CPU per round trip`, cpuPerAnswer(echo), 'µs'),
      figure(`ws echo floor: load generator CPU per round trip`, loadCpuPerAnswer(echo), 'µs'),
    );
    note(`ws echo floor, ${CLIENTS} clients`, echo);
  }

  let trpcFloor: Measured | null = null;
  if (PHASES.has('trpc')) {
    trpcFloor = await floor(startTrpcFloorServer);
    figures.push(
      figure(`tRPC floor, ${CLIENTS} clients: calls/s (bare tRPC ws server, real schemas, constant answer)`, trpcFloor.r.perSecond, 'per s'),
      figure(`tRPC floor: server CPU per call`, cpuPerAnswer(trpcFloor), 'µs'),
      figure(`tRPC floor: load generator CPU per call`, loadCpuPerAnswer(trpcFloor), 'µs'),
      // Target 2's saturation rate, priced at these two costs alone: no exchange, no database.
      figure(`tRPC floor: cores its server and load generator would need at ${fmt(SATURATION_TARGET)} calls/s (of ${cpus().length})`, (SATURATION_TARGET * (cpuPerAnswer(trpcFloor) + loadCpuPerAnswer(trpcFloor))) / 1e6, 'cores'),
    );
    note(`tRPC floor, ${CLIENTS} clients`, trpcFloor);
  }

  if (PHASES.has('ws')) {
    const ws = await phase({ kind: 'ws-closed', clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: MEASURE_MS, subscribers: 0 });
    figures.push(
      figure(`full path ws, ${CLIENTS} clients: orders/s (saturation)`, ws.r.perSecond, 'orders/s', atLeast(SATURATION_TARGET, `> ${fmt(SATURATION_TARGET)}`)),
      figure(`full path ws, ${CLIENTS} clients: p50`, ws.r.p50, 'ms'),
      figure(`full path ws, ${CLIENTS} clients: p99`, ws.r.p99, 'ms'),
      figure(`full path ws, ${CLIENTS} clients: server CPU`, ws.serverCpuPct, '% of a core'),
      figure(`full path ws, ${CLIENTS} clients: server CPU per order`, cpuPerAnswer(ws), 'µs'),
      figure(`full path ws, ${CLIENTS} clients: commands per group commit`, ws.perCommit, 'commands'),
    );
    if (echo) figures.push(figure(`full path ws, ${CLIENTS} clients: orders/s ÷ echo floor round trips/s`, (100 * ws.r.perSecond) / echo.r.perSecond, '%'));
    if (trpcFloor) figures.push(figure(`full path ws, ${CLIENTS} clients: orders/s ÷ tRPC floor calls/s`, (100 * ws.r.perSecond) / trpcFloor.r.perSecond, '%'));
    note(`ws, ${CLIENTS} clients`, ws);
  }

  if (PHASES.has('one')) {
    const one = await phase({ kind: 'ws-closed', clients: 1, warmupMs: WARMUP_MS, durationMs: MEASURE_MS, subscribers: 0 });
    figures.push(
      figure('full path ws, 1 client: orders/s', one.r.perSecond, 'orders/s'),
      figure('full path ws, 1 client: p50', one.r.p50, 'ms'),
      figure('full path ws, 1 client: p99', one.r.p99, 'ms'),
    );
    note('ws, 1 client (after the 32-client phase, so the book holds orders of others)', one);
  }

  if (PHASES.has('rest')) {
    const rest = await phase({ kind: 'http-closed', clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: MEASURE_MS });
    figures.push(
      figure(`full path REST, ${CLIENTS} clients: orders/s`, rest.r.perSecond, 'orders/s'),
      figure(`full path REST, ${CLIENTS} clients: p50`, rest.r.p50, 'ms'),
      figure(`full path REST, ${CLIENTS} clients: p99`, rest.r.p99, 'ms'),
    );
    note(`REST, ${CLIENTS} clients`, rest);
  }

  if (PHASES.has('subs')) {
    const subs = await phase({ kind: 'ws-closed', clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: MEASURE_MS, subscribers: FEW_SUBSCRIBERS });
    const s = `${fmt(subs.r.subscribers)} subscribers`;
    figures.push(
      figure(`full path ws, ${CLIENTS} clients + ${s}: orders/s`, subs.r.perSecond, 'orders/s'),
      figure(`full path ws, ${CLIENTS} clients + ${s}: p50`, subs.r.p50, 'ms'),
      figure(`full path ws, ${CLIENTS} clients + ${s}: p99`, subs.r.p99, 'ms'),
      ...tickerFigures(subs, 'subscriber'),
      figure('  trade → subscriber lag p50', subs.r.lagP50, 'ms'),
      figure('  trade → subscriber lag p99', subs.r.lagP99, 'ms'),
      figure('  server CPU per delivered message (orders included)', cpuPerMessage(subs), 'µs'),
      figure('  server peak RSS during the phase', subs.peakRssMb, 'MB'),
    );
    note(`ws, ${CLIENTS} clients + ${s}`, subs);
  }

  if (PHASES.has('open')) {
    const open = await phase({ kind: 'ws-open', clients: CLIENTS, rate: OFFERED_RATE, durationMs: MEASURE_MS, subscribers: MANY_SUBSCRIBERS, maxInFlight: MAX_IN_FLIGHT, drainMs: 15_000 });
    const o = `${fmt(OFFERED_RATE)}/s offered + ${fmt(open.r.subscribers)} subscribers`;
    figures.push(
      figure(`full path ws, ${o}: answered/s`, open.r.perSecond, 'orders/s', atLeast(OFFERED_RATE, `≥ ${fmt(OFFERED_RATE)}`)),
      figure(`full path ws, ${o}: p50`, open.r.p50, 'ms', atMost(2)),
      figure(`full path ws, ${o}: p99`, open.r.p99, 'ms', atMost(20)),
      figure(`  orders shed (${fmt(MAX_IN_FLIGHT)} already waiting) or unanswered`, open.r.shed + open.r.unanswered, 'orders'),
      ...tickerFigures(open, 'subscriber'),
      figure('  trade → subscriber lag p99', open.r.lagP99, 'ms'),
      figure('  server CPU per delivered message (orders included)', cpuPerMessage(open), 'µs'),
      figure('  server peak RSS during the phase', open.peakRssMb, 'MB'),
    );
    note(`ws open loop, ${o}`, open);
    notes.push(`ws open loop: ${fmt(open.r.shed)} orders shed, ${fmt(open.r.unanswered)} unanswered after the drain; latency counts from when each order was due.`);
  }

  if (PHASES.has('crowd')) {
    const stopCounting = countPayloadSerialisations();
    const crowd = await phase({ kind: 'ws-open', clients: CLIENTS, rate: CROWD_RATE, durationMs: MEASURE_MS, subscribers: CROWD, maxInFlight: MAX_IN_FLIGHT, drainMs: 30_000 });
    const serialised = stopCounting();
    const c = `${fmt(crowd.r.subscribers)} ticker followers`;
    figures.push(
      figure(`${c}: server peak RSS`, crowd.peakRssMb, 'MB', { text: '< 1,024', check: (m) => m < 1_024 }),
      figure(`${c}: server peak heapUsed`, crowd.peakHeapMb, 'MB'),
      figure(`${c}: payload serialisations per ticker message`, serialised.calls / Math.max(1, crowd.tickerMessages), 'per message', atMost(1, '1')),
      figure(`${c}: payload bytes serialised per ticker message`, serialised.chars / Math.max(1, crowd.tickerMessages), 'bytes'),
      ...tickerFigures(crowd, 'follower'),
      figure('  trade → follower lag p99', crowd.r.lagP99, 'ms'),
      figure('  server CPU per delivered message (orders included)', cpuPerMessage(crowd), 'µs'),
      figure(`  orders answered/s (${CROWD_RATE}/s offered) and p99`, `${round(crowd.r.perSecond)}/s, ${round(crowd.r.p99)} ms`, '-'),
    );
    note(`crowd, ${c}, ${CROWD_RATE} orders/s offered`, crowd);
  }

  if (PHASES.has('reads')) {
    const reads = await phase({ kind: 'reads', connections: CLIENTS, warmupMs: WARMUP_MS, durationMs: MEASURE_MS, path: '/api/players' });
    figures.push(
      figure(`reads: GET /api/players, ${CLIENTS} keep-alive conns`, reads.r.perSecond, 'req/s', atLeast(5_000)),
      figure('reads: GET /api/players p50', reads.r.p50, 'ms'),
      figure('reads: GET /api/players p99', reads.r.p99, 'ms'),
      figure('reads: response body', reads.r.bodyBytes / 1024, 'KB'),
    );
    note('reads', reads);
  }

  figures.push(
    figure('full path: server peak RSS over all phases', peakRssMb(), 'MB'),
    figure('full path: failed calls over all phases (should be 0)', failed, 'calls'),
  );
} finally {
  clearInterval(sampler);
  if (load.connected) toLoad({ type: 'exit' });
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
notes.push(`full path: ${CLIENTS} users, each its own connection; phases of ${WARMUP_MS / 1000} s warm-up + ${MEASURE_MS / 1000} s measured.`);
sendReport({ figures, notes });
