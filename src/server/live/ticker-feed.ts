import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { getErrorShape, TRPCError, type AnyTRPCRouter } from '@trpc/server';
import { parseConnectionParamsFromUnknown } from '@trpc/server/http';
import type { WebSocket } from 'ws';
import { resumeInput } from './resume.js';
import type { Tick, Ticker } from './ticker.js';
import {
  controlMessage,
  dataHead,
  dataMessage,
  TICKER_PATH,
  textFrame,
  tickerRequest,
  type JsonRpc,
  type SubscriptionId,
  type TickerRequest,
} from './ticker-wire.js';

const OPEN = 1;

/** The connection's parameters; null when they are malformed (tRPC then refuses the connection's calls). */
function paramsOf(data: Buffer): Partial<Record<string, string>> | null {
  try {
    const message = JSON.parse(data.toString('utf8')) as unknown;
    if (message === null || typeof message !== 'object') return null;
    return parseConnectionParamsFromUnknown((message as { data?: unknown }).data) ?? {};
  } catch {
    return null;
  }
}

/** A ticker (one league's) and the feed's followers of it. */
interface Channel {
  readonly ticker: Ticker;
  readonly followers: Set<Follower>;
  readonly unsubscribe: () => void;
}

interface Follower {
  readonly ws: WebSocket;
  readonly socket: Duplex;
  readonly id: SubscriptionId;
  readonly jsonrpc: JsonRpc;
  readonly head: string;
  /** Trades of the messages it skipped while behind: counted in `skipped` of the next one it gets. */
  missed: number;
  /** Since when its socket has held more than the high-water mark, while it does. */
  behindSince: number | null;
  following: boolean;
  readonly channel: Channel;
  /** Tells the observer this follower left, and lets its league close once nobody follows it. */
  left: () => void;
}

/** Hears what the feed does for its followers (monitoring). */
export interface TickerFeedObserver {
  /** One more follower; the returned function is called when it leaves. */
  followed(): () => void;
  /** A message written to a follower's socket. */
  delivered(): void;
  /** A message a follower skipped because its socket was behind. */
  skipped(): void;
  /** A follower disconnected for staying behind. */
  disconnected(): void;
}

/**
 * The ticker a connection follows, from its connection parameters (null: none were sent): the
 * league it names or its session's, or an error message when the connection may not follow it.
 */
export type TickerOf = (params: Partial<Record<string, string>> | null) => { ticker: Ticker; release(): void } | { refused: string };

export interface TickerFeedOptions {
  /** A follower whose socket holds more than this many bytes not yet sent skips messages until it drains. */
  highWaterBytes?: number;
  /** A follower still behind after this long is disconnected (it resumes with `lastEventId` when it comes back). */
  stuckMs?: number;
  /** How long one turn of the event loop may spend writing to followers, ms: calls are answered between turns. */
  sliceMs?: number;
  now?: () => number;
  observer?: TickerFeedObserver;
}

export interface TickerFeedStats {
  /** Messages written to followers, skipped by followers that were behind, and followers disconnected as stuck. */
  written: number;
  skipped: number;
  disconnected: number;
}

/** One tick on its way to the followers that were there when it was sent. */
interface Delivery {
  tick: Tick;
  eventId: string;
  payload: string;
  /** Whole frames, built once per envelope (and per catch-up count) and written to every follower that has it. */
  frames: Map<string, Buffer>;
  followers: Follower[];
  next: number;
}

/**
 * The public ticker over WebSocket, served beside tRPC rather than through a subscription's async
 * generator: each ticker message is encoded once, whole frame included, and the same bytes are
 * written to every follower's socket (followers with the same envelope, e.g. every plain client
 * subscribing with id 1, share one buffer). Clients speak the same protocol and get the same bytes
 * as from tRPC. A follower that does not read skips messages instead of growing the server's
 * memory, and is disconnected if it stays behind.
 */
export class TickerFeed {
  private readonly channels = new Map<Ticker, Channel>();
  /** Each connection's parameters (null: none were sent): its ticker is decided at each request, by who the caller is then. */
  private readonly paramsOfSocket = new Map<WebSocket, Partial<Record<string, string>> | null>();
  private readonly bySocket = new Map<WebSocket, Map<SubscriptionId, Follower>>();
  private readonly queue: Delivery[] = [];
  private readonly highWater: number;
  private readonly stuckMs: number;
  private readonly sliceMs: number;
  private readonly now: () => number;
  private readonly observer: TickerFeedObserver | undefined;
  private scheduled = false;
  readonly stats: TickerFeedStats = { written: 0, skipped: 0, disconnected: 0 };

  constructor(
    private readonly tickerOf: TickerOf,
    private readonly router: AnyTRPCRouter,
    options: TickerFeedOptions = {},
  ) {
    this.highWater = options.highWaterBytes ?? 64 * 1024;
    this.stuckMs = options.stuckMs ?? 30_000;
    this.sliceMs = options.sliceMs ?? 2;
    this.now = options.now ?? Date.now;
    this.observer = options.observer;
  }

  get size(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.followers.size;
    return n;
  }

  private channel(ticker: Ticker): Channel {
    let channel = this.channels.get(ticker);
    if (!channel) {
      const followers = new Set<Follower>();
      const unsubscribe = ticker.subscribe((tick) => this.send(followers, tick));
      channel = { ticker, followers, unsubscribe };
      this.channels.set(ticker, channel);
    }
    return channel;
  }

  /**
   * Takes the ticker's requests out of a new connection's messages before tRPC reads them; the rest
   * reaches tRPC as it was sent (a batch keeps its other requests).
   */
  attach(ws: WebSocket, socket: Duplex, req: IncomingMessage): void {
    // tRPC reads the first message of a connection opened with ?connectionParams=1 as its parameters,
    // and refuses everything on a connection whose parameters are malformed: so does the feed.
    let paramsPending = new URL(req.url ?? '/', 'http://localhost').searchParams.get('connectionParams') === '1';
    let refused = false;
    if (!paramsPending) this.paramsOfSocket.set(ws, null);
    const emit = ws.emit.bind(ws) as (event: string | symbol, ...args: unknown[]) => boolean;
    (ws as { emit: typeof emit }).emit = (event, ...args) => {
      if (event !== 'message' || args[1] === true || refused) return emit(event, ...args);
      if (paramsPending) {
        paramsPending = false;
        const params = paramsOf(args[0] as Buffer);
        refused = params === null;
        if (params) this.paramsOfSocket.set(ws, params);
        return emit(event, ...args);
      }
      const rest = this.intercept(ws, socket, args[0] as Buffer);
      if (rest === null) return true;
      return emit(event, rest, false);
    };
    ws.once('close', () => {
      this.detach(ws);
      this.paramsOfSocket.delete(ws);
    });
  }

  /** The message for tRPC once the ticker's requests are taken out: the same bytes, others, or null for nothing. */
  private intercept(ws: WebSocket, socket: Duplex, data: Buffer): Buffer | null {
    const ours = this.bySocket.get(ws);
    if (!data.includes(TICKER_PATH) && !(ours && data.includes('subscription.stop'))) return data;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      return data;
    }
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    const taken: TickerRequest[] = [];
    const rest: unknown[] = [];
    for (const message of messages) {
      const request = tickerRequest(message);
      const isOurs = request && (request.kind === 'subscribe' ? resumeInput.safeParse(request.input).success : ours?.has(request.id));
      if (request && isOurs) taken.push(request);
      else rest.push(message);
    }
    if (taken.length === 0) return data;
    for (const request of taken) {
      if (request.kind === 'subscribe') this.follow(ws, socket, request);
      else this.unfollow(ws, request.id, true);
    }
    if (rest.length === 0) return null;
    return Buffer.from(JSON.stringify(rest.length === 1 ? rest[0] : rest));
  }

  private follow(ws: WebSocket, socket: Duplex, request: Extract<TickerRequest, { kind: 'subscribe' }>): void {
    const { id, jsonrpc } = request;
    let ours = this.bySocket.get(ws);
    if (ours?.has(id)) {
      this.refuse(ws, id, jsonrpc, request.input, 'BAD_REQUEST', `Duplicate id ${id}`);
      return;
    }
    const params = this.paramsOfSocket.get(ws);
    const source = params === undefined ? { refused: 'Not connected' } : this.tickerOf(params);
    if ('refused' in source) {
      this.refuse(ws, id, jsonrpc, request.input, 'FORBIDDEN', source.refused);
      return;
    }
    if (ws.readyState !== OPEN) {
      source.release();
      return;
    }
    const { ticker } = source;
    ws.send(controlMessage(id, jsonrpc, 'started'));
    const head = dataHead(id, jsonrpc);
    // Whatever was sent since the client's last id, as far as the history reaches, before anything new.
    const lastEventId = resumeInput.parse(request.input)?.lastEventId;
    const missed = lastEventId ? ticker.since(Number(lastEventId)) : null;
    if (missed) ws.send(dataMessage(head, String(missed.lastId), JSON.stringify(missed.message)));
    const unobserve = this.observer?.followed() ?? (() => undefined);
    const left = () => {
      unobserve();
      source.release();
    };
    const channel = this.channel(ticker);
    const follower: Follower = { ws, socket, id, jsonrpc, head, missed: 0, behindSince: null, following: true, channel, left };
    if (!ours) {
      ours = new Map();
      this.bySocket.set(ws, ours);
    }
    ours.set(id, follower);
    channel.followers.add(follower);
  }

  private unfollow(ws: WebSocket, id: SubscriptionId, answer: boolean): void {
    const ours = this.bySocket.get(ws);
    const follower = ours?.get(id);
    if (!ours || !follower) return;
    follower.following = false;
    follower.left();
    follower.channel.followers.delete(follower);
    // A ticker nobody follows is let go (its league may close, and open again with a new one).
    if (follower.channel.followers.size === 0) {
      follower.channel.unsubscribe();
      this.channels.delete(follower.channel.ticker);
    }
    ours.delete(id);
    if (ours.size === 0) this.bySocket.delete(ws);
    if (answer && ws.readyState === OPEN) ws.send(controlMessage(id, follower.jsonrpc, 'stopped'));
  }

  private detach(ws: WebSocket): void {
    const ours = this.bySocket.get(ws);
    if (!ours) return;
    for (const id of [...ours.keys()]) this.unfollow(ws, id, false);
  }

  /** The error tRPC sends for the same mistake, through the same formatter. */
  private refuse(ws: WebSocket, id: SubscriptionId, jsonrpc: JsonRpc, input: unknown, code: 'BAD_REQUEST' | 'FORBIDDEN', message: string): void {
    const error = new TRPCError({ code, message });
    const shape = getErrorShape({ config: this.router._def._config, error, type: 'subscription', path: TICKER_PATH, input, ctx: undefined });
    if (ws.readyState === OPEN) ws.send(JSON.stringify({ id, jsonrpc, error: shape }));
  }

  private send(followers: Set<Follower>, tick: Tick): void {
    if (followers.size === 0) return;
    this.queue.push({ tick, eventId: String(tick.lastId), payload: JSON.stringify(tick.message), frames: new Map(), followers: [...followers], next: 0 });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.deliver(performance.now() + this.sliceMs);
      this.schedule();
    });
  }

  /** Writes the pending ticks, oldest first, to their followers in the order they came, until `until` (performance.now()). */
  private deliver(until: number): void {
    while (this.queue.length > 0) {
      const d = this.queue[0]!;
      while (d.next < d.followers.length) {
        this.deliverTo(d, d.followers[d.next]!);
        d.next += 1;
        if ((d.next & 31) === 0 && performance.now() >= until) return;
      }
      this.queue.shift();
    }
  }

  private deliverTo(d: Delivery, f: Follower): void {
    if (!f.following || f.ws.readyState !== OPEN) return;
    const trades = d.tick.message.trades.length + d.tick.message.skipped;
    if (f.ws.bufferedAmount > this.highWater) {
      f.missed += trades;
      this.stats.skipped += 1;
      this.observer?.skipped();
      const now = this.now();
      f.behindSince ??= now;
      if (now - f.behindSince >= this.stuckMs) {
        this.stats.disconnected += 1;
        this.observer?.disconnected();
        f.ws.terminate();
      }
      return;
    }
    f.behindSince = null;
    const key = f.missed === 0 ? f.head : `${f.head}|${f.missed}`;
    let frame = d.frames.get(key);
    if (!frame) {
      const payload = f.missed === 0 ? d.payload : JSON.stringify({ ...d.tick.message, skipped: d.tick.message.skipped + f.missed });
      frame = textFrame(dataMessage(f.head, d.eventId, payload));
      d.frames.set(key, frame);
    }
    f.missed = 0;
    // The frame is whole and ws writes each of its own frames whole and at once (no compression
    // here), so writing it to the socket directly keeps every frame intact and in order.
    f.socket.write(frame);
    this.stats.written += 1;
    this.observer?.delivered();
  }

  /** Sends what is still on its way at once (before the server tells clients to reconnect), and stops. */
  close(): void {
    for (const c of this.channels.values()) c.unsubscribe();
    this.deliver(Infinity);
    for (const c of this.channels.values()) for (const follower of c.followers) follower.left();
    this.channels.clear();
    this.bySocket.clear();
  }
}
