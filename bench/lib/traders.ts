/**
 * Clients of the load generator: traders that send the mix over the tRPC WebSocket or the REST
 * shim (each one user, one connection, tracking its own open orders to cancel them), and plain
 * ws subscribers of the live feed.
 */
import WebSocket from 'ws';
import type { HttpAnswer, HttpConnection } from './http-caller.js';
import { nextIntent, OpenOrders } from './mix.js';
import { rng } from './rng.js';

export type Outcome = 'ok' | 'refused' | 'error';
/** How a call ended; `message` says why when it did not succeed. */
export interface Answer {
  outcome: Outcome;
  message?: string;
}

export interface Trader {
  /** Sends the next order of the mix and resolves when it is answered. */
  send(): Promise<Answer>;
  close(): Promise<void>;
}

/** The orders a call left resting, as tRPC (`id`) or the REST shim (`askId`, `offerId`) answers them. */
interface TradeAnswer {
  ask: { id?: number; askId?: number } | null;
  offer: { id?: number; offerId?: number } | null;
}

type OrderInput = { userId: number; playerId: number; shares: number; priceCents: number };
type Call =
  | { kind: 'ask'; input: OrderInput }
  | { kind: 'offer'; input: OrderInput }
  | { kind: 'cancelAsk'; input: { userId: number; askId: number } }
  | { kind: 'cancelOffer'; input: { userId: number; offerId: number } };

/** A call as the tRPC trade command takes it: the instrument named, the price in cents. */
function commandInput(call: Call): unknown {
  switch (call.kind) {
    case 'ask':
    case 'offer':
      return { instrument: { kind: 'player', id: call.input.playerId }, shares: call.input.shares, priceCents: call.input.priceCents };
    case 'cancelAsk':
      return { askId: call.input.askId };
    case 'cancelOffer':
      return { offerId: call.input.offerId };
  }
}

/** A buy or a listing as SPEC's REST payload: the caller's id, the price in dollars. */
const specOrder = ({ userId, playerId, shares, priceCents }: OrderInput) => ({ userId, playerId, shares, pricePerShare: priceCents / 100 });

/**
 * The next call of the mix for one user; cancels take one of the user's own open orders. Near the
 * exchange's cap on open orders per user, the user cancels instead (as a person would have to).
 * The tracked set may still hold orders filled since, so it over-counts: the real count is lower.
 */
function nextCall(r: () => number, open: OpenOrders, userId: number, playerId: number, maxOpen: number): Call {
  for (;;) {
    const intent = open.size >= maxOpen - 5 ? ({ kind: 'cancel' } as const) : nextIntent(r);
    if (intent.kind === 'cancel') {
      const target = open.take(r);
      if (!target) continue;
      return target.side === 'ask'
        ? { kind: 'cancelAsk', input: { userId, askId: target.id } }
        : { kind: 'cancelOffer', input: { userId, offerId: target.id } };
    }
    const input = { userId, playerId, shares: intent.shares, priceCents: intent.priceCents };
    return intent.kind === 'buy' ? { kind: 'ask', input } : { kind: 'offer', input };
  }
}

function remember(open: OpenOrders, userId: number, answer: TradeAnswer): void {
  const ask = answer.ask && (answer.ask.id ?? answer.ask.askId);
  const offer = answer.offer && (answer.offer.id ?? answer.offer.offerId);
  if (ask) open.add('ask', ask, userId);
  if (offer) open.add('offer', offer, userId);
}

const REFUSALS = new Set(['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'FORBIDDEN']);

export function wsUrlOf(url: string): string {
  return `${url.replace(/^http/, 'ws')}/trpc`;
}

/**
 * One simulated user: its session, its random stream and the open orders it knows of. It outlives
 * the connections of each phase, so it never loses track of its orders (the exchange caps them).
 */
export class SimUser {
  readonly r: () => number;
  readonly open = new OpenOrders();

  constructor(
    readonly userId: number,
    readonly token: string,
    readonly playerId: number,
    readonly maxOpen: number,
    seed: number,
  ) {
    this.r = rng(seed);
  }

  nextCall(): Call {
    return nextCall(this.r, this.open, this.userId, this.playerId, this.maxOpen);
  }

  remember(answer: TradeAnswer): void {
    remember(this.open, this.userId, answer);
  }
}

const PATHS: Record<Call['kind'], string> = {
  ask: 'trade.buy',
  offer: 'trade.listOffer',
  cancelAsk: 'trade.cancelAsk',
  cancelOffer: 'trade.cancelOffer',
};

type Reply = { id: number; result?: { data?: unknown }; error?: { message?: string; data?: { code?: string } } };

/**
 * A tRPC WebSocket client by hand (the protocol the README documents: connection params first, then
 * `{"id","method":"mutation","params":{"path","input"}}` and one JSON answer per id), so that the
 * load generator spends little of the machine's two cores on its own side of each order. The
 * server sees exactly what `@trpc/client`'s wsLink sends.
 */
class WsCaller {
  private readonly ws: WebSocket;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private readonly queued: string[] = [];
  private open = false;
  private nextId = 1;

  constructor(url: string, token: string) {
    this.ws = new WebSocket(`${wsUrlOf(url)}?connectionParams=1`);
    this.ws.on('open', () => {
      this.open = true;
      this.ws.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
      for (const m of this.queued.splice(0)) this.ws.send(m);
    });
    this.ws.on('message', (data: Buffer) => {
      const reply = JSON.parse(data.toString('utf8')) as Reply;
      const resolve = this.waiting.get(reply.id);
      if (!resolve) return;
      this.waiting.delete(reply.id);
      resolve(reply);
    });
    const fail = (message: string) => {
      for (const resolve of this.waiting.values()) resolve({ id: 0, error: { message } });
      this.waiting.clear();
    };
    this.ws.on('close', () => fail('connection closed'));
    this.ws.on('error', (e) => fail(e.message));
  }

  call(path: string, input: unknown): Promise<Reply> {
    const id = this.nextId++;
    const message = JSON.stringify({ id, method: 'mutation', params: { path, input } });
    if (this.open) this.ws.send(message);
    else this.queued.push(message);
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export function wsTrader(url: string, user: SimUser): Trader {
  const caller = new WsCaller(url, user.token);
  return {
    async send() {
      const call = user.nextCall();
      const reply = await caller.call(PATHS[call.kind], commandInput(call));
      if (reply.result) {
        user.remember(reply.result.data as TradeAnswer);
        return { outcome: 'ok' };
      }
      const code = reply.error?.data?.code;
      const message = `${call.kind}: ${code ?? ''} ${reply.error?.message ?? 'no answer'}`;
      return { outcome: code && REFUSALS.has(code) ? 'refused' : 'error', message };
    },
    close: () => caller.close(),
  };
}

/** A trader over the REST shim, on its own keep-alive connection (the paths and payloads a bot uses). */
export function httpTrader(conn: HttpConnection, user: SimUser): Trader {
  return {
    async send() {
      const call = user.nextCall();
      const uid = { userId: user.userId };
      const go = (): Promise<HttpAnswer> => {
        switch (call.kind) {
          case 'ask':
            return conn.request('POST', '/api/trade/ask', specOrder(call.input), user.token);
          case 'offer':
            return conn.request('POST', '/api/offers', specOrder(call.input), user.token);
          case 'cancelAsk':
            return conn.request('DELETE', `/api/asks/${call.input.askId}`, uid, user.token);
          case 'cancelOffer':
            return conn.request('DELETE', `/api/offers/${call.input.offerId}`, uid, user.token);
        }
      };
      try {
        const res = await go();
        if (res.status === 200) {
          user.remember(JSON.parse(res.body.toString('utf8')) as TradeAnswer);
          return { outcome: 'ok' };
        }
        const message = `${call.kind}: ${res.status} ${res.body.toString('utf8')}`;
        return { outcome: res.status >= 400 && res.status < 500 ? 'refused' : 'error', message };
      } catch (error) {
        return { outcome: 'error', message: `${call.kind}: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
    async close() {
      conn.close();
    },
  };
}
