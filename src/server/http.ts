import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import sirv from 'sirv';
import { WebSocketServer } from 'ws';
import { isDbOpen } from '../db/client.js';
import { bearerToken, createContextFor } from './context.js';
import { createRestHandler, sendJson } from './rest/handler.js';
import { restRoutes } from './rest/routes.js';
import { appRouter } from './routers/index.js';
import { setSecurityHeaders } from './security-headers.js';
import { createSharedPayloadEncoder } from './ws-encoder.js';
import type { AppServices } from './services.js';

export interface HttpApp {
  server: Server;
  /** Tells ws clients to reconnect, closes connections and stops listening. */
  close(): Promise<void>;
}

const ipOf = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';

function tokenFromConnectionParams(params: Partial<Record<string, string>> | null | undefined): string | null {
  const token = params?.token;
  return typeof token === 'string' && /^[A-Za-z0-9]{16,128}$/.test(token) ? token : null;
}

/** One HTTP server: /healthz, the REST shim under /api, tRPC under /trpc (http and ws), and the built web app. */
export function createHttpApp(services: AppServices, logger: Logger, webDir: string | null): HttpApp {
  const requestLog = pinoHttp({
    logger,
    serializers: {
      // Only method and path: queries may hold tokens, headers hold credentials.
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res, time) => `${req.method} ${req.url?.split('?')[0]} ${res.statusCode} ${Math.round(time)}ms`,
    customErrorMessage: (req, res) => `${req.method} ${req.url?.split('?')[0]} ${res.statusCode}`,
    quietReqLogger: true,
  });
  const rest = createRestHandler(services, restRoutes, logger);
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    // The largest call is an avatar upload (AVATAR_BODY_LIMIT: a data URL of at most 2 MB).
    maxBodySize: 3 * 1024 * 1024,
    createContext: ({ req }) => createContextFor(services, bearerToken(req.headers.authorization), ipOf(req)),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'tRPC call failed');
    },
  });
  const serveWeb = webDir && existsSync(webDir)
    ? sirv(webDir, { single: true, etag: true, gzip: true, brotli: true, setHeaders: (res, path) => {
        if (path.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } })
    : null;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requestLog(req, res);
    setSecurityHeaders(res);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/healthz') {
      const ok = isDbOpen(services.db);
      return sendJson(res, ok ? 200 : 503, { status: ok ? 'ok' : 'database unavailable' });
    }
    if (path === '/api' || path.startsWith('/api/')) {
      rest(req, res, path.slice(4) || '/', url.searchParams).catch((error: unknown) => {
        logger.error({ err: error }, 'REST handler failed');
        if (!res.headersSent) sendJson(res, 500, { error: 'Something went wrong on the server. Please try again.' });
      });
      return;
    }
    if (path.startsWith('/trpc/')) return trpc(req, res);
    if (serveWeb) return serveWeb(req, res, () => sendJson(res, 404, { error: 'Not found' }));
    sendJson(res, 404, { error: 'Not found' });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req, info }) => createContextFor(services, tokenFromConnectionParams(info.connectionParams), ipOf(req)),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    experimental_encoder: createSharedPayloadEncoder(),
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
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  return {
    server,
    async close() {
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(1012, 'Server restarting');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
