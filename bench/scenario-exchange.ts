/**
 * Scenario 2, the exchange with SQLite, no network: the mix through `exchange.submit` (plan, write
 * in a transaction on a real database file in WAL mode with synchronous=FULL, in bench/data/ (see
 * lib/data-dir.ts), apply, publish), first from one submitter that waits for each answer, then from many at once (as a server's many
 * clients: the exchange may commit what arrives together in one transaction). Also the disk's own
 * limit: one-row commits per second. Run by bench/run.ts in its own process.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../src/db/client.js';
import type { ExchangeCommand } from '../src/engine/commands.js';
import { EventBus } from '../src/engine/events.js';
import { createExchange } from '../src/engine/exchange.js';
import { seedRosterIfEmpty } from '../src/engine/roster.js';
import { rosterDir, migrationsDir } from '../src/paths.js';
import { sendReport, type ScenarioReport } from './lib/child.js';
import { makeDataDir } from './lib/data-dir.js';
import { setupMarket } from './lib/market.js';
import { nextIntent, OpenOrders } from './lib/mix.js';
import { figure, fmt, MB, peakRssMb, percentiles, round, type Figure } from './lib/results.js';
import { between, rng } from './lib/rng.js';

const USERS = 2_000;
const N_SEQUENTIAL = Number(process.env.BENCH_EXCHANGE_SEQUENTIAL ?? 5_000);
const N_CONCURRENT = Number(process.env.BENCH_EXCHANGE_COMMANDS ?? 20_000);
const CONCURRENCY = 32;
/** Each part stops after this long even if fewer commands ran (a slow disk). */
const MAX_MS = 20_000;

let report: ScenarioReport;
const dir = makeDataDir('exchange-');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
try {
  const db = openDb({ file: join(dir, 'bench.db'), migrationsFolder: migrationsDir });
  seedRosterIfEmpty(db, rosterDir, Date.now());
  const bus = new EventBus();
  let trades = 0;
  /** Events published: all, and the "changed, fetch again" notices a signed-in follower also gets. */
  const published = { all: 0, notices: 0 };
  bus.subscribe((e) => {
    published.all++;
    if (e.type === 'tradeCompleted') trades++;
    if (e.type === 'marketUpdated' || e.type === 'asksUpdated' || e.type === 'offersUpdated' || e.type === 'portfolioUpdated') published.notices++;
  });
  const exchange = createExchange({ db, bus, now: Date.now });
  const setupStart = performance.now();
  const market = await setupMarket(db, exchange, USERS, 'bx');
  const setupMs = performance.now() - setupStart;
  const book = exchange.book(market.ref)!;

  const r = rng(11);
  const open = new OpenOrders();
  /** The next command of the mix; cancels pick an order that is still open. */
  function next(): ExchangeCommand {
    for (;;) {
      const intent = nextIntent(r);
      if (intent.kind === 'cancel') {
        let target = open.take(r);
        while (target && !(target.side === 'ask' ? book.getAsk(target.id) : book.getOffer(target.id))) target = open.take(r);
        if (!target) continue;
        return target.side === 'ask'
          ? { type: 'cancelAsk', userId: target.userId, askId: target.id }
          : { type: 'cancelOffer', userId: target.userId, offerId: target.id };
      }
      const userId = market.users[between(r, 0, market.users.length - 1)]!;
      return { type: intent.kind === 'buy' ? 'buy' : 'listOffer', userId, instrument: market.ref, shares: intent.shares, priceCents: intent.priceCents };
    }
  }

  let peakHeap = 0;
  /** `concurrency` submitters, each waiting for its answer before the next command; `total` commands at most. */
  async function drive(concurrency: number, total: number) {
    const latencies: number[] = [];
    let issued = 0;
    let refused = 0;
    const tradesBefore = trades;
    const before = { ...published, commits: exchange.commitStats() };
    const start = performance.now();
    const deadline = start + MAX_MS;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < total && performance.now() < deadline) {
          issued++;
          const command = next();
          const a = process.hrtime.bigint();
          const result = await exchange.submit(command);
          latencies.push(Number(process.hrtime.bigint() - a) / 1e6);
          if ((latencies.length & 1023) === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
          if (!result.ok) {
            refused++;
            continue;
          }
          const { ask, offer } = result.outcome;
          if (ask) open.add('ask', ask.id, command.userId);
          if (offer) open.add('offer', offer.id, command.userId);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const [p50, p99] = percentiles(latencies, [0.5, 0.99]) as [number, number];
    const commits = exchange.commitStats();
    return {
      done: latencies.length,
      seconds,
      p50,
      p99,
      refused,
      trades: trades - tradesBefore,
      eventsPerCommand: (published.all - before.all) / latencies.length,
      noticesPerCommand: (published.notices - before.notices) / latencies.length,
      perCommit: (commits.commands - before.commits.commands) / Math.max(1, commits.batches - before.commits.batches),
    };
  }

  await drive(1, 1_000); // warm-up, not counted
  const seq = await drive(1, N_SEQUENTIAL);
  const conc = await drive(CONCURRENCY, N_CONCURRENT);

  // The disk's limit: a one-row transaction per commit, same file, same pragmas.
  const raw = db.$client;
  raw.exec('CREATE TABLE IF NOT EXISTS bench_commit (n INTEGER)');
  const insert = raw.prepare('INSERT INTO bench_commit (n) VALUES (?)');
  const one = raw.transaction((n: number) => insert.run(n));
  const commitStart = performance.now();
  let commits = 0;
  while (performance.now() - commitStart < 2_000) one(commits++);
  const commitsPerSec = commits / ((performance.now() - commitStart) / 1000);
  raw.close();

  const part = (label: string, d: Awaited<ReturnType<typeof drive>>): Figure[] => [
    figure(`exchange+SQLite, ${label}: orders/s`, d.done / d.seconds, 'orders/s'),
    figure(`exchange+SQLite, ${label}: p50`, d.p50, 'ms'),
    figure(`exchange+SQLite, ${label}: p99`, d.p99, 'ms'),
    figure(`exchange+SQLite, ${label}: trades/s`, d.trades / d.seconds, 'trades/s'),
    figure(`exchange+SQLite, ${label}: commands per group commit`, d.perCommit, 'commands'),
    figure(
      `exchange+SQLite, ${label}: events published per command (of which notices)`,
      `${round(d.eventsPerCommand)} (${round(d.noticesPerCommand)})`,
      'events',
    ),
  ];
  const described = (label: string, d: Awaited<ReturnType<typeof drive>>) =>
    `${label}: ${fmt(d.done)} commands in ${d.seconds.toFixed(1)} s, ${fmt(d.trades)} trades, ${fmt(d.refused)} refused`;
  report = {
    figures: [
      ...part('1 submitter', seq),
      ...part(`${CONCURRENCY} submitters`, conc),
      figure('exchange+SQLite: peak heapUsed', peakHeap / MB, 'MB'),
      figure('exchange+SQLite: peak RSS of the process', peakRssMb(), 'MB'),
      figure('SQLite alone: 1-row commits/s (WAL, synchronous=FULL)', commitsPerSec, 'commits/s'),
    ],
    notes: [
      `exchange+SQLite: ${fmt(USERS)} users, market set up in ${(setupMs / 1000).toFixed(1)} s; 1,000 warm-up commands not counted; ` +
        `${described('1 submitter', seq)}; ${described(`${CONCURRENCY} submitters`, conc)}; each part stops after ${MAX_MS / 1000} s.`,
    ],
  };
} finally {
  rmSync(dir, { recursive: true, force: true });
}
sendReport(report);
