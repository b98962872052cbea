/**
 * The leagues scenario's server: the compiled server (lib/growth-cache.ts builtServer) in its own
 * process with `--expose-gc`, started by a small launcher that raises the auth and order rate limits
 * out of the way (their limiters still run) and answers the scenario over IPC: a settled memory
 * reading (after full GCs) and its CPU time. Its resident memory is read from /proc by the scenario.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './growth-server.js';
import { serverAllocator } from './allocator.js';

const LAUNCHER = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from './config.js';
import { startServer } from './server/start.js';
const config = loadConfig({
  NODE_ENV: 'production', PORT: process.env.PORT, HOST: '127.0.0.1', DATA_DIR: process.env.DATA_DIR,
  LOG_LEVEL: 'info', PUBLIC_URL: 'http://127.0.0.1', BACKUP_INTERVAL_HOURS: '0',
  LEAGUE_IDLE_MINUTES: process.env.LEAGUE_IDLE_MINUTES,
});
const generous = { points: 1000000000, durationSeconds: 60 };
const server = await startServer(config, {
  webDir: null,
  authRateLimits: { loginPerIp: generous, loginPerAccount: generous, registerPerIp: generous, resetPerIp: generous, resetPerAccount: generous },
  orderRateLimit: { points: 1000000000, durationSeconds: 1 },
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.on('message', async (m) => {
  if (m.type === 'memory') {
    // V8 hands freed pages back on a background thread after a GC: several, apart, before reading.
    for (let i = 0; i < 4; i++) {
      globalThis.gc();
      await sleep(500);
    }
    const u = process.memoryUsage();
    process.send({ type: 'memory', rss: u.rss, heapUsed: u.heapUsed, heapTotal: u.heapTotal, external: u.external });
  } else if (m.type === 'loop') {
    // How late the event loop ran since the last question (ms), then counted afresh.
    process.send({ type: 'loop', p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 });
    loop.reset();
  } else if (m.type === 'leagues') {
    process.send({ type: 'leagues', open: server.serverServices.hub.size });
  } else if (m.type === 'cpu') {
    const u = process.cpuUsage();
    process.send({ type: 'cpu', ms: (u.user + u.system) / 1000 });
  } else if (m.type === 'stop') {
    await server.close();
    process.exit(0);
  }
});
process.send({ type: 'ready', port: server.port });
`;

export interface ServerMemory {
  /** Resident set, bytes: the kernel's VmRSS of the process (process.memoryUsage().rss where /proc is missing). */
  rss: number;
  heapUsed: number;
  /** What V8 holds for its heap, used or not (resident unless the kernel took it back). */
  heapTotal: number;
  external: number;
}

export interface LeaguesServer {
  url: string;
  child: ChildProcess;
  /** Memory after four full GCs half a second apart. */
  settledMemory(): Promise<ServerMemory>;
  /** The kernel's high-water mark of its resident set, bytes (NaN without /proc). */
  peakRss(): number;
  /** Its threads now (the thread pool's, V8's, and worker threads) (NaN without /proc). */
  threads(): number;
  cpuMs(): Promise<number>;
  /** How late its event loop ran since the last call (ms): p99 and max. */
  loopDelay(): Promise<{ p99: number; max: number }>;
  /** How many leagues it has open now (the default one included). */
  leaguesOpen(): Promise<number>;
  /** Its resident set now, bytes (the kernel's VmRSS; NaN without /proc). */
  rss(): number;
  stop(): Promise<void>;
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = () => reject(new Error('the server exited'));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ type });
  });
}

/** A field of /proc/<pid>/status (`VmRSS:   123456 kB` in bytes, `Threads:  12` as is), NaN when unreadable. */
export function procStatusField(status: string, field: 'VmRSS' | 'VmHWM' | 'Threads'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)( kB)?`, 'm').exec(status);
  if (!match) return NaN;
  return match[2] ? Number(match[1]) * 1024 : Number(match[1]);
}

function readStatus(pid: number | undefined, field: 'VmRSS' | 'VmHWM' | 'Threads'): number {
  const file = `/proc/${pid}/status`;
  if (pid === undefined || !existsSync(file)) return NaN;
  return procStatusField(readFileSync(file, 'utf8'), field);
}

function launch(buildDir: string, dataDir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const launcher = join(buildDir, 'leagues-launcher.mjs');
  writeFileSync(launcher, LAUNCHER);
  return fork(launcher, [], {
    // With `--profile` (BENCH_PROFILE_DIR), a V8 CPU profile of the server too, written when it stops.
    execArgv: ['--expose-gc', ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_PROFILE_DIR, 'server')}`] : [])],
    env: { ...process.env, ...serverAllocator().env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'production', ...env },
    // Its request log goes where a production log would, without being read.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

/** Starts the server on `dataDir` (with more environment, e.g. LEAGUE_IDLE_MINUTES) and waits until it listens. */
export async function startLeaguesServer(buildDir: string, dataDir: string, env: Record<string, string> = {}): Promise<LeaguesServer> {
  const port = await freePort();
  const child = launch(buildDir, dataDir, port, env);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server on ${dataDir} exited (${code}) before it was ready`)));
    child.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async settledMemory() {
      const m = await ask<ServerMemory>(child, 'memory');
      const rss = readStatus(child.pid, 'VmRSS');
      return { rss: Number.isNaN(rss) ? m.rss : rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external };
    },
    peakRss: () => readStatus(child.pid, 'VmHWM'),
    threads: () => readStatus(child.pid, 'Threads'),
    cpuMs: async () => (await ask<{ ms: number }>(child, 'cpu')).ms,
    loopDelay: async () => {
      const { p99, max } = await ask<{ p99: number; max: number }>(child, 'loop');
      return { p99, max };
    },
    leaguesOpen: async () => (await ask<{ open: number }>(child, 'leagues')).open,
    rss: () => readStatus(child.pid, 'VmRSS'),
    stop: () => stopChild(child),
  };
}

/** Milliseconds from spawning a server process on `dataDir` to its first 200 on /healthz. */
export async function spawnToHealthy(buildDir: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = launch(buildDir, dataDir, port);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));
  // The IPC handler is set just before 'ready': it is asked to stop only after that.
  const ready = new Promise<void>((resolve) => child.on('message', (m: { type: string }) => m.type === 'ready' && resolve()));
  try {
    for (;;) {
      if (exited) throw new Error(`the server on ${dataDir} exited before it was healthy`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await Promise.race([ready, exit]);
    await stopChild(child);
  }
}

/** Settled memory read until two readings in a row are within 1% of each other (an opened league warms up in small steps), at most five. */
export async function stableMemory(server: LeaguesServer): Promise<ServerMemory> {
  let last = await server.settledMemory();
  for (let i = 0; i < 4; i++) {
    const now = await server.settledMemory();
    if (Math.abs(now.rss - last.rss) <= last.rss * 0.01) return now;
    last = now;
  }
  return last;
}
