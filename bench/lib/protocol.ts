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

export type PhaseSpec =
  | { kind: 'ws-closed'; clients: number; warmupMs: number; durationMs: number; subscribers: number }
  /** The same closed loop against a floor server at `url`: the bare echo (bench/lib/echo-server.ts) or bare tRPC (trpc-floor-server.ts). */
  | { kind: 'ws-floor'; url: string; clients: number; warmupMs: number; durationMs: number }
  | { kind: 'http-closed'; clients: number; warmupMs: number; durationMs: number }
  | { kind: 'ws-open'; clients: number; rate: number; durationMs: number; subscribers: number; maxInFlight: number; drainMs: number }
  | { kind: 'reads'; connections: number; warmupMs: number; durationMs: number; path: string };

export interface PhaseResult {
  /** Calls answered inside the measured window, per second. */
  perSecond: number;
  /** Latency percentiles of the calls answered inside the window, ms. */
  p50: number;
  p99: number;
  max: number;
  completed: number;
  refused: number;
  errors: number;
  /** The commonest reasons for refusals and errors, with counts. */
  reasons: string[];
  /** Open loop: orders not sent because maxInFlight were already waiting. */
  shed: number;
  /** Open loop: orders still unanswered when the drain time ran out. */
  unanswered: number;
  /**
   * Subscribers (ticker followers), over all of them: trades listed in the ticker messages received,
   * trades those messages counted as skipped, the messages, and the lag from a message's newest
   * trade to its receipt (ms, sampled followers).
   */
  delivered: number;
  skipped: number;
  messages: number;
  lagP50: number;
  lagP99: number;
  subscribers: number;
  /** Bytes of the last response body (reads). */
  bodyBytes: number;
  /** CPU time the load generator used during the phase, ms. */
  cpuMs: number;
  wallMs: number;
}

export type ToLoad = LoadInit | { type: 'phase'; spec: PhaseSpec } | { type: 'exit' };
export type FromLoad = { type: 'ready' } | { type: 'result'; result: PhaseResult } | { type: 'error'; message: string };
