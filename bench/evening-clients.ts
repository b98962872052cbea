/**
 * The evening scenario's members with the app open, in a process of their own (forked by
 * scenario-evening.ts), so that hundreds of sockets and refetches do not hold up the orders' event
 * loop: each is a LiveClient (lib/growth-clients.ts) that runs the web app's live plan in its
 * league. Each trade the ticker brings is timed from its `created_at` to its arrival here. Only
 * 127.0.0.1.
 */
import { LiveClient, type ActiveQuery } from './lib/growth-clients.js';

export interface ClientSpec {
  token: string;
  userId: number;
  leagueId: number;
  screen: ActiveQuery[];
}

export type ToClients = { type: 'arrive'; url: string; clients: ClientSpec[]; overMs: number; graceMs: number } | { type: 'snapshot' } | { type: 'leave' };

export interface ClientCounts {
  clients: number;
  requests: number;
  bytes: number;
  messages: number;
  failedRequests: number;
  socketErrors: number;
  /** The first few problems the clients met, in words. */
  problems: string[];
  queries: [string, number][];
}

export type FromClients =
  | { type: 'arrived'; counts: ClientCounts; loadMs: number[] }
  | { type: 'snapshot'; counts: ClientCounts }
  /** `lags`: [when it arrived (epoch ms), trade → arrival (ms)] of every trade the clients' tickers brought. */
  | { type: 'left'; counts: ClientCounts; lags: [number, number][]; cpuMs: number }
  | { type: 'error'; message: string };

const clients: LiveClient[] = [];
const lags: [number, number][] = [];
/** How long each page took to load, ms. */
const loadMs: number[] = [];

function counts(): ClientCounts {
  const queries = new Map<string, number>();
  for (const c of clients) for (const [path, n] of c.queries) queries.set(path, (queries.get(path) ?? 0) + n);
  return {
    clients: clients.length,
    requests: clients.reduce((n, c) => n + c.requests, 0),
    bytes: clients.reduce((n, c) => n + c.bytes, 0),
    messages: clients.reduce((n, c) => n + c.messages, 0),
    failedRequests: clients.reduce((n, c) => n + c.failedRequests, 0),
    socketErrors: clients.reduce((n, c) => n + c.socketErrors, 0),
    problems: clients.flatMap((c) => (c.firstProblem ? [c.firstProblem] : [])).slice(0, 3),
    queries: [...queries].sort((a, b) => b[1] - a[1]),
  };
}

const reply = (m: FromClients) => process.send!(m);

/** Opens the clients' apps spread over `overMs`; resolves once every page loaded, or `graceMs` after the last opened. */
async function arrive(url: string, specs: ClientSpec[], overMs: number, graceMs: number): Promise<void> {
  const started = performance.now();
  const loads: Promise<void>[] = [];
  for (const [i, s] of specs.entries()) {
    const due = started + (i * overMs) / specs.length;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const client = new LiveClient(url, s.token, s.screen, s.userId, {
      leagueId: s.leagueId,
      onTrades: (trades) => {
        const now = Date.now();
        for (const t of trades) lags.push([now, now - Date.parse(t.created_at)]);
      },
    });
    clients.push(client);
    const t0 = performance.now();
    loads.push(client.load().then(() => void loadMs.push(performance.now() - t0)));
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(loads), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
  clearTimeout(timer);
}

process.on('disconnect', () => process.exit(0));
process.on('message', (m: ToClients) => {
  void (async () => {
    switch (m.type) {
      case 'arrive':
        await arrive(m.url, m.clients, m.overMs, m.graceMs);
        return reply({ type: 'arrived', counts: counts(), loadMs });
      case 'snapshot':
        return reply({ type: 'snapshot', counts: counts() });
      case 'leave': {
        const final = counts();
        for (const c of clients) c.close();
        const { user, system } = process.cpuUsage();
        return reply({ type: 'left', counts: final, lags, cpuMs: (user + system) / 1000 });
      }
    }
  })().catch((error: unknown) => reply({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
