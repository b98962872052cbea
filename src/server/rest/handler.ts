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
import { encodingOf } from '../encoded-answers.js';
import { sendJson, sendJsonBytes, sendJsonText } from '../json-response.js';
import { buildOpenApiDocument } from './openapi.js';
import type { RestRoute } from './route.js';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import { leagueAccess } from '../leagues/access.js';

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

/** Where the next page of a list starts: `X-Next-Cursor`, and a `Link` to it (RFC 8288). */
function nextPageHeaders(path: string, query: URLSearchParams, cursor: unknown): OutgoingHttpHeaders {
  if (typeof cursor !== 'string') return {};
  const next = new URLSearchParams(query);
  next.set('cursor', cursor);
  return { 'X-Next-Cursor': cursor, Link: `</api${path}?${next.toString()}>; rel="next"` };
}

/**
 * An answer kept for every anonymous caller of a league anyone may read, until the league's next
 * event: encoded once, gzipped once when first asked for. It belongs to one run of the league's bus
 * (a league closed and opened again starts another).
 */
class SharedAnswer {
  private gzipped: Buffer | undefined;

  constructor(
    readonly bus: object,
    readonly version: string,
    readonly body: Buffer,
  ) {}

  current(bus: object, version: string): boolean {
    return this.bus === bus && this.version === version;
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

/** A route's file (a PNG), given as base64 by its procedure. */
function sendFile(res: ServerResponse, contentType: string, file: { base64: string }, shared: boolean): void {
  const bytes = Buffer.from(file.base64, 'base64');
  res.writeHead(200, {
    'Content-Type': contentType,
    'Content-Length': bytes.length,
    // A share link's key is the capability to see it: the card may be kept by whoever fetched it that way.
    'Cache-Control': shared ? 'public, max-age=3600' : 'private, max-age=3600',
  });
  res.end(bytes);
}

const LEAGUE_PREFIX = /^\/leagues\/(\d{1,12})(\/.*)$/;

/** True when the path is one of the league management routes (`/leagues/{leagueId}/invite-code`, …) rather than a SPEC path under a league. */
const isLeagueRoute = (compiled: readonly CompiledRoute[], method: string, path: string): boolean => matchRoute(compiled, method, path) !== null;

export function createRestHandler(services: ServerServices, routes: RestRoute[], logger: Logger, ipOf: ClientAddress) {
  const compiled = routes.map(compile);
  const createCaller = createCallerFactory(appRouter);
  let openApi: unknown;
  const anonymousAnswers = new Map<string, SharedAnswer>();
  // A closed league's answers go with it (its memory is returned).
  services.hub.onClosed((leagueId) => {
    for (const key of [...anonymousAnswers.keys()]) if (key.startsWith(`${leagueId} `)) anonymousAnswers.delete(key);
  });

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
    // Who may read the league is decided from the registry first: an invite-only league's answers
    // are never kept for anonymous callers, nor served to them, and asking opens no league.
    const leagueId = named ?? DEFAULT_LEAGUE_ID;
    const row = route.cacheForAnonymous && method === 'GET' && !req.headers.authorization && query.size === 0 ? services.registry.byId(leagueId) : undefined;
    const anonymous = row !== undefined && leagueAccess(row, false) === 'reader';
    const cacheKey = `${leagueId} ${route.path}`;
    const market = anonymous ? services.hub.peek(leagueId) : undefined;
    // An answer stands until the next event, or until a mark moves as time passes (the answer shows each player's).
    const versionOf = (l: NonNullable<typeof market>) => `${l.bus.lastId} ${l.exchange.readModels().markChanges()}`;
    if (market) {
      const cached = anonymousAnswers.get(cacheKey);
      if (cached?.current(market.bus, versionOf(market))) return cached.send(req, res);
    }
    let ctx: Context | null = null;
    try {
      const body = method === 'GET' ? Object.fromEntries(query) : await readJsonBody(req, route.bodyLimit ?? DEFAULT_BODY_LIMIT);
      const input: Record<string, unknown> = { ...body };
      params.forEach((name, i) => {
        input[name] = paramValue(hit.m![i + 1]!);
      });
      ctx = createContextFor(services, bearerToken(req.headers.authorization), ipOf(req), named);
      // The league's state the answer is read from (its reads are synchronous): known before the call.
      const before = anonymous ? services.hub.peek(leagueId) : undefined;
      const version = before && { bus: before.bus, of: versionOf(before) };
      const idempotencyKey = route.keyed ? idempotencyKeyOf(req.headers['idempotency-key']) : undefined;
      const result = await route.call(createCaller(ctx), input, { ctx, idempotencyKey });
      if (route.produces) return sendFile(res, route.produces, result as { base64: string }, typeof input.share === 'string');
      if (route.paged) {
        const page = result as { items: unknown[]; nextCursor: string | null };
        return sendJsonText(res, 200, JSON.stringify(page.items), nextPageHeaders(fullPath, query, page.nextCursor));
      }
      const cursor = typeof result === 'object' && result !== null && 'nextCursor' in result ? result.nextCursor : null;
      // An answer made with its bytes (shared by many callers) is sent as they are.
      const encoded = encodingOf(result);
      // Kept as of the league's state when the answer was made: the bus it was read under, and its last event.
      if (!version || services.hub.peek(leagueId)?.bus !== version.bus) {
        const headers = { ...nextPageHeaders(fullPath, query, cursor), ...replayedHeader(ctx) };
        return encoded ? sendJsonBytes(res, 200, encoded, headers) : sendJsonText(res, 200, JSON.stringify(result), headers);
      }
      const answer = new SharedAnswer(
        version.bus,
        version.of,
        encoded ? (encoded.length === 1 ? encoded[0]! : Buffer.concat(encoded)) : Buffer.from(JSON.stringify(result)),
      );
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
