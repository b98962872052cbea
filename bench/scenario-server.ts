/**
 * Scenarios 3 and 4, the full path: this process runs the real server (HTTP + tRPC ws + REST shim,
 * SQLite file in WAL mode with synchronous=FULL, logs written to a file as in production) on
 * 127.0.0.1 and forks the load generator (bench/load.ts) as a separate process. Each order goes
 * client → ws or HTTP → router → exchange (plan, commit, apply, publish) → answer; subscribers
 * follow the ticker (`live.ticker`), which sends each of them one message per interval with the
 * trades since. Phases run in the order of PHASES; BENCH_PHASES (or `--only=server:<phase>,…`)
 * picks some. Run by bench/run.ts in its own process.
 */
import { fork } from 'node:child_process';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino, { type DestinationStream } from 'pino';
import { loadConfig } from '../src/config.js';
import { MAX_OPEN_ORDERS_PER_USER } from '../src/engine/exchange.js';
import { startServer } from '../src/server/start.js';
import { GENEROUS_LIMITS } from '../src/server/test-support/server.js';
import { sendReport, tsxExecArgv } from './lib/child.js';
import { makeDataDir } from './lib/data-dir.js';
import { startEchoServer, type FloorServer } from './lib/echo-server.js';
import { startFanoutFloor } from './lib/fanout-floor.js';
import { countTickerEncodings } from './lib/encodings.js';
import { setupMarket } from './lib/market.js';
import { startTrpcFloorServer } from './lib/trpc-floor-server.js';
import type { FromLoad, PhaseResult, PhaseSpec, ReadMode, ToLoad } from './lib/protocol.js';
import { windowsFile, type ProfileWindow } from './lib/profile.js';
import { atLeast, atMost, below, figure, fmt, MB, median, peakRssMb, round, type Figure, type Target } from './lib/results.js';

/** The phases, in the order they run (`one` after `ws`, so the book holds orders of others); bench/run.ts lists the same names. */
const PHASES = ['echo', 'trpc', 'ws', 'rest', 'one', 'subs', 'open', 'crowd', 'fanout', 'reads'] as const;

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const FEW_SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 300);
const MANY_SUBSCRIBERS = 1_000;
/** Ticker followers of the crowd phase, while orders arrive at CROWD_RATE per second: enough trades that every 200 ms interval has some. */
const CROWD = Number(process.env.BENCH_CROWD ?? 5_000);
const CROWD_RATE = Number(process.env.BENCH_CROWD_RATE ?? 100);
/** The open loop offers this share of the saturation phase's answers per second (or BENCH_OPEN_RATE when that phase did not run). */
const OPEN_SHARE = 0.5;
/** Open loop: orders beyond this many unanswered are not sent (counted as shed), so a slow server cannot stall the run. */
const MAX_IN_FLIGHT = 500;
const WARMUP_MS = 1_000;
const MEASURE_MS = Number(process.env.BENCH_PHASE_MS ?? 5_000);
/** The tRPC floor, ws and REST phases run in this many rounds of this long each (measured; plus the warm-up). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 3_000);
const selected = new Set((process.env.BENCH_PHASES ?? process.env.BENCH_SERVER_PHASES ?? PHASES.join(',')).split(','));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = makeDataDir('server-');
// However this process ends (a failed set-up included), the data goes with it.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', PUBLIC_URL: 'http://127.0.0.1' });
// Logs are formatted and written as in production (the same pino destination, one JSON line per
// HTTP request), to a file beside the database instead of stdout.
const logFile = join(dataDir, 'server.log');
// A tree from before productionLogDestination existed logged through pino's default destination: the same, for before/after runs.
const logger = (await import('../src/server/logger.js')) as { productionLogDestination?: (dest: string) => DestinationStream };
const logDestination = logger.productionLogDestination?.(logFile) ?? pino.destination({ dest: logFile, sync: false });
// Each simulated client sends far faster than a person clicks: the per-user order limit is raised
// out of the way (its limiter still runs on every order), as are the auth limits.
const server = await startServer(config, {
  logDestination,
  authRateLimits: GENEROUS_LIMITS,
  orderRateLimit: { points: 1_000_000_000, durationSeconds: 1 },
  webDir: null,
});
const { services } = server;

const market = await setupMarket(server.db, services.exchange, CLIENTS, 'load', server.accounts);
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
  // Latencies of orders never answered are Infinity, which JSON would turn into null.
  serialization: 'advanced',
});
const toLoad = (m: ToLoad) => load.send(m);
/** The server's CPU time when the load generator said its measured window started and ended. */
const marks: { start?: NodeJS.CpuUsage; end?: NodeJS.CpuUsage } = {};
/** The measured windows on the profiles' clock (µs), for summaries per phase when profiling. */
const windows: ProfileWindow[] = [];
const clockUs = () => Number(process.hrtime.bigint() / 1000n);
let phaseLabel = '';
/** How late the event loop ran its timers inside the window. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let windowLoopDelay = { p99: NaN, max: NaN };
const markedCpuMs = () => (marks.start && marks.end ? (marks.end.user - marks.start.user + marks.end.system - marks.start.system) / 1000 : NaN);
let waiting: ((m: FromLoad) => void) | null = null;
load.on('message', (m: FromLoad) => {
  if (m.type === 'mark') {
    marks[m.at] = process.cpuUsage();
    if (m.at === 'start') windows.push({ label: phaseLabel, fromUs: clockUs(), toUs: Infinity });
    else if (windows.length > 0) windows[windows.length - 1]!.toUs = clockUs();
    if (m.at === 'start') {
      loopDelay.reset();
      loopDelay.enable();
    } else {
      loopDelay.disable();
      windowLoopDelay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
    }
    return;
  }
  const resolve = waiting;
  waiting = null;
  resolve?.(m);
});
const fromLoad = () =>
  new Promise<FromLoad>((resolve, reject) => {
    const onExit = () => reject(new Error('the load generator exited'));
    load.once('exit', onExit);
    waiting = (m) => {
      load.off('exit', onExit);
      resolve(m);
    };
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
  /** Server CPU time inside the measured window only (followers connected, warm-up over), ms. */
  windowCpuMs: number;
  /** How long the measured window was, s. */
  windowSeconds: number;
  /** How late the server's event loop ran its timers in the window: p99 and max, ms. */
  loopDelayP99: number;
  loopDelayMax: number;
  /** Group commits in the phase: transactions and the commands per transaction on average. */
  commits: number;
  perCommit: number;
}

/** Calls that failed (not refusals): any makes the figures suspect, and the notes say why. */
let failed = 0;

async function phase(spec: PhaseSpec, label: string = spec.kind): Promise<Measured> {
  phaseLabel = label;
  const tradesBefore = trades;
  const messagesBefore = tickerMessages;
  const commitsBefore = services.exchange.commitStats();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  peak.rss = 0;
  peak.heap = 0;
  delete marks.start;
  delete marks.end;
  windowLoopDelay = { p99: NaN, max: NaN };
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
  const windowCpuMs = markedCpuMs();
  return {
    serverCpuMs: (used.user + used.system) / 1000,
    windowCpuMs,
    windowSeconds: spec.durationMs / 1000,
    loopDelayP99: windowLoopDelay.p99,
    loopDelayMax: windowLoopDelay.max,
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

/** Open file descriptors of this process (Linux), to see the followers' sockets go. */
const openFds = (): number => {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return NaN;
  }
};

/**
 * Memory once what was freed can be: after the sockets above `fds` have closed (at most 10 s), four
 * full GCs half a second apart (V8 gives pages back to the system after a GC, on a background
 * thread). The same steps before and after a phase, so the difference is what the server kept, or
 * its allocator did not give back.
 */
async function settledMemory(fds = Infinity): Promise<NodeJS.MemoryUsage> {
  const until = performance.now() + 10_000;
  while (openFds() > fds + 2 && performance.now() < until) await sleep(100);
  for (let i = 0; i < 4; i++) {
    gc();
    await sleep(500);
  }
  return process.memoryUsage();
}
const memoryNote = (m: NodeJS.MemoryUsage) =>
  `rss ${round(m.rss / MB)}, heap total ${round(m.heapTotal / MB)} (used ${round(m.heapUsed / MB)}), external ${round(m.external / MB)} (array buffers ${round(m.arrayBuffers / MB)}) MB`;

const figures: Figure[] = [];
const notes: string[] = [];
const answered = (r: PhaseResult) => r.accepted + r.refused;
const refusedPct = (r: PhaseResult) => (100 * r.refused) / Math.max(1, answered(r));
const note = (label: string, m: Measured) =>
  notes.push(
    `${label}: ${fmt(m.r.accepted)} accepted, ${fmt(m.r.refused)} refused (${refusedPct(m.r).toFixed(1)}%${Number.isFinite(m.r.refusedP50) ? `, p50 ${m.r.refusedP50.toFixed(2)} ms` : ''}), ${m.r.errors} failed, ${fmt(m.trades)} trades; server CPU ${m.serverCpuPct.toFixed(0)}%, load generator CPU ${m.loadCpuPct.toFixed(0)}% (of one core); server event loop delay in the window p99 ${m.loopDelayP99.toFixed(1)} ms, max ${m.loopDelayMax.toFixed(0)} ms; max latency ${Number.isFinite(m.r.max) ? `${m.r.max.toFixed(1)} ms` : 'never answered'}; ` +
      `${fmt(m.commits)} group commits of ${m.perCommit.toFixed(1)} commands on average.` +
      (m.r.subscribers > 0 ? ` Followers' process CPU ${((100 * m.r.followersCpuMs) / m.r.wallMs).toFixed(0)}%.` : '') +
      (m.r.reasons.length ? ` Why not accepted: ${m.r.reasons.join('; ')}` : ''),
  );
/** Server CPU per call accepted inside the measured window: refusals and failures are part of the cost, not of the work done. */
const cpuPerAccepted = (m: Measured) => (m.r.perSecond === 0 ? NaN : (1000 * m.windowCpuMs) / (m.r.perSecond * m.windowSeconds));
/** Load generator CPU per call answered in the phase: its side of each round trip. */
const loadCpuPerAnswer = (m: Measured) => (answered(m.r) === 0 ? NaN : (1000 * m.r.cpuMs) / answered(m.r));
/** Server CPU per ticker message delivered to a follower inside the window (the window's whole CPU, orders included). */
const cpuPerMessage = (m: Measured) => (m.r.windowMessages === 0 ? NaN : (1000 * m.windowCpuMs) / m.r.windowMessages);
const perFollower = (m: Measured, n: number) => (m.trades * m.r.subscribers === 0 ? NaN : (100 * n) / (m.trades * m.r.subscribers));
/** Ticker messages each follower received per second of the window. */
/** Orders answered (accepted or refused) inside the measured window. */
const ordersInWindow = (m: Measured) => (m.r.perSecond + m.r.refusedPerSecond) * m.windowSeconds;
/** Server CPU per order answered inside the window, ms: all the window's CPU, so a phase without followers gives what its orders cost. */
const cpuPerOrder = (m: Measured) => (ordersInWindow(m) === 0 ? NaN : m.windowCpuMs / ordersInWindow(m));
const received = (m: Measured) => (m.r.subscribers === 0 ? NaN : m.r.windowMessages / m.r.subscribers / m.windowSeconds);
/** The ticker's delivery, per follower on average: trades listed, and trades accounted for (listed or counted as skipped). */
const tickerFigures = (m: Measured, who: string): Figure[] => [
  figure(
    `  ticker messages: sent per second (whole phase) / received per ${who} per second (window)`,
    `${round(m.tickerMessages / (m.r.wallMs / 1000))} / ${round(received(m))}`,
    '-',
  ),
  figure(`  trades listed to each ${who} / trades published`, perFollower(m, m.r.delivered), '%'),
  figure(`  trades listed or counted as skipped / published`, perFollower(m, m.r.delivered + m.r.skipped), '%'),
];
/** The rows every order phase has: accepted orders/s, refusals apart, latency of the accepted ones. */
const orderFigures = (label: string, m: Measured): Figure[] => [
  figure(`${label}: accepted orders/s`, m.r.perSecond, 'orders/s'),
  figure(`${label}: refused/s (answered, nothing written)`, `${fmt(round(m.r.refusedPerSecond))} (${round(refusedPct(m.r))}%)`, '-'),
  figure(`${label}: p50`, m.r.p50, 'ms'),
  figure(`${label}: p99`, m.r.p99, 'ms'),
];

try {
  const ready = fromLoad();
  toLoad({ type: 'init', url: server.url, playerId: market.ref.id, maxOpenOrders: MAX_OPEN_ORDERS_PER_USER, clients });
  await ready;

  /** The closed loop against a floor server of its own, started for the phase and closed after it. */
  const floor = async (start: () => Promise<FloorServer>, label: string, durationMs = MEASURE_MS): Promise<Measured> => {
    const floorServer = await start();
    try {
      return await phase({ kind: 'ws-floor', url: floorServer.url, clients: CLIENTS, warmupMs: WARMUP_MS, durationMs }, label);
    } finally {
      await floorServer.close();
    }
  };

  let echo: Measured | null = null;
  if (selected.has('echo')) {
    echo = await floor(startEchoServer, 'echo floor');
    figures.push(
      figure(`ws echo floor, ${CLIENTS} clients: round trips/s (bare ws server, same load generator)`, echo.r.perSecond, 'per s'),
      figure(`ws echo floor: server CPU per round trip`, cpuPerAccepted(echo), 'µs'),
      figure(`ws echo floor: load generator CPU per round trip`, loadCpuPerAnswer(echo), 'µs'),
    );
    note(`ws echo floor, ${CLIENTS} clients`, echo);
  }

  // The tRPC floor, the full path over ws and over REST run in rounds, one after the other in each
  // round, so that each ratio compares figures taken in the same moment of a shared machine; the
  // figures are the medians over the rounds, and each ratio the median of the rounds' ratios.
  const rounds: Partial<Record<'trpc' | 'ws' | 'rest', Measured>>[] = [];
  const paired = (['trpc', 'ws', 'rest'] as const).filter((name) => selected.has(name));
  for (let i = 0; paired.length > 0 && i < ROUNDS; i++) {
    const r: (typeof rounds)[number] = {};
    for (const name of paired) {
      if (name === 'trpc') r.trpc = await floor(startTrpcFloorServer, `tRPC floor, round ${i + 1}`, ROUND_MS);
      if (name === 'ws')
        r.ws = await phase({ kind: 'ws-closed', clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: ROUND_MS, subscribers: 0 }, `ws, round ${i + 1}`);
      if (name === 'rest') r.rest = await phase({ kind: 'http-closed', clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: ROUND_MS }, `REST, round ${i + 1}`);
    }
    rounds.push(r);
  }
  /** The median over the rounds of what `of` says of each round (NaN when a round lacks a figure). */
  const med = (of: (r: (typeof rounds)[number]) => number | undefined) => median(rounds.map((r) => of(r) ?? NaN).filter((x) => !Number.isNaN(x)));
  const inRounds = `median of ${rounds.length} round${rounds.length === 1 ? '' : 's'}`;
  const roundNotes = (label: string, pick: (r: (typeof rounds)[number]) => Measured | undefined) =>
    rounds.forEach((r, i) => {
      const m = pick(r);
      if (m) note(`${label}, round ${i + 1}`, m);
    });

  if (selected.has('trpc')) {
    figures.push(
      figure(
        `tRPC floor, ${CLIENTS} clients: calls/s (bare tRPC ws server, real schemas, constant answer; ${inRounds})`,
        med((r) => r.trpc?.r.perSecond),
        'per s',
      ),
      figure(
        `tRPC floor: server CPU per call`,
        med((r) => r.trpc && cpuPerAccepted(r.trpc)),
        'µs',
      ),
      figure(
        `tRPC floor: load generator CPU per call`,
        med((r) => r.trpc && loadCpuPerAnswer(r.trpc)),
        'µs',
      ),
    );
    roundNotes(`tRPC floor, ${CLIENTS} clients`, (r) => r.trpc);
  }

  const wsRate = (r: (typeof rounds)[number]) => r.ws?.r.perSecond;
  if (selected.has('ws')) {
    const label = `full path ws, ${CLIENTS} clients`;
    figures.push(
      figure(`${label}: accepted orders/s (${inRounds})`, med(wsRate), 'orders/s'),
      figure(
        `${label}: refused/s (answered, nothing written)`,
        `${fmt(round(med((r) => r.ws?.r.refusedPerSecond)))} (${round(med((r) => r.ws && refusedPct(r.ws.r)))}%)`,
        '-',
      ),
      figure(
        `${label}: p50`,
        med((r) => r.ws?.r.p50),
        'ms',
      ),
      figure(
        `${label}: p99`,
        med((r) => r.ws?.r.p99),
        'ms',
      ),
      figure(
        `${label}: server CPU`,
        med((r) => r.ws?.serverCpuPct),
        '% of a core',
      ),
      figure(
        `${label}: server CPU per accepted order`,
        med((r) => r.ws && cpuPerAccepted(r.ws)),
        'µs',
      ),
      figure(
        `${label}: commands per group commit`,
        med((r) => r.ws?.perCommit),
        'commands',
      ),
    );
    if (echo) figures.push(figure(`${label}: accepted orders/s ÷ echo floor round trips/s`, (100 * med(wsRate)) / echo.r.perSecond, '%'));
    figures.push(
      figure(
        `${label}: accepted orders/s ÷ tRPC floor calls/s (median of the rounds' ratios)`,
        med((r) => r.ws && r.trpc && (100 * r.ws.r.perSecond) / r.trpc.r.perSecond),
        '%',
        atLeast(50),
      ),
    );
    roundNotes(`ws, ${CLIENTS} clients`, (r) => r.ws);
  }

  if (selected.has('rest')) {
    const label = `full path REST, ${CLIENTS} clients`;
    figures.push(
      figure(
        `${label}: accepted orders/s (${inRounds})`,
        med((r) => r.rest?.r.perSecond),
        'orders/s',
      ),
      figure(
        `${label}: refused/s (answered, nothing written)`,
        `${fmt(round(med((r) => r.rest?.r.refusedPerSecond)))} (${round(med((r) => r.rest && refusedPct(r.rest.r)))}%)`,
        '-',
      ),
      figure(
        `${label}: p50`,
        med((r) => r.rest?.r.p50),
        'ms',
      ),
      figure(
        `${label}: p99`,
        med((r) => r.rest?.r.p99),
        'ms',
      ),
      figure(
        `${label}: server CPU per accepted order`,
        med((r) => r.rest && cpuPerAccepted(r.rest)),
        'µs',
      ),
      figure(
        `${label}: accepted orders/s ÷ full path ws (median of the rounds' ratios)`,
        med((r) => r.rest && r.ws && (100 * r.rest.r.perSecond) / r.ws.r.perSecond),
        '%',
        atLeast(50),
      ),
    );
    roundNotes(`REST, ${CLIENTS} clients`, (r) => r.rest);
  }

  if (selected.has('one')) {
    const one = await phase({ kind: 'ws-closed', clients: 1, warmupMs: WARMUP_MS, durationMs: MEASURE_MS, subscribers: 0 }, 'ws, 1 client');
    figures.push(
      figure('full path ws, 1 client: accepted orders/s', one.r.perSecond, 'orders/s'),
      figure('full path ws, 1 client: p50', one.r.p50, 'ms'),
      figure('full path ws, 1 client: p99', one.r.p99, 'ms', atMost(3)),
    );
    note('ws, 1 client (after the 32-client phases, so the book holds orders of others)', one);
  }

  if (selected.has('subs')) {
    const subs = await phase(
      { kind: 'ws-closed', clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: MEASURE_MS, subscribers: FEW_SUBSCRIBERS },
      'ws + subscribers',
    );
    const s = `${fmt(subs.r.subscribers)} subscribers`;
    figures.push(
      ...orderFigures(`full path ws, ${CLIENTS} clients + ${s}`, subs),
      ...tickerFigures(subs, 'subscriber'),
      figure('  trade → subscriber lag p50', subs.r.lagP50, 'ms'),
      figure('  trade → subscriber lag p99', subs.r.lagP99, 'ms'),
      figure('  server CPU per delivered message (orders included)', cpuPerMessage(subs), 'µs'),
      figure('  server peak RSS during the phase', subs.peakRssMb, 'MB'),
    );
    note(`ws, ${CLIENTS} clients + ${s}`, subs);
  }

  if (selected.has('open')) {
    const saturation = med((r) => r.ws && r.ws.r.perSecond + r.ws.r.refusedPerSecond);
    const rate = Number.isFinite(saturation) ? Math.max(100, Math.round((OPEN_SHARE * saturation) / 100) * 100) : Number(process.env.BENCH_OPEN_RATE ?? 2_000);
    const open = await phase(
      { kind: 'ws-open', clients: CLIENTS, rate, durationMs: MEASURE_MS, subscribers: MANY_SUBSCRIBERS, maxInFlight: MAX_IN_FLIGHT, drainMs: 15_000 },
      'open loop',
    );
    const o = `${fmt(rate)}/s offered${Number.isFinite(saturation) ? ' (half the saturation)' : ''} + ${fmt(open.r.subscribers)} subscribers`;
    figures.push(
      ...orderFigures(`full path ws, open loop at half the saturation + ${fmt(MANY_SUBSCRIBERS)} subscribers`, open),
      figure(`  orders offered per second`, rate, 'orders/s'),
      figure(
        `  orders shed (${fmt(MAX_IN_FLIGHT)} already waiting) or unanswered (in the latencies as never answered)`,
        open.r.shed + open.r.unanswered,
        'orders',
      ),
      ...tickerFigures(open, 'subscriber'),
      figure('  trade → subscriber lag p99', open.r.lagP99, 'ms'),
      figure('  server CPU per delivered message (orders included)', cpuPerMessage(open), 'µs'),
      figure('  server peak RSS during the phase', open.peakRssMb, 'MB'),
    );
    note(`ws open loop, ${o}`, open);
    notes.push(
      `ws open loop: ${fmt(open.r.shed)} orders shed, ${fmt(open.r.unanswered)} unanswered after the drain; latency counts from when each order was due.`,
    );
  }

  /** The crowd phase's server CPU per delivered message and JSON bytes per ticker message, for the fan-out floor. */
  let crowdPerMessage: { cpuUs: number; withOrdersUs: number; bytes: number } | null = null;
  if (selected.has('crowd')) {
    // The crowd's server also takes its orders: their own CPU, measured alone at the same rate, is
    // what the crowd's costs beyond the fan-out (the floor takes no orders).
    const alone = await phase(
      { kind: 'ws-open', clients: CLIENTS, rate: CROWD_RATE, durationMs: MEASURE_MS, subscribers: 0, maxInFlight: MAX_IN_FLIGHT, drainMs: 30_000 },
      'crowd orders alone',
    );
    const fds = openFds();
    const before = await settledMemory();
    const rssBefore = before.rss / MB;
    const stopCounting = countTickerEncodings();
    const crowd = await phase(
      { kind: 'ws-open', clients: CLIENTS, rate: CROWD_RATE, durationMs: MEASURE_MS, subscribers: CROWD, maxInFlight: MAX_IN_FLIGHT, drainMs: 30_000 },
      'crowd',
    );
    const encoded = stopCounting();
    const after = await settledMemory(fds);
    const rssAfter = after.rss / MB;
    const c = `${fmt(crowd.r.subscribers)} ticker followers`;
    // Nothing delivered makes every per-message figure unmeasured, so its verdict fails.
    const perMessage = (n: number) => (crowd.r.messages === 0 || crowd.tickerMessages === 0 ? NaN : n / crowd.tickerMessages);
    const fanoutCpuUs = crowd.r.windowMessages === 0 ? NaN : (1000 * (crowd.windowCpuMs - cpuPerOrder(alone) * ordersInWindow(crowd))) / crowd.r.windowMessages;
    figures.push(
      figure(`${c}, ${CROWD_RATE} orders/s offered: ticker messages received per follower per second`, received(crowd), 'per s', atLeast(4.5)),
      // Judged against the bare fan-out floor of the same run (phase `fanout`): a machine's speed is not the server's.
      figure(`${c}: server CPU per delivered message (orders included)`, cpuPerMessage(crowd), 'µs'),
      figure(`  the same orders alone, no followers: server CPU per order answered`, 1000 * cpuPerOrder(alone), 'µs'),
      figure(`  the same orders alone, no followers: order p99`, alone.r.p99, 'ms'),
      figure(`${c}: server CPU per delivered message, the orders' own CPU (measured alone) taken out`, fanoutCpuUs, 'µs'),
      figure(`${c}: order p99 during it (accepted; shed or unanswered as never answered)`, crowd.r.p99, 'ms', atMost(25)),
      figure(`${c}: trade → follower lag p99`, crowd.r.lagP99, 'ms', atMost(300)),
      figure(`${c}: server RSS after all disconnected ÷ before they connected`, (100 * rssAfter) / rssBefore, '%', atMost(110)),
      figure(`  server RSS before / after (settled: sockets closed, full GCs)`, `${round(rssBefore)} / ${round(rssAfter)}`, 'MB'),
      figure(`${c}: server peak RSS`, crowd.peakRssMb, 'MB', below(1_024)),
      figure(`  server peak heapUsed`, crowd.peakHeapMb, 'MB'),
      figure(
        `${c}: encodings for the sockets per ticker message (texts written + distinct byte buffers)`,
        perMessage(encoded.textWrites + encoded.sharedBuffers),
        'per message',
        atMost(1),
      ),
      figure(`${c}: JSON texts holding the ticker message per ticker message`, perMessage(encoded.json), 'per message', atMost(1)),
      figure(`  bytes per ticker message (JSON)`, encoded.json === 0 ? NaN : encoded.jsonChars / encoded.json, 'bytes'),
      ...tickerFigures(crowd, 'follower'),
      figure('  trade → follower lag p50', crowd.r.lagP50, 'ms'),
      figure(
        `  orders accepted/s (${CROWD_RATE}/s offered), shed or unanswered`,
        `${round(crowd.r.perSecond)}/s, ${fmt(crowd.r.shed + crowd.r.unanswered)}`,
        '-',
      ),
    );
    note(`crowd, ${c}, ${CROWD_RATE} orders/s offered`, crowd);
    note(`crowd orders alone, ${CROWD_RATE} orders/s offered, no followers`, alone);
    crowdPerMessage = { cpuUs: fanoutCpuUs, withOrdersUs: cpuPerMessage(crowd), bytes: encoded.json === 0 ? NaN : encoded.jsonChars / encoded.json };
    notes.push(`crowd: server memory before (${memoryNote(before)}) and after (${memoryNote(after)}).`);
    notes.push(
      `crowd: socket writes carrying a ticker message ${fmt(encoded.writes)} (${fmt(encoded.textWrites)} of them texts, encoded per socket), distinct byte buffers ${fmt(encoded.sharedBuffers)}, ticker messages sent ${fmt(crowd.tickerMessages)}.`,
    );
  }

  if (selected.has('fanout')) {
    const bytes = crowdPerMessage && Number.isFinite(crowdPerMessage.bytes) ? Math.round(crowdPerMessage.bytes) : 3_000;
    const floorServer = await startFanoutFloor(bytes);
    let fanout: Measured;
    try {
      fanout = await phase({ kind: 'follow', url: floorServer.url, subscribers: CROWD, warmupMs: WARMUP_MS, durationMs: MEASURE_MS }, 'fan-out floor');
    } finally {
      await floorServer.close();
    }
    const label = `ticker fan-out floor, ${fmt(CROWD)} followers (bare ws server, one prebuilt frame per message, of the crowd's size)`;
    figures.push(
      figure(`${label}: server CPU per delivered message`, cpuPerMessage(fanout), 'µs'),
      figure(`  bytes per message`, bytes, 'bytes'),
      figure(`  messages received per follower per second`, received(fanout), 'per s'),
    );
    if (crowdPerMessage)
      figures.push(
        figure(
          `${fmt(CROWD)} ticker followers: server CPU per delivered message (the orders' own taken out) ÷ the fan-out floor's`,
          crowdPerMessage.cpuUs / cpuPerMessage(fanout),
          '×',
          atMost(1.3),
        ),
        figure(`  the same, orders included ÷ the fan-out floor's`, crowdPerMessage.withOrdersUs / cpuPerMessage(fanout), '×'),
      );
    note('ticker fan-out floor', fanout);
  }

  if (selected.has('reads')) {
    // Issue 7's 5,000 req/s holds for any caller; right after a write the rate is bounded by the
    // orders in between (each connection alternates), so there the latency is the figure.
    const modes: [ReadMode, string, Target | undefined][] = [
      ['anonymous', 'anonymous (the shared answer)', atLeast(5_000)],
      ['signed-in', 'signed in', atLeast(5_000)],
      ['after-write', 'anonymous, each right after an order (bounded by the orders)', undefined],
    ];
    const rates = new Map<ReadMode, number>();
    for (const [mode, label, target] of modes) {
      const reads = await phase(
        { kind: 'reads', connections: CLIENTS, warmupMs: WARMUP_MS, durationMs: MEASURE_MS, path: '/api/players', mode },
        `reads, ${mode}`,
      );
      figures.push(
        figure(`reads: GET /api/players, ${CLIENTS} keep-alive conns, ${label}`, reads.r.perSecond, 'req/s', target),
        figure(`reads: GET /api/players, ${mode}: p50 / p99`, `${round(reads.r.p50)} / ${round(reads.r.p99)}`, 'ms'),
        figure(`reads: GET /api/players, ${mode}: server CPU per request`, cpuPerAccepted(reads), 'µs'),
      );
      if (mode === 'anonymous') figures.push(figure('reads: response body', reads.r.bodyBytes / 1024, 'KB'));
      rates.set(mode, reads.r.perSecond);
      note(`reads, ${label}`, reads);
    }
    // The signed-in answer is the shared one with the caller's own shares joined to it: it should cost little more.
    figures.push(
      figure('reads: GET /api/players, signed in ÷ anonymous (req/s)', (rates.get('signed-in') ?? NaN) / (rates.get('anonymous') ?? NaN), '×', atLeast(0.5)),
    );
  }

  figures.push(
    figure('full path: server peak RSS over all phases', peakRssMb(), 'MB'),
    figure('full path: failed calls over all phases', failed, 'calls', atMost(0, '0')),
  );
} finally {
  clearInterval(sampler);
  if (load.connected) toLoad({ type: 'exit' });
  await server.close();
  let logMb = NaN;
  try {
    logMb = statSync(logFile).size / MB;
  } catch {
    // no log written
  }
  notes.push(`full path: the server's log (pino, JSON lines, to a file as in production) took ${logMb.toFixed(1)} MB.`);
  rmSync(dataDir, { recursive: true, force: true });
}
if (profileDir) writeFileSync(windowsFile(profileDir), JSON.stringify(windows));
notes.push(
  `full path: ${CLIENTS} users, each its own connection; phases of ${WARMUP_MS / 1000} s warm-up + ${MEASURE_MS / 1000} s measured (the tRPC floor, ws and REST: ${ROUNDS} rounds of ${WARMUP_MS / 1000} + ${ROUND_MS / 1000} s each).`,
);
sendReport({ figures, notes });
