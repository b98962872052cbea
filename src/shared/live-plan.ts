import type { LiveEventBody, LiveTicker } from './live.js';
import type { InstrumentKind } from './instrument.js';

/**
 * What a live message makes stale, as a pure plan that the web app and the benchmark's simulated
 * clients both follow: a message becomes a list of filters, filters gathered for BATCH_MS become one
 * refetch of the queries on screen that match them.
 *
 * A filter names a procedure path prefix (`market` matches `market.detail`) and, optionally, part of
 * the input (`{ playerId: 7 }` matches only that player's queries). A notice about one player or
 * team makes only its own queries stale; lists of the whole market (the players table, every
 * offer, the statistics, everyone's portfolio values) are refreshed at most once every `every`
 * milliseconds however busy the market is; the user's own portfolio and orders at once.
 */
export interface QueryFilter {
  path: readonly string[];
  input?: Readonly<Record<string, unknown>>;
  /** Refetch what it matches at most once per this many milliseconds. */
  every?: number;
}

/** Invalidations within this many milliseconds are sent together. */
export const BATCH_MS = 80;
/** Lists of the whole market refetch at most this often. */
export const MARKET_WIDE_MS = 2_000;
/** One player's or team's queries refetch at most this often on the feed (a trade of the user's own refreshes them at once). */
export const INSTRUMENT_MS = 1_000;
/**
 * The market at a glance (24-hour changes and week sparklines of the mark, top movers, most traded and
 * most held) refetches at most this often on the feed: the mark moves slowly by design, and the
 * strips are read at a glance, not traded on.
 */
export const GLANCE_MS = 6_000;
/** Values that follow others' trades (the user box, portfolios on screen) refetch at most this often. */
export const VALUES_MS = 6_000;

const f = (path: string, input?: Record<string, unknown>, every?: number): QueryFilter => ({
  path: path.split('.'),
  ...(input ? { input } : {}),
  ...(every ? { every } : {}),
});
const wide = (path: string) => f(path, undefined, MARKET_WIDE_MS);

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

/** The queries about one player or team: its page, its lists. */
function about(itemType: InstrumentKind, itemId: number): QueryFilter[] {
  const item = { itemType, itemId };
  return [
    itemType === 'team' ? f('teams.detail', { teamId: itemId }, INSTRUMENT_MS) : f('market.detail', { playerId: itemId }, INSTRUMENT_MS),
    ...(itemType === 'player' ? [f('market.shareholders', { id: itemId }, INSTRUMENT_MS)] : []),
    f('market.itemAsks', item, INSTRUMENT_MS),
    f('market.itemOffers', item, INSTRUMENT_MS),
    f('market.holders', item, INSTRUMENT_MS),
  ];
}

/**
 * The players list, when a client must ask for it: the ticker brings its changes otherwise (a client
 * merges them, see `followChange` in players-since.ts), and the user's own shares (`owned`) move
 * with their own portfolio.
 */
export const PLAYERS_LIST: QueryFilter = wide('market.players');
/** Lists whose figures follow every instrument's supply, holders and prices (the players list aside: the ticker carries its changes). */
const MARKET_TABLES: QueryFilter[] = [f('market.glance', undefined, GLANCE_MS), wide('teams.list'), wide('stats')];
/**
 * Values follow marks (docs/rules.md §5): the user box and any portfolio on screen change with others'
 * trades only when a mark moved, which most trades do not do (the user's own trades refresh theirs at once).
 */
const VALUES: QueryFilter[] = [f('auth.me', undefined, VALUES_MS), f('portfolio', undefined, VALUES_MS)];
/** The home ranks every member by value: a trade moves its two sides' values (cash for shares at the mark) even when no mark moves. */
const RANKS: QueryFilter[] = [f('home', undefined, VALUES_MS)];
/** A trader's portfolio, if on screen: their shares and cash moved. */
const portfolioOf = (userId: number): QueryFilter => f('portfolio', { userId }, VALUES_MS);

/**
 * What shows the league itself: its name and ranking (`leagues`, whose list of the user's leagues is
 * kept with the session, see the web app's live.tsx), its seasons, the user box.
 */
export const LEAGUE: QueryFilter[] = [f('leagues'), f('seasons'), f('auth.me'), f('stats')];

/**
 * The navigation's badges as others' orders move them (offers for sale, offers for the user, the
 * inbox's unread): refreshed with the values, at most every VALUES_MS; the user's own orders and
 * notices refresh them at once.
 */
const BADGES: QueryFilter[] = [f('market.counts', undefined, VALUES_MS), f('inbox.unread', undefined, VALUES_MS)];

/** The badges' counts: an event that brings a figure of theirs sets it where they are cached (`countsFrom`). */
export const COUNTS: QueryFilter = f('market.counts');

/** The figures of the badges' counts (market.counts) a live event brings: the shares for sale after a change of offers. */
export function countsFrom(event: LiveEventBody): { sharesForSale: number } | null {
  return event.type === 'offersUpdated' && event.sharesForSale !== undefined ? { sharesForSale: event.sharesForSale } : null;
}

/** What the signed-in user's own portfolio, orders and badges show. */
function own(userId: number | null): QueryFilter[] {
  return [
    f('auth.me'),
    ...(userId === null ? [f('portfolio')] : [f('portfolio.get', { userId }), f('portfolio.history', { userId })]),
    f('trades.user'),
    f('market.myOrders'),
    f('market.relevantAsks'),
    COUNTS,
    f('home'),
    PLAYERS_LIST,
  ];
}

/** The member's inbox and its badge: an event with an entry (docs/inbox.md) added one. */
const INBOX: QueryFilter[] = [f('inbox'), f('home')];

/** The filters one ticker message makes stale, for the signed-in user `userId` (whose own trades their own events refresh). */
export function tickerPlan(ticker: LiveTicker, userId: number | null): QueryFilter[] {
  const filters = ticker.trades.flatMap((t) => about(t.itemType, t.playerId));
  for (const t of ticker.trades) for (const trader of [t.buyer_id, t.seller_id]) if (trader !== null && trader !== userId) filters.push(portfolioOf(trader));
  if (ticker.trades.length > 0) filters.push(...MARKET_TABLES, ...RANKS);
  if (ticker.marksMoved) filters.push(...VALUES);
  // Trades the message only counted may be of any player or team, between any members.
  if (ticker.skipped > 0) filters.push(wide('market'), wide('teams'), wide('trades.recent'), ...RANKS, f('portfolio', undefined, VALUES_MS));
  return filters;
}

/** The filters one event of `live.events` makes stale, for the signed-in user `userId`. */
export function eventPlan(event: LiveEventBody, userId: number | null): QueryFilter[] {
  const plan = planOf(event, userId);
  return 'inboxId' in event && event.inboxId !== undefined ? [...plan, ...INBOX] : plan;
}

function planOf(event: LiveEventBody, userId: number | null): QueryFilter[] {
  switch (event.type) {
    case 'marketUpdated':
      return [...about(event.itemType, event.itemId), ...MARKET_TABLES];
    case 'offersUpdated':
      // The shares for sale come with the event (the client sets them) when the server says them.
      return [...about(event.itemType, event.itemId), wide('market.offers'), ...(event.sharesForSale === undefined ? [BADGES[0]!] : [])];
    case 'asksUpdated':
      // Asks on what the user holds are offers for them, and a new best bid reaches its holders'
      // inboxes without an event of their own; asks on anything else change neither.
      return [...about(event.itemType, event.itemId), ...(event.forYou === false ? [] : [wide('market.relevantAsks'), ...BADGES])];
    case 'portfolioUpdated':
      return own(userId);
    case 'orderFilled':
      return [...own(userId), ...about(event.itemType, event.itemId)];
    case 'leagueUpdated':
      return LEAGUE;
    case 'outbid':
      return [];
    case 'notice':
      // A season's end also sends leagueUpdated; the member's own finishes follow it.
      return event.notice.kind === 'seasonEnded' ? [...own(userId), f('seasons')] : [];
    case 'playerRetired':
      return [...own(userId), ...about(event.itemType, event.itemId), ...MARKET_TABLES];
  }
}

/**
 * The user's own trading actions, and what each makes stale once the server answered: its lists
 * and books, the caller's holdings, cash (the user box) and trades. A sale (`sold`) of a listing or
 * a minimum price moves cash and trades too. The same plan as the live events, in the same module,
 * so that what an action and what a live message refresh are read in one place.
 */
export type TradeAction =
  | 'buy'
  | 'acceptAsk'
  | 'acceptOffer'
  | 'dump'
  | 'cancelAsk'
  | 'cancelOffer'
  | 'declineAsk'
  | 'listOffer'
  | 'setMinSellPrice'
  /** Refused: whatever refused it may have changed. */
  | 'refused';

/** The groups an action names (the web app's trade hooks name them too). */
export const ACTION_GROUPS = {
  market: [f('market'), f('teams')],
  holdings: [f('portfolio')],
  cash: [f('auth.me')],
  trades: [f('trades')],
} as const satisfies Record<string, QueryFilter[]>;

const { market, holdings, cash, trades } = ACTION_GROUPS;

export function actionPlan(action: TradeAction, answer: { sold?: number } = {}): QueryFilter[] {
  switch (action) {
    case 'buy':
    case 'acceptAsk':
    case 'acceptOffer':
    case 'dump':
      return [...market, ...holdings, ...cash, ...trades];
    case 'cancelAsk':
      return [...market, ...cash];
    case 'cancelOffer':
      return [...market, ...holdings];
    case 'declineAsk':
      return [...market];
    case 'listOffer':
    case 'setMinSellPrice':
      return [...market, ...holdings, ...((answer.sold ?? 0) > 0 ? [...cash, ...trades] : [])];
    case 'refused':
      return [...market, ...holdings];
  }
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
  /** A number in [0, 1) (Math.random unless given): spreads the refetches of many clients. */
  random?(): number;
}

const keyOf = (filter: QueryFilter) => JSON.stringify([filter.path, filter.input ?? null]);

/**
 * Where each client's throttled refetches fall: a filter with `every` E goes out at the client's
 * phase + k·E, the phase drawn once per client from [0, PHASE_SPAN_MS). So what has the same E goes
 * out together, and since every E divides the longer ones (1, 2 and 6 s), a longer one goes out
 * with the shorter ones on their beat: one request, not one per list. The phase is uniform modulo
 * each E (the span is a multiple of all), so clients that got the same message refetch at
 * different moments, not all at once.
 */
export const PHASE_SPAN_MS = 60_000;

/**
 * Gathers filters for BATCH_MS and hands them on once each, so that a burst of messages (one buy
 * can fill many sellers) makes one refetch, not one per fill; a filter with `every` is handed on at
 * most once per `every` milliseconds, on the client's first beat after (see PHASE_SPAN_MS; later ones
 * wait for their turn, and are dropped if the same filter went out at once meanwhile).
 */
export class InvalidationBatcher {
  private readonly pending = new Map<string, QueryFilter>();
  private batchTimer: unknown = null;
  private readonly deferred = new Map<string, { filter: QueryFilter; due: number }>();
  private deferTimer: unknown = null;
  private deferDue = Infinity;
  private readonly lastSent = new Map<string, number>();
  /** This client's phase (see PHASE_SPAN_MS), drawn on first use. */
  private phase: number | null = null;

  constructor(
    private readonly flush: (filters: QueryFilter[]) => void,
    private readonly timers: Timers,
  ) {}

  push(filters: readonly QueryFilter[]): void {
    const now = this.timers.now();
    for (const filter of filters) {
      const key = keyOf(filter);
      if (this.pending.has(key)) {
        // The plain one wins: it goes out with the batch.
        if (!filter.every) this.pending.set(key, filter);
        continue;
      }
      // Already waiting for its turn (a plain one goes now, and the waiting one is then dropped).
      if (filter.every && this.deferred.has(key)) continue;
      // A filter with `every` waits for its turn, then for the client's next beat of that length.
      const due = filter.every ? this.beatFrom(Math.max(now, (this.lastSent.get(key) ?? -Infinity) + filter.every), filter.every) : -Infinity;
      if (due <= now + BATCH_MS) {
        this.pending.set(key, filter);
      } else {
        this.deferred.set(key, { filter, due });
        this.scheduleDeferred(due);
      }
    }
    if (this.pending.size > 0 && this.batchTimer === null) {
      this.batchTimer = this.timers.set(() => {
        this.batchTimer = null;
        this.send([...this.pending.values()]);
        this.pending.clear();
      }, BATCH_MS);
    }
  }

  /** The client's first beat of length `every` at or after `t`. */
  private beatFrom(t: number, every: number): number {
    this.phase ??= Math.floor((this.timers.random?.() ?? Math.random()) * PHASE_SPAN_MS);
    return this.phase + Math.ceil((t - this.phase) / every) * every;
  }

  /** The client's last beat of length `every` at or before `t`. */
  private beatUntil(t: number, every: number): number {
    return this.beatFrom(t, every) - (this.beatFrom(t, every) > t ? every : 0);
  }

  private scheduleDeferred(due: number): void {
    if (due >= this.deferDue) return;
    if (this.deferTimer !== null) this.timers.clear(this.deferTimer);
    this.deferDue = due;
    this.deferTimer = this.timers.set(() => this.sendDue(), Math.max(0, due - this.timers.now()));
  }

  private sendDue(): void {
    this.deferTimer = null;
    this.deferDue = Infinity;
    const now = this.timers.now();
    const due: QueryFilter[] = [];
    let next = Infinity;
    for (const [key, d] of this.deferred) {
      if (d.due <= now) {
        due.push(d.filter);
        this.deferred.delete(key);
      } else {
        next = Math.min(next, d.due);
      }
    }
    if (due.length > 0) this.send(due);
    if (next < Infinity) this.scheduleDeferred(next);
  }

  private send(filters: QueryFilter[]): void {
    const now = this.timers.now();
    for (const filter of filters) {
      const key = keyOf(filter);
      // A throttled one counts from the beat it was due on (the timers run a little late, a batch
      // BATCH_MS after), so that its next turn ends on a beat, not a beat later. A plain one (the
      // user's own) does not count: the next throttled one still goes on its first beat.
      if (filter.every) this.lastSent.set(key, this.beatUntil(now, filter.every));
      this.deferred.delete(key);
    }
    this.flush(filters);
  }

  dispose(): void {
    if (this.batchTimer !== null) this.timers.clear(this.batchTimer);
    if (this.deferTimer !== null) this.timers.clear(this.deferTimer);
    this.batchTimer = null;
    this.deferTimer = null;
    this.pending.clear();
    this.deferred.clear();
  }
}
