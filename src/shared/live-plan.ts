import type { LiveEvent, LiveTicker, LiveTrade } from './live.js';

/**
 * What a live message makes stale, as a pure plan that the web app and the benchmark's simulated
 * clients both follow: a message becomes a list of filters, filters gathered for BATCH_MS become one
 * refetch of the queries on screen that match them.
 *
 * A filter names a procedure path prefix (`market` matches `market.detail`) and, optionally, part of
 * the input (`{ playerId: 7 }` matches only that player's queries).
 */
export interface QueryFilter {
  path: readonly string[];
  input?: Readonly<Record<string, unknown>>;
}

/** Invalidations within this many milliseconds are sent together. */
export const BATCH_MS = 80;

const f = (path: string, input?: Record<string, unknown>): QueryFilter => (input ? { path: path.split('.'), input } : { path: path.split('.') });

/** True when a query (its procedure path and input) is one the filter makes stale. */
export function matchesQuery(filter: QueryFilter, path: readonly string[], input: unknown): boolean {
  if (filter.path.length > path.length) return false;
  for (let i = 0; i < filter.path.length; i++) if (filter.path[i] !== path[i]) return false;
  if (!filter.input) return true;
  if (typeof input !== 'object' || input === null) return false;
  const given = input as Record<string, unknown>;
  return Object.entries(filter.input).every(([k, v]) => given[k] === v);
}

/** Everything: after a break in the feed, whatever the server could not replay. */
export const EVERYTHING: QueryFilter[] = [{ path: [] }];

const MARKET: QueryFilter[] = [f('market'), f('teams')];
const PORTFOLIO: QueryFilter[] = [f('auth.me'), f('portfolio'), f('trades.user'), f('market.myOrders'), f('market.relevantAsks')];

function tradePlan(t: LiveTrade): QueryFilter[] {
  return [
    f('trades.recent'),
    f('market.players'),
    f('stats'),
    f('teams.list'),
    // Values of holdings follow the last trade price: the user box and every portfolio.
    f('auth.me'),
    f('portfolio'),
    ...(t.itemType === 'team' ? [f('teams.detail', { teamId: t.playerId })] : [f('market.detail', { playerId: t.playerId }), f('market.shareholders', { id: t.playerId })]),
  ];
}

/** The filters one ticker message makes stale. */
export function tickerPlan(ticker: LiveTicker): QueryFilter[] {
  const filters = ticker.trades.flatMap(tradePlan);
  // Trades the message only counted may be of any player or team.
  if (ticker.skipped > 0) filters.push(...MARKET, ...PORTFOLIO);
  return filters;
}

/** The filters one event of `live.events` makes stale. */
export function eventPlan(event: LiveEvent): QueryFilter[] {
  switch (event.type) {
    case 'marketUpdated':
    case 'offersUpdated':
    case 'asksUpdated':
      return MARKET;
    case 'portfolioUpdated':
      return PORTFOLIO;
    case 'orderFilled':
      return [...PORTFOLIO, ...MARKET];
    case 'outbid':
      return [];
  }
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * Gathers filters for BATCH_MS and hands them on once each, so that a burst of messages (one buy
 * can fill many sellers) makes one refetch, not one per fill.
 */
export class InvalidationBatcher {
  private pending: QueryFilter[] = [];
  private timer: unknown = null;

  constructor(
    private readonly flush: (filters: QueryFilter[]) => void,
    private readonly timers: Timers,
  ) {}

  push(filters: readonly QueryFilter[]): void {
    if (filters.length === 0) return;
    this.pending.push(...filters);
    if (this.timer !== null) return;
    this.timer = this.timers.set(() => {
      this.timer = null;
      const batch = this.pending;
      this.pending = [];
      const seen = new Set<string>();
      const unique = batch.filter((filter) => {
        const key = JSON.stringify(filter);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      this.flush(unique);
    }, BATCH_MS);
  }

  dispose(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.pending = [];
  }
}
