import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CommandType, ExchangeObserver } from '../../engine/observer.js';
import { sendJson } from '../json-response.js';
import type { TickerObserver } from '../live/ticker.js';
import type { TickerFeedObserver } from '../live/ticker-feed.js';
import { bearerMatcher } from './bearer.js';
import { createRouteLabeler, methodLabel, pathOf } from './routes.js';
import type { LiveStream, Metrics, MetricsOptions } from './types.js';

export type { LiveStream, Metrics, MetricsOptions } from './types.js';

const COMMAND_TYPES = Object.keys({
  buy: 1,
  listOffer: 1,
  setMinSellPrice: 1,
  acceptAsk: 1,
  acceptOffer: 1,
  cancelAsk: 1,
  cancelOffer: 1,
  declineAsk: 1,
  dump: 1,
} satisfies Record<CommandType, 1>);

/** From a planned command (about a microsecond) to a slow disk's fsync. */
const PHASE_BUCKETS = [0.000001, 0.00001, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const COMMAND_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

const fileSize = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

type Registers = Registry[];

/** A gauge read at each scrape. */
const gaugeOf = (registers: Registers, name: string, help: string, read: () => number): void => {
  new Gauge({
    name,
    help,
    registers,
    collect() {
      this.set(read());
    },
  });
};

/** The exchanges' commands: carried out, refused, failed, and how long each phase took. */
function exchangeMetrics(registers: Registers): ExchangeObserver & { rateLimited(): void } {
  const accepted = new Counter({
    name: 'hoops_orders_accepted_total',
    help: 'Trading commands the exchange carried out, by command',
    labelNames: ['command'],
    registers,
  });
  const refused = new Counter({
    name: 'hoops_orders_refused_total',
    help: 'Trading commands the exchange refused, by command and reason',
    labelNames: ['command', 'reason'],
    registers,
  });
  const failed = new Counter({
    name: 'hoops_orders_failed_total',
    help: 'Trading commands that failed on an unexpected error (such as a full disk), by command',
    labelNames: ['command'],
    registers,
  });
  const rateLimited = new Counter({
    name: 'hoops_orders_rate_limited_total',
    help: 'Trading calls refused by the per-user rate limit before reaching the exchange',
    registers,
  });
  for (const command of COMMAND_TYPES) accepted.inc({ command }, 0);
  const commandSeconds = new Histogram({
    name: 'hoops_command_duration_seconds',
    help: 'From a trading command submitted to its answer: queueing, group commit and fsync',
    buckets: COMMAND_BUCKETS,
    registers,
  });
  const phases = new Histogram({
    name: 'hoops_command_phase_seconds',
    help: 'plan: one command matched on its book; commit: one group commit transaction; fsync: one fsync of the log',
    labelNames: ['phase'],
    buckets: PHASE_BUCKETS,
    registers,
  });
  const [plan, commit, fsync] = [phases.labels('plan'), phases.labels('commit'), phases.labels('fsync')];
  const groupCommit = new Histogram({
    name: 'hoops_group_commit_commands',
    help: 'Commands committed together in one transaction',
    buckets: BATCH_BUCKETS,
    registers,
  });
  return {
    accepted(command, seconds) {
      accepted.inc({ command });
      commandSeconds.observe(seconds);
    },
    refused(command, reason, seconds) {
      refused.inc({ command, reason });
      commandSeconds.observe(seconds);
    },
    failed: (command) => failed.inc({ command }),
    planned: (seconds) => plan.observe(seconds),
    committed(commands, seconds) {
      commit.observe(seconds);
      groupCommit.observe(commands);
    },
    synced: (seconds) => fsync.observe(seconds),
    rateLimited: () => rateLimited.inc(),
  };
}

/** The live feeds: followers of each stream, and what the ticker sent, skipped and cut off. */
function liveMetrics(registers: Registers): { ticker: TickerObserver; tickerFeed: TickerFeedObserver; followed(stream: LiveStream): () => void } {
  const subscriptions = new Gauge({
    name: 'hoops_live_subscriptions',
    help: 'Live subscriptions being followed, by stream (live.ticker, live.events)',
    labelNames: ['stream'],
    registers,
  });
  for (const stream of ['ticker', 'events']) subscriptions.set({ stream }, 0);
  const counter = (name: string, help: string) => new Counter({ name, help, registers });
  const messages = counter('hoops_ticker_messages_total', 'Ticker messages sent (one per interval with trades)');
  const deliveries = counter('hoops_ticker_deliveries_total', 'Ticker messages written to followers (messages times followers)');
  const skippedDeliveries = counter('hoops_ticker_skipped_deliveries_total', 'Ticker messages a follower skipped because it was not reading fast enough');
  const disconnected = counter('hoops_ticker_disconnected_total', 'Ticker followers disconnected for staying behind');
  const skippedTrades = counter('hoops_ticker_skipped_trades_total', 'Trades left out of ticker messages in a burst (counted in their skipped field)');
  const followed = (stream: LiveStream) => {
    subscriptions.inc({ stream });
    return () => subscriptions.dec({ stream });
  };
  return {
    ticker: {
      sent(skipped) {
        messages.inc();
        skippedTrades.inc(skipped);
      },
    },
    tickerFeed: {
      followed: () => followed('ticker'),
      delivered: () => deliveries.inc(),
      skipped: () => skippedDeliveries.inc(),
      disconnected: () => disconnected.inc(),
    },
    followed,
  };
}

/** Answers a scrape: the text format to a caller with the token, 401 to anyone else. */
function scrapeHandler(registry: Registry, token: string, logger: MetricsOptions['logger']): Metrics['serve'] {
  const authorized = bearerMatcher(token);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!authorized(req.headers.authorization)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendJson(res, 401, { error: 'A valid bearer token is required' });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendJson(res, 405, { error: `Method ${req.method} is not allowed here` });
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'Collecting metrics failed');
        if (!res.headersSent) sendJson(res, 500, { error: 'Something went wrong on the server. Please try again.' });
      },
    );
  };
}

/**
 * The server's metrics, in a registry of its own (several servers may run in one process, as in
 * the tests), with Node's default metrics (event-loop lag, memory, CPU, GC) beside the game's.
 */
export function createMetrics({ token, dbFiles, leaguesOpen, logger }: MetricsOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const { rateLimited, ...exchange } = exchangeMetrics(registers);
  const live = liveMetrics(registers);
  let connectionCount = () => 0;
  gaugeOf(registers, 'hoops_ws_connections', 'Open WebSocket connections', () => connectionCount());
  gaugeOf(registers, 'hoops_leagues_open', 'Leagues open now (their market in memory); idle ones close after LEAGUE_IDLE_MINUTES', leaguesOpen);
  const requests = new Counter({
    name: 'hoops_http_requests_total',
    help: 'HTTP responses by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  gaugeOf(registers, 'hoops_database_size_bytes', 'Size of the SQLite database files (the accounts and every league)', () =>
    dbFiles().reduce((sum, f) => sum + fileSize(f), 0),
  );
  gaugeOf(registers, 'hoops_wal_size_bytes', 'Size of the SQLite write-ahead logs (the accounts and every league)', () =>
    dbFiles().reduce((sum, f) => sum + fileSize(`${f}-wal`), 0),
  );
  return {
    exchange,
    ticker: live.ticker,
    tickerFeed: live.tickerFeed,
    rateLimited,
    followed: live.followed,
    watch(server, wss, routes) {
      connectionCount = () => wss.clients.size;
      const routeOf = createRouteLabeler(routes.rest, routes.procedures, routes.servesWeb);
      // Ahead of the app's own listener, which may answer (and finish) synchronously.
      server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
        const route = routeOf(pathOf(req));
        res.once('finish', () => requests.inc({ route, method: methodLabel(req.method), status: String(res.statusCode) }));
      });
    },
    serve: scrapeHandler(registry, token, logger),
  };
}
