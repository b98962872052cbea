/**
 * The load generator: a separate process, forked by bench/scenario-server.ts (which runs the
 * server). It receives the server's address and the users' tokens, then runs the phases it is
 * told to, one at a time, and answers each with its figures. It only talks to 127.0.0.1.
 */
import http from 'node:http';
import type { FromLoad, LoadInit, PhaseResult, PhaseSpec, ToLoad } from './lib/protocol.js';
import { percentiles } from './lib/results.js';
import { httpTrader, request, SimUser, Subscribers, wsTrader, type Answer, type Trader } from './lib/traders.js';

let init: LoadInit | undefined;
let simUsers: SimUser[] = [];

const send = (m: FromLoad) => process.send!(m);
const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Tally {
  readonly latencies: number[] = [];
  completed = 0;
  refused = 0;
  errors = 0;
  inWindow = 0;
  /** Why calls were refused or failed, with counts (numbers masked so alike messages group). */
  readonly reasons = new Map<string, number>();

  add({ outcome, message }: Answer, latency: number, counted: boolean): void {
    this.completed++;
    if (outcome === 'refused') this.refused++;
    if (outcome === 'error') this.errors++;
    if (message) {
      const key = `${outcome} ${message.replace(/\d+/g, 'N').slice(0, 160)}`;
      this.reasons.set(key, (this.reasons.get(key) ?? 0) + 1);
    }
    // Failed calls (not refusals) are no orders handled: they count in neither rate nor latency.
    if (!counted || outcome === 'error') return;
    this.inWindow++;
    this.latencies.push(latency);
  }
}

function result(t: Tally, windowMs: number, started: { cpu: NodeJS.CpuUsage; wall: number }, extra: Partial<PhaseResult> = {}): PhaseResult {
  const [p50, p99, max] = percentiles(t.latencies, [0.5, 0.99, 1]) as [number, number, number];
  const cpu = process.cpuUsage(started.cpu);
  return {
    perSecond: t.inWindow / (windowMs / 1000), p50, p99, max,
    completed: t.completed, refused: t.refused, errors: t.errors,
    reasons: [...t.reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, n]) => `${n}× ${k}`),
    shed: 0, unanswered: 0, delivered: 0, skipped: 0, messages: 0, lagP50: NaN, lagP99: NaN, subscribers: 0, bodyBytes: 0,
    cpuMs: (cpu.user + cpu.system) / 1000, wallMs: now() - started.wall,
    ...extra,
  };
}

function subscriberFigures(subs: Subscribers | null): Partial<PhaseResult> {
  if (!subs) return {};
  const [lagP50, lagP99] = percentiles(subs.lags, [0.5, 0.99]) as [number, number];
  return { delivered: subs.delivered, skipped: subs.skipped, messages: subs.messages, lagP50, lagP99, subscribers: subs.count };
}

/** Each trader sends one order at a time; the window counts the answers that arrive in it. */
async function closedLoop(traders: Trader[], warmupMs: number, durationMs: number): Promise<Tally> {
  const t = new Tally();
  const windowStart = now() + warmupMs;
  const end = windowStart + durationMs;
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

async function runPhase(spec: PhaseSpec): Promise<PhaseResult> {
  const cfg = init!;
  const started = { cpu: process.cpuUsage(), wall: now() };
  const users = simUsers;
  switch (spec.kind) {
    case 'ws-closed': {
      const subs = spec.subscribers > 0 ? await Subscribers.connect(cfg.url, spec.subscribers) : null;
      const traders = users.slice(0, spec.clients).map((u) => wsTrader(cfg.url, u));
      const t = await closedLoop(traders, spec.warmupMs, spec.durationMs);
      await Promise.all(traders.map((tr) => tr.close()));
      await subs?.drain(1_000, 30_000);
      subs?.close();
      return result(t, spec.durationMs, started, subscriberFigures(subs));
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
      const agent = new http.Agent({ keepAlive: true, maxSockets: spec.clients });
      const traders = users.slice(0, spec.clients).map((u) => httpTrader(cfg.url, agent, u));
      const t = await closedLoop(traders, spec.warmupMs, spec.durationMs);
      agent.destroy();
      return result(t, spec.durationMs, started);
    }
    case 'ws-open': {
      const subs = spec.subscribers > 0 ? await Subscribers.connect(cfg.url, spec.subscribers) : null;
      const traders = users.slice(0, spec.clients).map((u) => wsTrader(cfg.url, u));
      // Let the connections open before the clock starts.
      await Promise.all(traders.map((tr) => tr.send()));
      const t = new Tally();
      const total = Math.round((spec.rate * spec.durationMs) / 1000);
      const start = now();
      const windowEnd = start + spec.durationMs;
      let k = 0;
      let inFlight = 0;
      let shed = 0;
      await new Promise<void>((resolve) => {
        const tick = () => {
          const due = Math.min(total, Math.floor(((now() - start) * spec.rate) / 1000));
          while (k < due) {
            // Latency counts from when the order was due, so a late send is not hidden.
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
              t.add(outcome, b - intended, true);
              if (b > windowEnd && outcome.outcome !== 'error') t.inWindow--;
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
      await Promise.all(traders.map((tr) => tr.close()));
      await subs?.drain(1_000, spec.drainMs);
      subs?.close();
      return result(t, spec.durationMs, started, { shed, unanswered, ...subscriberFigures(subs) });
    }
    case 'reads': {
      const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
      const t = new Tally();
      const windowStart = now() + spec.warmupMs;
      const end = windowStart + spec.durationMs;
      let bodyBytes = 0;
      await Promise.all(
        Array.from({ length: spec.connections }, async () => {
          while (now() < end) {
            const a = now();
            let outcome: Answer = { outcome: 'ok' };
            try {
              const res = await request(agent, cfg.url, 'GET', spec.path);
              bodyBytes = res.body.length;
              if (res.status !== 200) outcome = { outcome: 'error', message: `GET ${spec.path}: ${res.status}` };
            } catch (error) {
              outcome = { outcome: 'error', message: `GET ${spec.path}: ${error instanceof Error ? error.message : String(error)}` };
            }
            const b = now();
            t.add(outcome, b - a, b >= windowStart && b <= end);
          }
        }),
      );
      agent.destroy();
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
      (e: unknown) => send({ type: 'error', message: e instanceof Error ? e.stack ?? e.message : String(e) }),
    );
  } else {
    process.disconnect();
    process.exit(0);
  }
});
