/**
 * Scenario 8, a hosted evening: a hundred friend groups on one small server. The leagues scenario's
 * folder of 100 leagues of 20 members (built through the REST API, lib/leagues-build.ts) is served
 * by the compiled server in its own process (lib/leagues-server.ts). 60 leagues are active: 10 of
 * their members have the app open (bench/evening-clients.ts, a process of its own: the web app's
 * live plan over its WebSocket subscriptions, half on the market and half on their portfolio) and
 * the league's members send 1 order a second in all (lib/evening-orders.ts); the other 40 get an
 * anonymous visitor now and then. Then everyone leaves and the leagues idle out. Run by
 * bench/run.ts in its own process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientCounts, ClientSpec, FromClients, ToClients } from './evening-clients.js';
import { sendReport, tsxExecArgv } from './lib/child.js';
import { makeDataDir } from './lib/data-dir.js';
import { LeagueTraders, ORDER_KINDS, ORDER_MIX, type OrderAnswer, type OrderKind } from './lib/evening-orders.js';
import { isStaleConnection, type ActiveQuery } from './lib/growth-clients.js';
import { builtServer } from './lib/growth-cache.js';
import { cachedLeaguesFolder, callJson, inPool, type BuiltLeague } from './lib/leagues-build.js';
import { stableMemory, startLeaguesServer, type LeaguesServer, type ServerMemory } from './lib/leagues-server.js';
import { atMost, figure, fmt, MB, percentiles, round, type Figure } from './lib/results.js';
import { rng } from './lib/rng.js';
import { DEFAULT_LEAGUE_IDLE_MINUTES } from '../src/config.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const ACTIVE_LEAGUES = 60;
const OPEN_APPS = 10;
const ORDERS_PER_SECOND_PER_LEAGUE = 1;
/** How often each of the other leagues gets an anonymous visitor, on average. */
const VISIT_EVERY_MS = 20_000;
/** The busy part of the evening, after everyone arrived (real per-second rates, shortened). */
const EVENING_MS = Number(process.env.BENCH_EVENING_SECONDS ?? 60) * 1000;
/** The members arrive over this long, orders and visitors already under way. */
const ARRIVAL_MS = Number(process.env.BENCH_EVENING_ARRIVAL_SECONDS ?? 10) * 1000;
/** The first seconds after everyone arrived are not measured (the page loads and their first refetches settle). */
const SETTLE_MS = Math.min(5_000, EVENING_MS / 4);
const SIMULATED_MINUTES = 15;
/**
 * LEAGUE_IDLE_MINUTES: the server's default, shortened as the evening is. A visited league then
 * stays open between its visitors as it would all evening at the real rates (at 0.25 min, less
 * than the 20 s between visits, each visit opened its league again), and the wait after everyone
 * left is the "15 minutes after".
 */
const IDLE_MINUTES = Number(process.env.BENCH_EVENING_IDLE_MINUTES ?? (DEFAULT_LEAGUE_IDLE_MINUTES * (ARRIVAL_MS + EVENING_MS)) / (SIMULATED_MINUTES * 60_000));
/** The evening goes on once every page has loaded, or this long after the last member arrived (the pages still loading count as failed calls). */
const LOAD_GRACE_MS = 30_000;
const DEFAULT_LEAGUE = 1;

const log = (line: string) => process.stderr.write(`  evening: ${line}\n`);
const figures: Figure[] = [];
const notes: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An exponential wait of mean `mean` (arrivals of a Poisson process). */
const exponential = (random: () => number, mean: number) => -Math.log(1 - random()) * mean;

/** The market page (the players table) or the portfolio page, each under the app's header (user box, badges, ticker bar). */
function screenOf(userId: number, onMarket: boolean): ActiveQuery[] {
  const header: ActiveQuery[] = [{ path: 'auth.me' }, { path: 'market.counts' }, { path: 'inbox.unread' }, { path: 'trades.recent', input: { limit: 5 } }];
  const page: ActiveQuery[] = onMarket
    ? [{ path: 'market.players', changesVia: 'market.playersSince' }, { path: 'market.glance' }]
    : [{ path: 'portfolio.get', input: { userId } }, { path: 'portfolio.history', input: { userId } }, { path: 'market.myOrders' }];
  return [...header, ...page];
}

class Clients {
  private readonly child: ChildProcess;
  private waiting: ((m: FromClients) => void) | null = null;

  constructor() {
    this.child = fork(join(here, 'evening-clients.ts'), [], { execArgv: tsxExecArgv(), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: FromClients) => {
      if (m.type === 'error') throw new Error(`evening clients: ${m.message}`);
      this.waiting?.(m);
    });
  }

  ask<T extends FromClients['type']>(m: ToClients, answer: T): Promise<Extract<FromClients, { type: T }>> {
    return new Promise((resolve) => {
      this.waiting = (r) => {
        if (r.type !== answer) return;
        this.waiting = null;
        resolve(r as Extract<FromClients, { type: T }>);
      };
      this.child.send(m);
    });
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
  }
}

interface Sent extends OrderAnswer {
  at: number;
}

/** One anonymous visit, as the web app makes it: the players table and the ticker bar's trades of that league, in one batch. */
function visit(url: string, agent: http.Agent, leagueId: number): Promise<{ status: number }> {
  const input = encodeURIComponent(JSON.stringify({ 1: { limit: 5 } }));
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const send = (retry: boolean) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: Number(port),
          path: `/trpc/market.players,trades.recent?batch=1&input=${input}`,
          agent,
          headers: { 'x-league-id': String(leagueId) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
          res.on('error', () => resolve({ status: 0 }));
        },
      );
      // A kept-alive connection the server closed as it was reused: sent again on a new one, as browsers do.
      req.on('error', (e) => (retry && isStaleConnection(req, e) ? send(false) : resolve({ status: 0 })));
    };
    send(true);
  });
}

async function evening(server: LeaguesServer, leagues: readonly BuiltLeague[]): Promise<void> {
  const active = leagues.slice(0, ACTIVE_LEAGUES);
  const visited = leagues.slice(ACTIVE_LEAGUES);
  // The visited leagues are open to anyone (their commissioners said so); the active ones stay invite-only.
  await inPool(visited, 4, async (l) => {
    await callJson(server.url, 'PATCH', `/api/leagues/${l.id}`, { open: true }, l.members[0]!.token);
  });
  for (let i = 0; i < 3; i++) await callJson(server.url, 'GET', `/api/leagues/${DEFAULT_LEAGUE}/players`);
  const start = await stableMemory(server);
  const openAtStart = await server.leaguesOpen();
  const players = (await callJson<{ id: number; shares_remaining: number }[]>(server.url, 'GET', `/api/leagues/${DEFAULT_LEAGUE}/players`))
    .sort((a, b) => b.shares_remaining - a.shares_remaining)
    .slice(0, 40)
    .map((p) => p.id);

  const specs: ClientSpec[] = active.flatMap((l) =>
    l.members.slice(0, OPEN_APPS).map((m, i) => ({ token: m.token, userId: m.userId, leagueId: l.id, screen: screenOf(m.userId, i % 2 === 0) })),
  );
  const clients = new Clients();
  const agents = active.map(() => new http.Agent({ keepAlive: true, maxSockets: OPEN_APPS }));
  const traders = active.map((l, i) => new LeagueTraders(server.url, agents[i]!, l.id, l.members.slice(0, OPEN_APPS), players, rng(1000 + i)));
  const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const sent: Sent[] = [];
  const visits: { at: number; status: number }[] = [];
  const started = performance.now();
  // Known once everyone arrived (their page loads may take longer than the arrivals' spread).
  let end = Infinity;
  const pending: Promise<unknown>[] = [];

  // Orders: each active league's members, 1 a second on average at random moments (a Poisson process), from the first arrivals on.
  const trade = async (t: LeagueTraders, random: () => number) => {
    for (
      let due = started + exponential(random, 1000 / ORDERS_PER_SECOND_PER_LEAGUE);
      due < end;
      due += exponential(random, 1000 / ORDERS_PER_SECOND_PER_LEAGUE)
    ) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const p = t.next().then((a) => sent.push({ ...a, at: due }));
      pending.push(p);
      await p;
    }
  };
  const browse = async (leagueId: number, random: () => number) => {
    for (let due = started + exponential(random, VISIT_EVERY_MS); due < end; due += exponential(random, VISIT_EVERY_MS)) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      visits.push({ at: due, ...(await visit(server.url, visitorAgent, leagueId)) });
    }
  };

  log(`${specs.length} members arrive over ${ARRIVAL_MS / 1000} s, then ${EVENING_MS / 1000} s of evening …`);
  const load = Promise.all([...traders.map((t, i) => trade(t, rng(2000 + i))), ...visited.map((l, i) => browse(l.id, rng(3000 + i)))]);
  const rssSamples: number[] = [];
  const sampler = setInterval(() => rssSamples.push(server.rss()), 500);
  await server.loopDelay();
  const arrived = await clients.ask({ type: 'arrive', url: server.url, clients: specs, overMs: ARRIVAL_MS, graceMs: LOAD_GRACE_MS }, 'arrived');
  const arrivedAt = performance.now();
  const arrivalLoop = await server.loopDelay();
  end = arrivedAt + EVENING_MS;
  await sleep(SETTLE_MS);
  const cpu0 = await server.cpuMs();
  const before = (await clients.ask({ type: 'snapshot' }, 'snapshot')).counts;
  const loadCpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const openDuring = await server.leaguesOpen();
  await sleep(Math.max(0, end - performance.now()));
  const cpu1 = await server.cpuMs();
  const eveningLoop = await server.loopDelay();
  const wallMs = performance.now() - wall0;
  const loadCpu = process.cpuUsage(loadCpu0);
  const after = (await clients.ask({ type: 'snapshot' }, 'snapshot')).counts;
  await load;
  await Promise.all(pending);
  clearInterval(sampler);
  const peakRss = server.peakRss();
  const left = await clients.ask({ type: 'leave' }, 'left');
  clients.stop();
  for (const a of [...agents, visitorAgent]) a.destroy();

  log(`everyone left; ${round(IDLE_MINUTES)} min (LEAGUE_IDLE_MINUTES) for the leagues to idle out …`);
  const openWhenLeft = await server.leaguesOpen();
  await sleep(IDLE_MINUTES * 60_000 * 1.5 + 2_000);
  const idle = await stableMemory(server);
  const openAfter = await server.leaguesOpen();

  report({
    start,
    idle,
    peakRss,
    rssSamples,
    cpuPct: ((cpu1 - cpu0) / wallMs) * 100,
    loadCpuPct: ((loadCpu.user + loadCpu.system) / 1000 / wallMs) * 100,
    wallMs,
    windowFrom: wall0,
    windowTo: wall0 + wallMs,
    sent,
    visits,
    lags: left.lags,
    clientCpuMs: left.cpuMs,
    counts: { arrived: arrived.counts, before, after, final: left.counts },
    open: { start: openAtStart, during: openDuring, left: openWhenLeft, after: openAfter },
    started,
    arrivalMs: arrivedAt - started,
    loadMs: arrived.loadMs,
    loop: { arrival: arrivalLoop, evening: eveningLoop },
  });
}

interface Outcome {
  start: ServerMemory;
  idle: ServerMemory;
  peakRss: number;
  rssSamples: number[];
  cpuPct: number;
  loadCpuPct: number;
  wallMs: number;
  windowFrom: number;
  windowTo: number;
  sent: Sent[];
  visits: { at: number; status: number }[];
  lags: [number, number][];
  clientCpuMs: number;
  counts: { arrived: ClientCounts; before: ClientCounts; after: ClientCounts; final: ClientCounts };
  open: { start: number; during: number; left: number; after: number };
  started: number;
  /** From the first arrival to the last page loaded. */
  arrivalMs: number;
  /** Each page's load, ms. */
  loadMs: number[];
  /** How late the server's event loop ran while they arrived and in the measured window, ms. */
  loop: Record<'arrival' | 'evening', { p99: number; max: number }>;
}

function report(o: Outcome): void {
  const inWindow = (at: number) => at >= o.windowFrom && at < o.windowTo;
  const accepted = o.sent.filter((s) => s.status === 200);
  const refused = o.sent.filter((s) => s.status >= 400 && s.status < 500);
  const failedOrders = o.sent.filter((s) => s.status === 0 || s.status >= 500);
  const windowed = accepted.filter((s) => inWindow(s.at));
  const [p50, p99] = percentiles(
    windowed.map((s) => s.ms),
    [0.5, 0.99],
  ) as [number, number];
  // The lags' clock is the epoch: the window in epoch time.
  const epochOffset = Date.now() - performance.now();
  const lagsIn = o.lags.filter(([at]) => inWindow(at - epochOffset)).map(([, lag]) => lag);
  const [lag50, lag99] = percentiles(lagsIn, [0.5, 0.99]) as [number, number];
  const failedVisits = o.visits.filter((v) => v.status !== 200).length;
  const c = o.counts;
  const unloaded = c.arrived.clients - o.loadMs.length;
  const failed = failedOrders.length + failedVisits + c.final.failedRequests + c.final.socketErrors + unloaded;
  const perSecond = (n: number) => (n / o.wallMs) * 1000;
  const kinds = (list: Sent[]) => ORDER_KINDS.map((k: OrderKind) => `${k} ${list.filter((s) => s.kind === k).length}`).join(', ');
  const rssRatio = (o.idle.rss / o.start.rss) * 100;
  const mb = (bytes: number) => round(bytes / MB);

  figures.push(
    figure(
      `evening: ${ACTIVE_LEAGUES} active leagues × ${OPEN_APPS} apps open + ${100 - ACTIVE_LEAGUES} visited: server CPU (of one core)`,
      o.cpuPct,
      '%',
      atMost(50),
    ),
    figure('evening: orders sent (accepted)', perSecond(windowed.length), 'orders/s'),
    figure('evening: order p50 (accepted, send → answer)', p50, 'ms'),
    figure('evening: order p99', p99, 'ms', atMost(50)),
    figure("evening: live-event lag p50 (trade → a member's client, by the ticker)", lag50, 'ms'),
    figure('evening: live-event lag p99', lag99, 'ms', atMost(500)),
    figure('evening: refused orders (4xx: an offer taken or cancelled meanwhile; nothing written)', refused.length, 'orders'),
    figure('evening: failed calls (orders, refetches, visits: 5xx or no answer; sockets lost)', failed, 'calls', atMost(0, '0')),
    figure('evening: server peak RSS', o.peakRss / MB, 'MB', atMost(1024, '≤ 1 GB')),
    figure('evening: server RSS at the start (nothing but the default league open)', o.start.rss / MB, 'MB'),
    figure(`evening: server RSS after everyone left and ${round(IDLE_MINUTES)} min idle (LEAGUE_IDLE_MINUTES)`, o.idle.rss / MB, 'MB'),
    figure('evening: RSS after the leagues idled out ÷ at the start', rssRatio, '%', atMost(120)),
  );
  const rssMax = Math.max(...o.rssSamples.filter(Number.isFinite));
  const clientRequests = perSecond(c.after.requests - c.before.requests);
  const clientMb = perSecond(c.after.bytes - c.before.bytes) / MB;
  const clientMessages = perSecond(c.after.messages - c.before.messages);
  const queries = c.final.queries.map(([path, n]) => `${path} ${fmt(n)}`).join(', ');
  notes.push(
    `evening: ${SIMULATED_MINUTES} simulated minutes at their real per-second rates, shortened ${round((SIMULATED_MINUTES * 60_000) / (ARRIVAL_MS + EVENING_MS))}× (${ARRIVAL_MS / 1000 + EVENING_MS / 1000} s): ` +
      `${ARRIVAL_MS / 1000} s of arrivals (${c.arrived.clients} members open the app, each its page's queries in one batch and the two subscriptions; the evening went on after ${round(o.arrivalMs / 1000)} s with ${unloaded} pages still loading; a page's load p50 ${round(percentiles(o.loadMs, [0.5])[0]!)} ms, p99 ${round(percentiles(o.loadMs, [0.99])[0]!)} ms), ` +
      `${EVENING_MS / 1000} s of evening (measured: ${round(o.wallMs / 1000)} s from ${SETTLE_MS / 1000} s after the last arrival), everyone leaving at once, ` +
      `then ${round(IDLE_MINUTES)} min of LEAGUE_IDLE_MINUTES (and the hub's sweep) for the ${SIMULATED_MINUTES} minutes after. ` +
      `Orders: a Poisson process of ${ORDERS_PER_SECOND_PER_LEAGUE}/s in each active league, a random member of the ${OPEN_APPS} with the app open, ` +
      `mix ${ORDER_KINDS.map((k) => `${k} ${ORDER_MIX[k] * 100}%`).join(', ')} (a kind with nothing to act on becomes a buy); sent: ${kinds(o.sent)}; ` +
      `refused ${refused.length} (${kinds(refused)}); failed ${failedOrders.length}${failedOrders[0]?.error ? ` (first: ${failedOrders[0].error})` : ''}.`,
    `evening: the ${c.arrived.clients} clients in the window: ${fmt(round(clientRequests))} refetch requests/s, ${round(clientMb)} MB/s received, ${fmt(round(clientMessages))} live messages/s; ` +
      `their requests by query over the whole evening: ${queries}; failed requests ${c.final.failedRequests}, sockets lost ${c.final.socketErrors}${c.final.problems.length ? ` (first: ${c.final.problems.join('; ')})` : ''}; ` +
      `${lagsIn.length} trade arrivals timed in the window. Visits: ${o.visits.length} anonymous (market.players + trades.recent in one batch), ${failedVisits} failed. ` +
      `Leagues open: ${o.open.start} at the start, ${o.open.during} in the evening, ${o.open.left} when everyone had left, ${o.open.after} after the idle time.`,
    `evening: the server's event loop ran late by up to ${round(o.loop.arrival.max)} ms (p99 ${round(o.loop.arrival.p99)} ms) while the members arrived, ` +
      `${round(o.loop.evening.max)} ms (p99 ${round(o.loop.evening.p99)} ms) in the window (10 ms resolution); CPU in the window: server ${round(o.cpuPct)}%, orders and visitors ${round(o.loadCpuPct)}% (this process), the clients' process ${round((o.clientCpuMs / (performance.now() - o.started)) * 100)}% on average over the evening; ` +
      `server RSS sampled every 0.5 s up to ${mb(rssMax)} MB; settled (after four full GCs): start ${mb(o.start.rss)} MB (heapUsed ${mb(o.start.heapUsed)}, heapTotal ${mb(o.start.heapTotal)}, external ${mb(o.start.external)}), ` +
      `after idle ${mb(o.idle.rss)} MB (heapUsed ${mb(o.idle.heapUsed)}, heapTotal ${mb(o.idle.heapTotal)}, external ${mb(o.idle.external)}); ` +
      `what the V8 heap and external memory do not hold is native (SQLite's connections and caches, the allocator's free lists).`,
  );
}

const work = makeDataDir('evening-');
let server: LeaguesServer | null = null;
try {
  const build = builtServer(log);
  const folder = await cachedLeaguesFolder(build, log);
  cpSync(folder.dir, work, { recursive: true });
  server = await startLeaguesServer(build, work, { LEAGUE_IDLE_MINUTES: String(IDLE_MINUTES) });
  await evening(server, folder.manifest.leagues);
} catch (error) {
  figures.push({ figure: 'evening: scenario failed', target: '-', measured: error instanceof Error ? error.message : String(error), unit: '-', pass: false });
} finally {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
sendReport({ figures, notes });
