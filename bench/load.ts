/**
 * The load generator: a separate process, forked by bench/scenario-server.ts (which runs the
 * server). It receives the server's address and the users' tokens, then runs the phases it is
 * told to, one at a time, and answers each with its figures. It only talks to 127.0.0.1.
 */
import { Followers, type FollowerCounts } from './lib/followers.js';
import { HttpConnection } from './lib/http-caller.js';
import type { FromLoad, LoadInit, PhaseResult, PhaseSpec, ToLoad } from './lib/protocol.js';
import { percentiles } from './lib/results.js';
import { httpTrader, SimUser, wsTrader, type Answer, type Trader } from './lib/traders.js';

let init: LoadInit | undefined;
let simUsers: SimUser[] = [];

const send = (m: FromLoad) => process.send!(m);
const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Answers of a phase. Accepted and refused calls are kept apart: a refusal (e.g. cancelling an order
 * that was filled meanwhile) is answered without writing anything, so counting it as an order
 * handled would flatter the rate. Failed calls count in neither; the scenario reports them.
 */
class Tally {
  readonly latencies: number[] = [];
  readonly refusedLatencies: number[] = [];
  accepted = 0;
  refused = 0;
  errors = 0;
  acceptedInWindow = 0;
  refusedInWindow = 0;
  /** Why calls were refused or failed, with counts (numbers masked so alike messages group). */
  readonly reasons = new Map<string, number>();

  add({ outcome, message }: Answer, latency: number, inWindow: boolean): void {
    if (outcome === 'ok') this.accepted++;
    else if (outcome === 'refused') this.refused++;
    else this.errors++;
    if (message) {
      const key = `${outcome} ${message.replace(/\d+/g, 'N').slice(0, 160)}`;
      this.reasons.set(key, (this.reasons.get(key) ?? 0) + 1);
    }
    if (!inWindow) return;
    if (outcome === 'ok') {
      this.acceptedInWindow++;
      this.latencies.push(latency);
    } else if (outcome === 'refused') {
      this.refusedInWindow++;
      this.refusedLatencies.push(latency);
    }
  }
}

function result(t: Tally, windowMs: number, started: { cpu: NodeJS.CpuUsage; wall: number }, extra: Partial<PhaseResult> = {}): PhaseResult {
  const [p50, p99, max] = percentiles(t.latencies, [0.5, 0.99, 1]) as [number, number, number];
  const [refusedP50] = percentiles(t.refusedLatencies, [0.5]) as [number];
  const cpu = process.cpuUsage(started.cpu);
  return {
    perSecond: t.acceptedInWindow / (windowMs / 1000),
    refusedPerSecond: t.refusedInWindow / (windowMs / 1000),
    p50,
    p99,
    max,
    refusedP50,
    accepted: t.accepted,
    refused: t.refused,
    errors: t.errors,
    reasons: [...t.reasons.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, n]) => `${n}× ${k}`),
    shed: 0,
    unanswered: 0,
    delivered: 0,
    skipped: 0,
    messages: 0,
    windowMessages: 0,
    lagP50: NaN,
    lagP99: NaN,
    subscribers: 0,
    followersCpuMs: 0,
    bodyBytes: 0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: now() - started.wall,
    ...extra,
  };
}

/**
 * The measured window, told to the server (which samples its CPU time) and to the followers (their
 * counts then): `start` when it opens, `end` when it closes.
 */
class Window {
  private first: Promise<FollowerCounts | null> = Promise.resolve(null);
  private last: Promise<FollowerCounts | null> = Promise.resolve(null);

  constructor(private readonly followers: Followers | null) {}

  start(): void {
    send({ type: 'mark', at: 'start' });
    this.first = this.followers?.snapshot() ?? this.first;
  }

  end(): void {
    send({ type: 'mark', at: 'end' });
    this.last = this.followers?.snapshot() ?? this.last;
  }

  /** Messages the followers received inside the window. */
  async messages(): Promise<number> {
    const [a, b] = await Promise.all([this.first, this.last]);
    return a && b ? b.messages - a.messages : 0;
  }
}

async function followerFigures(followers: Followers | null, window: Window, drainMs: number): Promise<Partial<PhaseResult>> {
  if (!followers) return {};
  const windowMessages = await window.messages();
  const done = await followers.finish(1_000, drainMs);
  const [lagP50, lagP99] = percentiles(done.lags, [0.5, 0.99]) as [number, number];
  return {
    delivered: done.delivered,
    skipped: done.skipped,
    messages: done.messages,
    windowMessages,
    lagP50,
    lagP99,
    subscribers: done.count,
    followersCpuMs: done.cpuMs,
  };
}

/** Each trader sends one order at a time; the window counts the answers that arrive in it. */
async function closedLoop(traders: Trader[], warmupMs: number, durationMs: number, window = new Window(null)): Promise<Tally> {
  const t = new Tally();
  const windowStart = now() + warmupMs;
  const end = windowStart + durationMs;
  setTimeout(() => window.start(), warmupMs);
  setTimeout(() => window.end(), warmupMs + durationMs);
  await Promise.all(
    traders.map(async (trader) => {
      while (now() < end) {
        const a = now();
        const outcome = await trader.send();
        const b = now();
        t.add(outcome, b - a, b >= windowStart && b <= end);
      }
    }),
  );
  return t;
}

/**
 * Orders due at a fixed rate, whatever the answers do. Latency counts from when each order was due
 * (a late send is not hidden). At most `maxInFlight` wait unanswered; an order due beyond that is
 * shed, so a slow server cannot stall the run, and it counts as never answered.
 */
async function openLoop(
  traders: Trader[],
  spec: Extract<PhaseSpec, { kind: 'ws-open' }>,
  window: Window,
): Promise<{ t: Tally; shed: number; unanswered: number }> {
  // Let the connections open before the clock starts.
  await Promise.all(traders.map((tr) => tr.send()));
  const t = new Tally();
  const total = Math.round((spec.rate * spec.durationMs) / 1000);
  const start = now();
  window.start();
  setTimeout(() => window.end(), spec.durationMs);
  const windowEnd = start + spec.durationMs;
  let k = 0;
  let inFlight = 0;
  let shed = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((now() - start) * spec.rate) / 1000));
      while (k < due) {
        const intended = start + (k * 1000) / spec.rate;
        const trader = traders[k % traders.length]!;
        k++;
        if (inFlight >= spec.maxInFlight) {
          shed++;
          continue;
        }
        inFlight++;
        void trader.send().then((outcome) => {
          inFlight--;
          const b = now();
          // Every order was due inside the window: its latency counts however late it came; the
          // rate counts the answers that came inside it.
          t.add(outcome, b - intended, true);
          if (b > windowEnd && outcome.outcome === 'ok') t.acceptedInWindow--;
          if (b > windowEnd && outcome.outcome === 'refused') t.refusedInWindow--;
        });
      }
      if (k < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const drainEnd = now() + spec.drainMs;
  while (inFlight > 0 && now() < drainEnd) await sleep(20);
  const unanswered = inFlight;
  for (let i = 0; i < shed + unanswered; i++) t.latencies.push(Infinity);
  return { t, shed, unanswered };
}

/** GETs of `path` from `connections` keep-alive connections; in 'after-write' mode each read follows an order of its connection (not timed). */
async function reads(spec: Extract<PhaseSpec, { kind: 'reads' }>, url: string, users: SimUser[]): Promise<{ t: Tally; bodyBytes: number }> {
  const t = new Tally();
  const windowStart = now() + spec.warmupMs;
  const end = windowStart + spec.durationMs;
  const window = new Window(null);
  setTimeout(() => window.start(), spec.warmupMs);
  setTimeout(() => window.end(), spec.warmupMs + spec.durationMs);
  let bodyBytes = 0;
  await Promise.all(
    Array.from({ length: spec.connections }, async (_, i) => {
      const conn = HttpConnection.to(url);
      const user = users[i % users.length]!;
      const writer = spec.mode === 'after-write' ? httpTrader(conn, user) : null;
      const token = spec.mode === 'signed-in' ? user.token : undefined;
      while (now() < end) {
        if (writer) {
          const written = await writer.send();
          if (written.outcome === 'error') t.add(written, 0, false);
        }
        const a = now();
        let outcome: Answer = { outcome: 'ok' };
        try {
          const res = await conn.request('GET', spec.path, undefined, token);
          bodyBytes = res.body.length;
          if (res.status !== 200) outcome = { outcome: 'error', message: `GET ${spec.path}: ${res.status}` };
        } catch (error) {
          outcome = { outcome: 'error', message: `GET ${spec.path}: ${error instanceof Error ? error.message : String(error)}` };
        }
        const b = now();
        t.add(outcome, b - a, b >= windowStart && b <= end);
      }
      conn.close();
    }),
  );
  return { t, bodyBytes };
}

async function runPhase(spec: PhaseSpec): Promise<PhaseResult> {
  const cfg = init!;
  const started = { cpu: process.cpuUsage(), wall: now() };
  const users = simUsers;
  switch (spec.kind) {
    case 'ws-closed': {
      const followers = spec.subscribers > 0 ? await Followers.start(cfg.url, spec.subscribers) : null;
      const window = new Window(followers);
      const traders = users.slice(0, spec.clients).map((u) => wsTrader(cfg.url, u));
      const t = await closedLoop(traders, spec.warmupMs, spec.durationMs, window);
      await Promise.all(traders.map((tr) => tr.close()));
      return result(t, spec.durationMs, started, await followerFigures(followers, window, 30_000));
    }
    case 'ws-floor': {
      // Users of their own: a floor server answers no order, so the real users' tracked orders stay as they are.
      const floorUsers = cfg.clients.slice(0, spec.clients).map((c, i) => new SimUser(c.userId, c.token, cfg.playerId, cfg.maxOpenOrders, 9_000 + i));
      const traders = floorUsers.map((u) => wsTrader(spec.url, u));
      const t = await closedLoop(traders, spec.warmupMs, spec.durationMs);
      await Promise.all(traders.map((tr) => tr.close()));
      return result(t, spec.durationMs, started);
    }
    case 'http-closed': {
      const traders = users.slice(0, spec.clients).map((u) => httpTrader(HttpConnection.to(cfg.url), u));
      const t = await closedLoop(traders, spec.warmupMs, spec.durationMs);
      await Promise.all(traders.map((tr) => tr.close()));
      return result(t, spec.durationMs, started);
    }
    case 'ws-open': {
      const followers = spec.subscribers > 0 ? await Followers.start(cfg.url, spec.subscribers) : null;
      const window = new Window(followers);
      const traders = users.slice(0, spec.clients).map((u) => wsTrader(cfg.url, u));
      const { t, shed, unanswered } = await openLoop(traders, spec, window);
      await Promise.all(traders.map((tr) => tr.close()));
      return result(t, spec.durationMs, started, { shed, unanswered, ...(await followerFigures(followers, window, spec.drainMs)) });
    }
    case 'follow': {
      const followers = await Followers.start(spec.url, spec.subscribers);
      const window = new Window(followers);
      await sleep(spec.warmupMs);
      window.start();
      await sleep(spec.durationMs);
      window.end();
      return result(new Tally(), spec.durationMs, started, await followerFigures(followers, window, 10_000));
    }
    case 'reads': {
      const { t, bodyBytes } = await reads(spec, cfg.url, users);
      return result(t, spec.durationMs, started, { bodyBytes });
    }
  }
}

// If the server's process goes away, so does its load generator.
process.on('disconnect', () => process.exit(0));

process.on('message', (m: ToLoad) => {
  if (m.type === 'init') {
    init = m;
    simUsers = m.clients.map((c, i) => new SimUser(c.userId, c.token, m.playerId, m.maxOpenOrders, 1_000 + i));
    send({ type: 'ready' });
  } else if (m.type === 'phase') {
    runPhase(m.spec).then(
      (r) => send({ type: 'result', result: r }),
      (e: unknown) => send({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
  } else {
    process.disconnect();
    process.exit(0);
  }
});
