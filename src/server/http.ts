import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { Logger } from 'pino';
import sirv from 'sirv';
import { WebSocketServer, type WebSocket } from 'ws';
import { isDbOpen } from '../db/client.js';
import { clientAddressOf, type ClientAddress } from './client-address.js';
import { bearerToken, createContextFor, identityOf, leagueIdFrom } from './context.js';
import { ConnectionGuard } from './live/connections.js';
import { LEAGUE_TEXT } from '../shared/schemas/leagues.js';
import { TickerFeed, type TickerOf } from './live/ticker-feed.js';
import { createRequestLog } from './request-log.js';
import { createRestHandler } from './rest/handler.js';
import { sendJson } from './json-response.js';
import { createArchivePages } from './seasons/og.js';
import { restRoutes } from './rest/routes.js';
import { ReadQueue } from './read-queue.js';
import { appRouter } from './routers/index.js';
import { setSecurityHeaders } from './security-headers.js';
import { createQueryBatchHandler } from './trpc-query-batch.js';
import { createSharedPayloadEncoder } from './ws-encoder.js';
import type { ServerServices } from './services.js';
import type { TrustProxy } from '../config.js';

export interface HttpApp {
  server: Server;
  /** Tells ws clients to reconnect, closes connections and stops listening. */
  close(): Promise<void>;
}

function tokenFromConnectionParams(params: Partial<Record<string, string>> | null | undefined): string | null {
  const token = params?.token;
  return typeof token === 'string' && /^[A-Za-z0-9]{16,128}$/.test(token) ? token : null;
}

/**
 * Live events sent to one WebSocket in one turn of the event loop leave in one write: the socket is
 * corked at the first event and uncorked on the next setImmediate (or in 16 KiB slices in a long
 * burst). A batch of 30 trades pushed to 1,000 followers costs 1,000 socket writes, not 30,000.
 * Anything else (an answer to a call) flushes the socket at once, so answers are never held back
 * by a burst of events. The frames, their order and the wire format are unchanged.
 * `isEvent` says whether the frame being sent is a live event (the encoder knows: tRPC encodes
 * each message right before sending it).
 */
function createWriteCoalescer(isEvent: () => boolean): (ws: WebSocket, socket: Duplex) => void {
  const FLUSH_BYTES = 16 * 1024;
  let turnEnds: (() => void)[] = [];
  const endTurn = () => {
    const due = turnEnds;
    turnEnds = [];
    for (const end of due) end();
  };
  return (ws, socket) => {
    let corked = false;
    const end = () => {
      corked = false;
      socket.uncork();
    };
    const flush = () => {
      socket.uncork();
      socket.cork();
    };
    const send = ws.send.bind(ws) as (...args: unknown[]) => void;
    ws.send = ((...args: unknown[]) => {
      const event = isEvent();
      if (event && !corked) {
        corked = true;
        socket.cork();
        if (turnEnds.length === 0) setImmediate(endTurn);
        turnEnds.push(end);
      }
      send(...args);
      if (corked && (!event || socket.writableLength >= FLUSH_BYTES)) flush();
    }) as WebSocket['send'];
  };
}

/** Files of the web app that must never be served from a stale HTTP cache. */
const REVALIDATED = new Set(['/sw.js', '/index.html', '/manifest.webmanifest', '/offline.html']);

/** One HTTP server: /healthz, the REST shim under /api, tRPC under /trpc (http and ws), and the built web app. */
export function createHttpApp(services: ServerServices, logger: Logger, webDir: string | null, trustProxy: TrustProxy = false): HttpApp {
  const ipOf = clientAddressOf(trustProxy);
  const requestLog = createRequestLog(logger, ipOf);
  const rest = createRestHandler(services, restRoutes, logger, ipOf);
  const contextOf = (req: IncomingMessage) =>
    createContextFor(services, bearerToken(req.headers.authorization), ipOf(req), leagueIdFrom(req.headers['x-league-id']));
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    // The largest call is an avatar upload (AVATAR_BODY_LIMIT: a data URL of at most 2 MB).
    maxBodySize: 3 * 1024 * 1024,
    createContext: ({ req }) => contextOf(req),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'tRPC call failed');
    },
  });
  const trpcQueries = createQueryBatchHandler(contextOf, trpc);
  const serveWeb =
    webDir && existsSync(webDir)
      ? sirv(webDir, {
          single: true,
          etag: true,
          gzip: true,
          brotli: true,
          setHeaders: (res, path) => {
            if (path.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
            // Asked again on every visit, so a new version reaches the browser (its service worker then updates the rest).
            else if (REVALIDATED.has(path)) res.setHeader('Cache-Control', 'no-cache');
          },
        })
      : null;

  // A season's archive page carries its recap's Open Graph tags in the HTML itself (crawlers run no script).
  const archivePage = serveWeb && webDir ? createArchivePages(services, webDir) : null;
  // Calls that only read wait behind commands (read-queue.ts); a caller gone while waiting is not answered.
  const reads = new ReadQueue();
  const asRead = (req: IncomingMessage, answer: () => void): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer();
    reads.run(() => {
      if (!req.socket.destroyed) answer();
    });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requestLog(req, res);
    setSecurityHeaders(res);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/healthz') {
      const ok = isDbOpen(services.accounts);
      return sendJson(res, ok ? 200 : 503, { status: ok ? 'ok' : 'database unavailable' });
    }
    if (path === '/metrics') return services.metrics ? services.metrics.serve(req, res) : sendJson(res, 404, { error: 'Not found' });
    if (path === '/api' || path.startsWith('/api/')) {
      return asRead(req, () =>
        rest(req, res, path.slice(4) || '/', url.searchParams).catch((error: unknown) => {
          logger.error({ err: error }, 'REST handler failed');
          if (!res.headersSent) sendJson(res, 500, { error: 'Something went wrong on the server. Please try again.' });
        }),
      );
    }
    if (path.startsWith('/trpc/')) return asRead(req, () => trpcQueries(req, res, url));
    const archive = req.method === 'GET' || req.method === 'HEAD' ? archivePage?.(path, url.searchParams) : null;
    if (archive) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(archive) });
      res.end(req.method === 'HEAD' ? undefined : archive);
      return;
    }
    if (serveWeb) return serveWeb(req, res, () => sendJson(res, 404, { error: 'Not found' }));
    sendJson(res, 404, { error: 'Not found' });
  });

  const live = attachWebSockets(server, services, ipOf, logger, serveWeb !== null);
  return {
    server,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

/**
 * tRPC over WebSocket on `/trpc`, with the ticker feed in front of it and every connection watched
 * by the connection guard (who its caller is, judged again whenever that may have changed).
 */
function attachWebSockets(server: Server, services: ServerServices, ipOf: ClientAddress, logger: Logger, servesWeb: boolean): { close(): Promise<void> } {
  // No compression: the ticker feed writes its frames to the sockets directly.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });
  // A connection follows the ticker of the league its parameters name, else its session's current league.
  const tickerOf: TickerOf = (params) => {
    const ctx = createContextFor(services, tokenFromConnectionParams(params), '', leagueIdFrom(params?.leagueId));
    if (ctx.access === 'none') return { refused: ctx.leagueMissing ?? LEAGUE_TEXT.inviteOnly };
    // Its league stays open while followed.
    const held = services.hub.hold(ctx.services.league.id);
    return held ? { ticker: held.league.ticker, release: held.release } : { refused: LEAGUE_TEXT.notFound };
  };
  const tickerFeed = new TickerFeed(tickerOf, appRouter, { observer: services.metrics?.tickerFeed });
  // Every connection's caller is judged again whenever their access may have changed.
  const guard = new ConnectionGuard(services.access, services.now);
  const encoder = createSharedPayloadEncoder();
  const coalesceWrites = createWriteCoalescer(encoder.lastWasEvent);
  services.metrics?.watch(server, wss, { rest: restRoutes, procedures: Object.keys(appRouter._def.procedures), servesWeb });
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req, res, info }) => {
      const ctx = createContextFor(services, tokenFromConnectionParams(info.connectionParams), ipOf(req), leagueIdFrom(info.connectionParams?.leagueId), true);
      guard.add(res, () => identityOf(ctx.renew()));
      return ctx;
    },
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    experimental_encoder: encoder,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'tRPC ws call failed');
    },
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/trpc' && path !== '/trpc/') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      coalesceWrites(ws, socket);
      tickerFeed.attach(ws, socket, req);
      wss.emit('connection', ws, req);
    });
  });

  return {
    async close() {
      guard.close();
      tickerFeed.close();
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(1012, 'Server restarting');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
