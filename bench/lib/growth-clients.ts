/**
 * Signed-in clients that do what the web app does on live events: each has a screen (the queries
 * its page keeps active), follows `live.ticker` and `live.events` over the tRPC WebSocket, runs every
 * message through the app's own plan (src/shared/live-plan.ts: the same filters and batching), and
 * refetches the active queries the plan makes stale in one batched HTTP request, as tRPC's
 * httpBatchLink sends them. A query refetched while its last fetch is still running cancels that
 * fetch (React Query's invalidation does), and a batched request whose queries were all cancelled is
 * aborted. Beside them, a trader sends orders that fill, at a fixed rate.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { eventPlan, InvalidationBatcher, matchesQuery, PLAYERS_LIST, tickerPlan, type QueryFilter } from '../../src/shared/live-plan.js';
import { followChange } from '../../src/shared/players-since.js';
import type { LiveEvent, LiveTicker, LiveTrade, PlayersChange } from '../../src/shared/live.js';
import { wsUrlOf } from './traders.js';

export interface ActiveQuery {
  path: string;
  input?: Record<string, unknown>;
  /**
   * Fetched as changes through this procedure, as the web app fetches the players list
   * (`market.playersSince`): its input is the version the client holds, and its answer's version is kept.
   */
  changesVia?: string;
}

interface Fetch {
  req: http.ClientRequest;
  live: Set<string>;
  /** Aborted by the client itself (its queries were fetched again, or it left): not a failure. */
  aborted: boolean;
}

/** The request went out on a kept-alive connection that the server had just closed (Node's documented case for sending it again). */
export function isStaleConnection(req: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

const keyOf = (q: ActiveQuery) => `${q.path}:${JSON.stringify(q.input ?? null)}`;

/** The calls a batch refused, from its answer: `market.detail NOT_FOUND "Player not found"`. */
function refusals(body: Buffer): string {
  try {
    const answers = JSON.parse(body.toString('utf8')) as { error?: { message?: string; data?: { code?: string; path?: string } } }[];
    return answers
      .flatMap((a) => (a.error ? [`${a.error.data?.path ?? '?'} ${a.error.data?.code ?? '?'} "${a.error.message ?? ''}"`] : []))
      .join(', ');
  } catch {
    return '';
  }
}

export class LiveClient {
  requests = 0;
  /** Queries refetched, by procedure. */
  readonly queries = new Map<string, number>();
  bytes = 0;
  messages = 0;
  errors = 0;
  /** Requests answered with anything but 200, or lost (not those the client aborted itself). */
  failedRequests = 0;
  /** Its WebSocket's errors, and closes it did not ask for. */
  socketErrors = 0;
  /** The first thing that went wrong, in words. */
  firstProblem: string | undefined;
  private readonly ws: WebSocket;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  private readonly batcher: InvalidationBatcher;
  private readonly fetching = new Map<string, Fetch>();
  /** The version held of each query fetched as changes. */
  private readonly versions = new Map<string, string>();
  private closed = false;

  /** Headers of every request: the session, and the league when one is named. */
  private readonly headers: Record<string, string>;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly screen: ActiveQuery[],
    private readonly userId: number,
    /** The league the app shows (the session's current one when absent), and who hears of the ticker's trades as they arrive. */
    private readonly options: { leagueId?: number; onTrades?: (trades: LiveTrade[]) => void } = {},
  ) {
    const league = options.leagueId === undefined ? {} : { leagueId: String(options.leagueId) };
    this.headers = { authorization: `Bearer ${token}`, ...(options.leagueId === undefined ? {} : { 'x-league-id': String(options.leagueId) }) };
    this.batcher = new InvalidationBatcher((filters) => this.refetch(filters), {
      set: (fn, ms) => setTimeout(fn, ms),
      clear: (h) => clearTimeout(h as NodeJS.Timeout),
      now: () => performance.now(),
    });
    this.ws = new WebSocket(`${wsUrlOf(url)}?connectionParams=1`);
    this.ws.on('open', () => {
      this.ws.send(JSON.stringify({ method: 'connectionParams', data: { token, ...league } }));
      this.ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'live.ticker' } }));
      this.ws.send(JSON.stringify({ id: 2, method: 'subscription', params: { path: 'live.events' } }));
    });
    this.ws.on('message', (data: Buffer) => this.onMessage(data));
    this.ws.on('error', (e) => {
      this.errors++;
      this.socketErrors++;
      this.firstProblem ??= `socket: ${e.message}`;
    });
    // Closed by the server or the network, not by leaving: the feed is lost.
    this.ws.on('close', (code, reason) => {
      if (this.closed) return;
      this.socketErrors++;
      this.firstProblem ??= `socket closed: ${code} ${reason.toString()}`;
    });
  }

  /** Loads the page: every query of the screen, in one batch. */
  load(): Promise<void> {
    return this.fetch(this.screen);
  }

  private onMessage(data: Buffer): void {
    this.bytes += data.length;
    // tRPC's keep-alive: answered as its own client does.
    if (data.length === 4 && data.toString() === 'PING') {
      this.ws.send('PONG');
      return;
    }
    const m = JSON.parse(data.toString('utf8')) as { id?: number; result?: { type: string; data?: { data?: unknown } } };
    if (m.result?.type !== 'data' || !m.result.data) return;
    this.messages++;
    const payload = m.result.data.data;
    if (m.id === 1) {
      const ticker = payload as LiveTicker;
      this.options.onTrades?.(ticker.trades);
      this.batcher.push(tickerPlan(ticker, this.userId));
      if (ticker.players) this.followPlayers(ticker.players);
    } else if (m.id === 2) this.batcher.push(eventPlan(payload as LiveEvent, this.userId));
  }

  private refetch(filters: QueryFilter[]): void {
    if (this.closed) return;
    const stale = this.screen.filter((q) => filters.some((f) => matchesQuery(f, q.path.split('.'), q.input)));
    if (stale.length > 0) void this.fetch(stale);
  }

  private fetch(queries: ActiveQuery[]): Promise<void> {
    const keys = queries.map(keyOf);
    // A query already being fetched is cancelled; its request is aborted once none of its queries is wanted.
    for (const key of keys) {
      const running = this.fetching.get(key);
      if (!running) continue;
      running.live.delete(key);
      if (running.live.size === 0) {
        running.aborted = true;
        running.req.destroy();
      }
    }
    for (const q of queries) this.queries.set(q.path, (this.queries.get(q.path) ?? 0) + 1);
    const input = Object.fromEntries(queries.map((q, i) => [String(i), q.changesVia ? this.sinceInput(keys[i]!) : q.input]));
    const path = `/trpc/${queries.map((q) => q.changesVia ?? q.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    const asChanges = queries.some((q) => q.changesVia);
    this.requests++;
    return new Promise((resolve) => {
      const entry: Fetch = { req: undefined as unknown as http.ClientRequest, live: new Set(keys), aborted: false };
      const done = () => {
        for (const key of keys) if (this.fetching.get(key) === entry) this.fetching.delete(key);
        resolve();
      };
      const { port } = new URL(this.url);
      const send = (retry: boolean) => {
        entry.req = http.get({ host: '127.0.0.1', port: Number(port), path, agent: retry ? this.agent : false, headers: this.headers }, (res) => {
          const body: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            this.bytes += c.length;
            if (res.statusCode !== 200 || asChanges) body.push(c);
          });
          res.on('end', () => {
            if (res.statusCode === 200 && asChanges) this.keepVersions(queries, keys, Buffer.concat(body));
            if (res.statusCode !== 200) {
              this.errors++;
              this.failedRequests++;
              this.firstProblem ??= `${queries.map((q) => q.path).join(',')}: ${res.statusCode} ${refusals(Buffer.concat(body))}`;
            }
            done();
          });
          res.on('error', done);
        });
        entry.req.on('error', (e) => {
          if (entry.aborted || this.closed) return done();
          // A kept-alive connection the server closed as it was reused: sent again on a new one, as browsers do.
          if (retry && isStaleConnection(entry.req, e)) return send(false);
          this.failedRequests++;
          this.firstProblem ??= `${queries.map((q) => q.path).join(',')}: ${e.message}${entry.req.reusedSocket ? ' (on a kept-alive connection, again)' : ''}`;
          done();
        });
      };
      send(true);
      for (const key of keys) this.fetching.set(key, entry);
    });
  }

  /** The players list's changes the ticker brought, followed as the web app does (lib/playersList.ts): asked for only when they cannot be. */
  private followPlayers(change: PlayersChange): void {
    for (const q of this.screen) {
      if (q.path !== 'market.players' || !q.changesVia) continue;
      const key = keyOf(q);
      const held = this.versions.get(key);
      if (held === undefined) continue;
      const next = followChange(held, change);
      if (next === 'merge') this.versions.set(key, change.version);
      else if (next === 'fetch') this.batcher.push([PLAYERS_LIST]);
    }
  }

  private sinceInput(key: string): { since?: string } {
    const since = this.versions.get(key);
    return since === undefined ? {} : { since };
  }

  /** The versions of the answers fetched as changes, from a batch's answer. */
  private keepVersions(queries: ActiveQuery[], keys: string[], body: Buffer): void {
    const answers = JSON.parse(body.toString('utf8')) as { result?: { data?: { version?: string } } }[];
    queries.forEach((q, i) => {
      const version = answers[i]?.result?.data?.version;
      if (q.changesVia && version !== undefined) this.versions.set(keys[i]!, version);
    });
  }

  close(): void {
    this.closed = true;
    this.batcher.dispose();
    this.ws.terminate();
    for (const f of this.fetching.values()) f.req.destroy();
    this.agent.destroy();
  }
}

let firstFailure: string | undefined;
/** The first failed mutation's status and answer (or network error), to say why calls failed. */
export const firstMutationFailure = (): string | undefined => firstFailure;

/** An HTTP tRPC mutation as httpBatchLink sends it: answers the latency in ms and whether it succeeded. */
export function mutate(agent: http.Agent, url: string, token: string, path: string, input: unknown): Promise<{ ms: number; ok: boolean }> {
  const body = JSON.stringify({ 0: input });
  const { port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: `/trpc/${path}?batch=1`,
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ok = res.statusCode === 200;
          if (!ok && firstFailure === undefined) firstFailure = `${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`;
          resolve({ ms: performance.now() - started, ok });
        });
      },
    );
    req.on('error', (e) => {
      firstFailure ??= e.message;
      resolve({ ms: performance.now() - started, ok: false });
    });
    req.end(body);
  });
}
