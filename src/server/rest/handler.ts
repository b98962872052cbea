import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import type { ClientAddress } from '../client-address.js';
import { toClientError } from '../client-error.js';
import { bearerToken, createContextFor, leagueIdFrom, type Context } from '../context.js';
import type { ServerServices } from '../services.js';
import { appRouter } from '../routers/index.js';
import { createCallerFactory } from '../trpc.js';
import { DEFAULT_BODY_LIMIT, readJsonBody, RequestAborted } from './body.js';
import { buildOpenApiDocument } from './openapi.js';
import type { RestRoute } from './route.js';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';

interface CompiledRoute {
  route: RestRoute;
  pattern: RegExp;
  params: string[];
}

function compile(route: RestRoute): CompiledRoute {
  const params: string[] = [];
  const source = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), params };
}

/** The route for `method` whose pattern matches `path`, with the match (only the method's routes are tried). */
function matchRoute(compiled: readonly CompiledRoute[], method: string, path: string): { c: CompiledRoute; m: RegExpExecArray } | null {
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(path);
    if (m) return { c, m };
  }
  return null;
}

/** Path segments that are whole numbers become numbers, so ids validate like JSON ones. */
function paramValue(raw: string): string | number {
  const text = decodeURIComponent(raw);
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

function sendJsonText(res: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}): void {
  // With its length given, the answer goes out in one piece instead of chunked.
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}

/** Where the next page of a list starts: `X-Next-Cursor`, and a `Link` to it (RFC 8288). */
function nextPageHeaders(path: string, query: URLSearchParams, cursor: unknown): OutgoingHttpHeaders {
  if (typeof cursor !== 'string') return {};
  const next = new URLSearchParams(query);
  next.set('cursor', cursor);
  return { 'X-Next-Cursor': cursor, Link: `</api${path}?${next.toString()}>; rel="next"` };
}

/** An answer kept for every anonymous caller until the next event: encoded once, gzipped once when first asked for. */
class SharedAnswer {
  readonly body: Buffer;
  private gzipped: Buffer | undefined;

  constructor(
    readonly version: string,
    text: string,
  ) {
    this.body = Buffer.from(text);
  }

  send(req: IncomingMessage, res: ServerResponse): void {
    const headers: OutgoingHttpHeaders = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' };
    let body = this.body;
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = this.gzipped ??= gzipSync(this.body, { level: 1 });
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  }
}

/**
 * The `Idempotency-Key` header (docs/api.md §1): its value, or undefined without one. A structured
 * field string (`"abc"`, as the IETF draft writes it) counts as its contents; the command's schema
 * checks the rest (1 to 255 visible ASCII characters).
 */
function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined) return undefined;
  const quoted = /^"([\x21\x23-\x5b\x5d-\x7e]*)"$/.exec(value.trim());
  return quoted ? quoted[1] : value.trim();
}

/** The answer is the first answer to the request's idempotency key, given again. */
const replayedHeader = (ctx: Context | null): OutgoingHttpHeaders => (ctx?.idempotency.replayed ? { 'Idempotent-Replayed': 'true' } : {});

const LEAGUE_PREFIX = /^\/leagues\/(\d{1,12})(\/.*)$/;

/** True when the path is one of the league management routes (`/leagues/{leagueId}/invite-code`, …) rather than a SPEC path under a league. */
const isLeagueRoute = (compiled: readonly CompiledRoute[], method: string, path: string): boolean => matchRoute(compiled, method, path) !== null;

export function createRestHandler(services: ServerServices, routes: RestRoute[], logger: Logger, ipOf: ClientAddress) {
  const compiled = routes.map(compile);
  const createCaller = createCallerFactory(appRouter);
  let openApi: unknown;
  const anonymousAnswers = new Map<string, SharedAnswer>();

  return async function handleRest(req: IncomingMessage, res: ServerResponse, fullPath: string, query: URLSearchParams): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    // `/leagues/{leagueId}/<SPEC path>` is the SPEC path about that league (docs/api.md); without it, the caller's current league.
    const inLeague = LEAGUE_PREFIX.exec(fullPath);
    const named = inLeague && !isLeagueRoute(compiled, method, fullPath) ? leagueIdFrom(inLeague[1]) : null;
    const path = named !== null ? inLeague![2]! : fullPath;
    if (path === '/openapi.json' && method === 'GET') {
      openApi ??= buildOpenApiDocument(routes);
      return sendJson(res, 200, openApi);
    }
    const hit = matchRoute(compiled, method, path);
    if (!hit) {
      const matches = compiled.filter((c) => c.pattern.test(path));
      if (matches.length > 0) {
        res.setHeader('Allow', matches.map((c) => c.route.method).join(', '));
        return sendJson(res, 405, { error: `Method ${method} is not allowed here` });
      }
      return sendJson(res, 404, { error: 'Not found' });
    }
    const { route, params } = hit.c;
    const anonymous = route.cacheForAnonymous && method === 'GET' && !req.headers.authorization && query.size === 0;
    const league = services.forLeague(named ?? DEFAULT_LEAGUE_ID);
    // An answer stands until the next event, or until a mark moves as time passes (the answer shows each player's).
    const version = league ? `${league.bus.lastId} ${league.exchange.readModels().markChanges()}` : '';
    const cacheKey = `${named ?? DEFAULT_LEAGUE_ID} ${route.path}`;
    if (anonymous && league) {
      const cached = anonymousAnswers.get(cacheKey);
      if (cached && cached.version === version) return cached.send(req, res);
    }
    let ctx: Context | null = null;
    try {
      const body = method === 'GET' ? Object.fromEntries(query) : await readJsonBody(req, route.bodyLimit ?? DEFAULT_BODY_LIMIT);
      const input: Record<string, unknown> = { ...body };
      params.forEach((name, i) => {
        input[name] = paramValue(hit.m![i + 1]!);
      });
      ctx = createContextFor(services, bearerToken(req.headers.authorization), ipOf(req), named);
      const idempotencyKey = route.keyed ? idempotencyKeyOf(req.headers['idempotency-key']) : undefined;
      const result = await route.call(createCaller(ctx), input, { ctx, idempotencyKey });
      if (route.produces) {
        const file = Buffer.from((result as { base64: string }).base64, 'base64');
        res.writeHead(200, {
          'Content-Type': route.produces,
          'Content-Length': file.length,
          // A share link's key is the capability to see it: the card may be kept by whoever fetched it that way.
          'Cache-Control': typeof input.share === 'string' ? 'public, max-age=3600' : 'private, max-age=3600',
        });
        res.end(file);
        return;
      }
      if (route.paged) {
        const page = result as { items: unknown[]; nextCursor: string | null };
        return sendJsonText(res, 200, JSON.stringify(page.items), nextPageHeaders(fullPath, query, page.nextCursor));
      }
      const text = JSON.stringify(result);
      const cursor = typeof result === 'object' && result !== null && 'nextCursor' in result ? result.nextCursor : null;
      if (!anonymous || !league) return sendJsonText(res, 200, text, { ...nextPageHeaders(fullPath, query, cursor), ...replayedHeader(ctx) });
      const answer = new SharedAnswer(version, text);
      anonymousAnswers.set(cacheKey, answer);
      answer.send(req, res);
    } catch (error) {
      if (error instanceof RequestAborted) return logger.debug({ route: `${route.method} ${route.path}` }, 'REST request aborted by the client');
      const client = toClientError(error);
      if (client.status >= 500) logger.error({ err: error, route: `${route.method} ${route.path}` }, 'REST call failed');
      sendJsonText(
        res,
        client.status,
        JSON.stringify(client.fieldErrors ? { error: client.message, fieldErrors: client.fieldErrors } : { error: client.message }),
        replayedHeader(ctx),
      );
    }
  };
}
