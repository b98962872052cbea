import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../config.js';
import type { AuthRateLimits, Limit } from '../auth/rate-limits.js';
import { startServer, type RunningServer, type StartOptions } from '../start.js';

const generous = { points: 10_000, durationSeconds: 60 };
export const GENEROUS_LIMITS: AuthRateLimits = {
  loginPerIp: generous,
  loginPerAccount: generous,
  registerPerIp: generous,
  resetPerIp: generous,
  resetPerAccount: generous,
};

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Every log line written so far. */
  logs(): string[];
  stop(): Promise<void>;
}

/** A real server on a free port with a fresh data directory and the real migrations. */
export async function startTestServer(
  options: {
    authRateLimits?: AuthRateLimits;
    orderRateLimit?: Limit;
    chatRateLimit?: Limit;
    now?: () => number;
    dataDir?: string;
    logLevel?: string;
    smtpUrl?: string;
    metricsToken?: string;
    /** Serve the built web app from here (none by default). */
    webDir?: string;
    push?: StartOptions['push'];
    /** More environment, read as the server reads its own (e.g. TRUST_PROXY). */
    env?: Record<string, string>;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hoops-test-'));
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'info',
    PUBLIC_URL: 'http://game.test',
    SMTP_URL: options.smtpUrl,
    METRICS_TOKEN: options.metricsToken ?? '',
    ...options.env,
  });
  const server = await startServer(config, {
    logDestination: destination,
    authRateLimits: options.authRateLimits ?? GENEROUS_LIMITS,
    orderRateLimit: options.orderRateLimit,
    chatRateLimit: options.chatRateLimit,
    now: options.now,
    webDir: options.webDir ?? null,
    push: options.push,
  });
  return {
    ...server,
    dataDir,
    logs: () => [...lines],
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the REST shim with a JSON body and an optional bearer token. */
export async function api<T = Record<string, unknown>>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** A portfolio as GET /api/portfolio/{userId} answers it (the fields tests read). */
export interface PortfolioAnswer {
  balance: number;
  escrow: number;
  players: { player_id: number; shares_owned: number }[];
}

let counter = 0;
/** Registers a fresh user through the REST shim and returns its token and id. */
export async function registerUser(base: string, name?: string) {
  counter += 1;
  const username = name ?? `user${process.pid % 1000}_${counter}`;
  const email = `${username}@example.com`;
  const password = 'correct horse battery';
  const res = await api<{ token: string; user: { id: number } }>(base, 'POST', '/auth/register', { username, email, password });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, id: res.body.user.id, username, email, password };
}

export type TestUser = Awaited<ReturnType<typeof registerUser>>;
