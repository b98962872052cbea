/** Messages between the server scenario (parent) and the load generator (child process). */

export interface LoadInit {
  type: 'init';
  /** http://127.0.0.1:PORT */
  url: string;
  playerId: number;
  /** The exchange's cap on open orders per user. */
  maxOpenOrders: number;
  clients: { userId: number; token: string }[];
}

/** How the reads phase asks: without a session (the shared answer), signed in, or each read right after an order of the same connection. */
export type ReadMode = 'anonymous' | 'signed-in' | 'after-write';

export type PhaseSpec =
  | { kind: 'ws-closed'; clients: number; warmupMs: number; durationMs: number; subscribers: number }
  /** The same closed loop against a floor server at `url`: the bare echo (bench/lib/echo-server.ts) or bare tRPC (trpc-floor-server.ts). */
  | { kind: 'ws-floor'; url: string; clients: number; warmupMs: number; durationMs: number }
  | { kind: 'http-closed'; clients: number; warmupMs: number; durationMs: number }
  | { kind: 'ws-open'; clients: number; rate: number; durationMs: number; subscribers: number; maxInFlight: number; drainMs: number }
  | { kind: 'reads'; connections: number; warmupMs: number; durationMs: number; path: string; mode: ReadMode }
  /** Followers only, of the server at `url` (the fan-out floor): connected, then a warm-up and the measured window. */
  | { kind: 'follow'; url: string; subscribers: number; warmupMs: number; durationMs: number };

export interface PhaseResult {
  /** Accepted calls (orders the exchange took, reads answered 200) answered inside the measured window, per second. */
  perSecond: number;
  /** Refused calls (answered with a 4xx: e.g. cancelling an order that was just filled) inside the window, per second. */
  refusedPerSecond: number;
  /**
   * Latency percentiles of the accepted calls answered inside the window, ms. In the open loop the
   * orders that were due in the window and shed or never answered count too, as never answered
   * (Infinity), so a server that falls behind cannot hide it.
   */
  p50: number;
  p99: number;
  max: number;
  /** The same for the refused calls, ms (not counted above). */
  refusedP50: number;
  /** Over the whole phase, warm-up included: accepted, refused and failed calls. */
  accepted: number;
  refused: number;
  errors: number;
  /** The commonest reasons for refusals and errors, with counts. */
  reasons: string[];
  /** Open loop: orders not sent because maxInFlight were already waiting. */
  shed: number;
  /** Open loop: orders still unanswered when the drain time ran out. */
  unanswered: number;
  /**
   * Subscribers (ticker followers, in a process of their own), over all of them and the whole phase:
   * trades listed in the ticker messages received, trades those messages counted as skipped, the
   * messages; the messages received inside the measured window; and the lag from a message's newest
   * trade to its receipt (ms, sampled followers).
   */
  delivered: number;
  skipped: number;
  messages: number;
  windowMessages: number;
  lagP50: number;
  lagP99: number;
  subscribers: number;
  /** CPU time of the followers' process over the phase, ms. */
  followersCpuMs: number;
  /** Bytes of the last response body (reads). */
  bodyBytes: number;
  /** CPU time the load generator used during the phase, ms. */
  cpuMs: number;
  wallMs: number;
}

export type ToLoad = LoadInit | { type: 'phase'; spec: PhaseSpec } | { type: 'exit' };
/** `mark`: the measured window of a phase starts or ends now (the server samples its CPU time). */
export type FromLoad = { type: 'ready' } | { type: 'mark'; at: 'start' | 'end' } | { type: 'result'; result: PhaseResult } | { type: 'error'; message: string };
