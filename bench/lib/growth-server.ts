/**
 * The growth scenario's servers: the compiled server (bench/lib/growth-cache.ts) in its own process,
 * started by a small launcher that sets its clock to the league's simulated time (so the last 24 h
 * and 7 days hold the season's last trades) and answers the scenario over IPC: its CPU time and
 * how long its event loop was blocked (the longest gap between the ticks of a 1 ms interval).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serverAllocator } from './allocator.js';

const LAUNCHER = `
import { loadConfig } from './config.js';
import { startServer } from './server/start.js';
const offset = Number(process.env.GROWTH_NOW) - Date.now();
const config = loadConfig({
  NODE_ENV: 'production', PORT: process.env.PORT, HOST: '127.0.0.1', DATA_DIR: process.env.DATA_DIR,
  LOG_LEVEL: 'info', PUBLIC_URL: 'http://127.0.0.1', BACKUP_INTERVAL_HOURS: '0',
});
const server = await startServer(config, { now: () => Date.now() + offset, webDir: null });
// The longest gap between the ticks of a 1 ms interval: how long the event loop was blocked.
let probe = null;
let last = 0;
let longest = 0;
process.on('message', (m) => {
  if (m.type === 'cpu') {
    const u = process.cpuUsage();
    process.send({ type: 'cpu', ms: (u.user + u.system) / 1000 });
  } else if (m.type === 'eld-start') {
    last = performance.now();
    longest = 0;
    probe = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, m.intervalMs ?? 1);
    process.send({ type: 'eld-start' });
  } else if (m.type === 'eld-stop') {
    clearInterval(probe);
    process.send({ type: 'eld-stop', maxMs: Math.max(longest, performance.now() - last) });
  } else if (m.type === 'stop') {
    server.close().then(() => process.exit(0));
  }
});
// Measured once the market state and the prices over time are in memory (they load in small steps after start-up).
await server.services.exchange.warmUp();
process.send({ type: 'ready', port: server.port });
`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface GrowthServer {
  url: string;
  child: ChildProcess;
  /** CPU time (user + system) the server process has used so far, ms. */
  cpuMs(): Promise<number>;
  /**
   * Runs `during` and answers the longest the server's event loop was blocked meanwhile, ms (to
   * within `intervalMs`, the probe's period: 1 by default).
   */
  blockedDuring(during: () => Promise<void>, intervalMs?: number): Promise<number>;
  stop(): Promise<void>;
}

function ask<T>(child: ChildProcess, message: { type: string }): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== message.type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = () => reject(new Error('the server exited'));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

function launch(buildDir: string, dataDir: string, port: number, nowAt: number, profileDir?: string): ChildProcess {
  const launcher = join(buildDir, 'growth-launcher.mjs');
  writeFileSync(launcher, LAUNCHER);
  return fork(launcher, [], {
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: { ...process.env, ...serverAllocator().env, DATA_DIR: dataDir, PORT: String(port), GROWTH_NOW: String(nowAt), NODE_ENV: 'production' },
    // Its request log goes where a production log would, without being read.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/** Starts a server on a league copy in `dataDir` whose clock reads `nowAt` at start. */
export async function startGrowthServer(buildDir: string, dataDir: string, nowAt: number, profileDir?: string): Promise<GrowthServer> {
  const port = await freePort();
  const child = launch(buildDir, dataDir, port, nowAt, profileDir);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server on ${dataDir} exited (${code}) before it was ready`)));
    child.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    cpuMs: async () => (await ask<{ ms: number }>(child, { type: 'cpu' })).ms,
    async blockedDuring(during, intervalMs = 1) {
      await ask(child, { type: 'eld-start', intervalMs } as { type: string });
      await during();
      return (await ask<{ maxMs: number }>(child, { type: 'eld-stop' })).maxMs;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}

/**
 * Milliseconds from starting a server process to its first 200 on /healthz, and to warm: its market
 * state, prices over time and books ready (made in small steps once it listens).
 */
export async function timeToHealthy(buildDir: string, dataDir: string, nowAt: number): Promise<{ healthy: number; warm: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = launch(buildDir, dataDir, port, nowAt);
  let exited = false;
  child.once('exit', () => (exited = true));
  const warm = new Promise<number>((resolve) => child.on('message', (m: { type: string }) => m.type === 'ready' && resolve(performance.now() - started)));
  for (;;) {
    if (exited) throw new Error(`the server on ${dataDir} exited before it was healthy`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const healthy = performance.now() - started;
  const warmMs = await warm;
  await new Promise<void>((resolve) => {
    if (exited) return resolve();
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
  return { healthy, warm: warmMs };
}
