import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { WebSocketServer } from 'ws';
import type { ExchangeObserver } from '../../engine/observer.js';
import type { TickerObserver } from '../live/ticker.js';
import type { TickerFeedObserver } from '../live/ticker-feed.js';

export type LiveStream = 'ticker' | 'events';

/** What the server tells its metrics (docs: README, Monitoring), and how /metrics is answered. */
export interface Metrics {
  readonly exchange: ExchangeObserver;
  readonly ticker: TickerObserver;
  /** The ticker's WebSocket followers: who follows, what each was sent or skipped. */
  readonly tickerFeed: TickerFeedObserver;
  /** An order refused by the per-user rate limit (before it reached the exchange). */
  rateLimited(): void;
  /** One more follower of a live stream; the returned function is called when it leaves. */
  followed(stream: LiveStream): () => void;
  /** Counts the server's requests by route and status, and its WebSocket connections. */
  watch(server: Server, wss: WebSocketServer, routes: RouteNames): void;
  /** Answers GET /metrics: the text format to a caller with the token, 401 to anyone else. */
  serve(req: IncomingMessage, res: ServerResponse): void;
}

/** The server's routes, for labelling requests: the REST paths, the tRPC procedures, and whether the web app is served. */
export interface RouteNames {
  rest: readonly { path: string }[];
  procedures: readonly string[];
  servesWeb: boolean;
}

export interface MetricsOptions {
  /** The bearer token a scrape must send. */
  token: string;
  /** The database files (the accounts and every league's): their sizes are summed at each scrape. */
  dbFiles: () => string[];
  /** How many leagues are open now (LeagueHub). */
  leaguesOpen: () => number;
  logger: Logger;
}
