/**
 * The leagues scenario's order load: a closed loop of keep-alive HTTP connections (lib/http-caller.ts),
 * each sending its next buy when the last is answered, `POST /api/leagues/{id}/trade/ask` with a
 * member's token, a few shares at $2.00 that fill from the league's open market ($1.00) at once.
 * The same connections and the same count of orders are aimed either at one league or spread
 * over all of them; only where the orders go differs.
 */
import { HttpConnection } from './http-caller.js';
import type { BuiltLeague } from './leagues-build.js';
import { percentiles } from './results.js';

export interface Sender {
  leagueId: number;
  userId: number;
  token: string;
}

/** Who sends the `k`-th order of connection `c`: connection c is member c of the first league. */
export function oneLeague(leagues: readonly BuiltLeague[], c: number): Sender {
  const league = leagues[0]!;
  const m = league.members[c % league.members.length]!;
  return { leagueId: league.id, userId: m.userId, token: m.token };
}

/**
 * Connection c sends its k-th order to league (c + connections × k) mod leagues, as member c: at
 * any moment the connections' orders are in as many different leagues, and over a phase every
 * league gets the same share.
 */
export function spread(leagues: readonly BuiltLeague[], c: number, k: number, connections: number): Sender {
  const league = leagues[(c + connections * k) % leagues.length]!;
  const m = league.members[c % league.members.length]!;
  return { leagueId: league.id, userId: m.userId, token: m.token };
}

export interface PhaseResult {
  accepted: number;
  failed: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** The first failure's status and answer, if any. */
  firstError?: string;
}

export interface PhaseOptions {
  url: string;
  connections: number;
  orders: number;
  players: readonly number[];
  sender: (c: number, k: number) => Sender;
  /** The phase stops sending after this long (the orders under way are awaited). */
  maxMs: number;
}

/** Sends `orders` buys over `connections` connections, each one order at a time, and times them. */
export async function runOrders(o: PhaseOptions): Promise<PhaseResult> {
  const conns = Array.from({ length: o.connections }, () => HttpConnection.to(o.url));
  const latencies: number[] = [];
  let issued = 0;
  let failed = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const loop = async (c: number) => {
    for (let k = 0; issued < o.orders && performance.now() - started < o.maxMs; k++) {
      const n = issued++;
      const s = o.sender(c, k);
      const body = { userId: s.userId, playerId: o.players[(c + k) % o.players.length]!, shares: 1 + (n % 5), pricePerShare: 2 };
      const t0 = performance.now();
      try {
        const answer = await conns[c]!.request('POST', `/api/leagues/${s.leagueId}/trade/ask`, body, s.token);
        if (answer.status === 200 || answer.status === 201) latencies.push(performance.now() - t0);
        else {
          failed++;
          firstError ??= `${answer.status} ${answer.body.toString('utf8').slice(0, 160)}`;
        }
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: o.connections }, (_, c) => loop(c)));
  const seconds = (performance.now() - started) / 1000;
  for (const conn of conns) conn.close();
  const [p50, p99] = percentiles(latencies, [0.5, 0.99]) as [number, number];
  return { accepted: latencies.length, failed, seconds, ordersPerSecond: latencies.length / seconds, p50, p99, ...(firstError ? { firstError } : {}) };
}
