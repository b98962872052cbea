import type Database from 'better-sqlite3';
import type { Db } from '../client.js';
import { ShareValue, type PriceSource } from './share-value.js';
import { INSTRUMENT_LAST_PRICE, instrumentPriceJoinsSql, userToUserSql } from './read-sql.js';
import { inCurrentSeasonSql } from '../seasons/season-sql.js';
import type { InstrumentKind } from '../../shared/instrument.js';

/** The most points one history answers (the chart needs no more). */
export const HISTORY_MAX_POINTS = 500;
/** The most of the user's latest trades read to build them. */
export const HISTORY_MAX_TRADES = 2_000;
/** Up to this many instruments without a price, what was bought before the chart is read for each alone. */
const FEW_UNPRICED = 16;

/** One point of a portfolio's value over time. Cents; `at` is epoch ms. */
export interface HistoryPoint {
  at: number;
  /** Cash available plus cash held in open asks. */
  cashCents: number;
  shareValueCents: number;
  /** cash + share value. */
  totalValueCents: number;
}

type Instrument = InstrumentKind;

interface TradeRow {
  id: number;
  instrument: Instrument;
  instrumentId: number;
  buyerId: number | null;
  sellerId: number | null;
  shares: number;
  priceCents: number;
  createdAt: number;
}

interface SalaryChange {
  at: number;
  playerId: number;
  oldSalary: number;
  newSalary: number;
}

interface RosterRow {
  id: number;
  salary: number;
  createdAt: number;
  retiredAt: number | null;
}

/** What changes a portfolio: the user's trades of one millisecond (oldest first), or a player's contract change. */
type Event = { kind: 'trades'; at: number; trades: TradeRow[] } | { kind: 'rescale'; at: number; key: string; from: number; to: number };

/** The user's state just after an event: the holdings it changed, and their shares after it (0: sold out). */
interface State {
  at: number;
  cashCents: number;
  changes: [key: string, shares: number][];
  event: Event;
}

/** A holding: how many shares of which instrument. */
type Holding = { instrument: Instrument; instrumentId: number; shares: number };

/** What the user paid for a holding's shares, and how many (the average buy price's parts). */
type Bought = { costCents: number; shares: number };

/** The portfolio now, when the caller keeps it (else it is read here). Cents. */
export interface CurrentPortfolio {
  /** Cash available plus cash held in open asks. */
  cashCents: number;
  /** As GET /portfolio values it. */
  shareValueCents: number;
  holdings: Iterable<Holding>;
}

const keyOf = (instrument: Instrument, id: number) => `${instrument}:${id}`;
const parseKey = (key: string): [Instrument, number] => {
  const [instrument, id] = key.split(':') as [Instrument, string];
  return [instrument, Number(id)];
};

/** Cash the trade moved for the user: negative for a buy, positive for a sale. */
const cashDelta = (t: TradeRow, userId: number) => (t.buyerId === userId ? -1 : 1) * t.shares * t.priceCents;
const shareDelta = (t: TradeRow, userId: number) => (t.buyerId === userId ? 1 : -1) * t.shares;

function applyChanges(shares: Map<string, number>, changes: readonly [string, number][]): void {
  for (const [key, n] of changes) {
    if (n > 0) shares.set(key, n);
    else shares.delete(key);
  }
}

/**
 * A portfolio's value over time, for a chart: one point at the end of every millisecond in which
 * the user traded or a rescale changed a holding (the latest ones, at most
 * HISTORY_MAX_POINTS in all), one for now, and one for the moment the account was opened when every
 * trade of the user fits (the user's latest HISTORY_MAX_TRADES trades are read).
 *
 * How each point is worked out, in cents:
 * - cash = balance + cash escrowed in open asks. Only trades move that sum (posting or cancelling an
 *   ask moves cash between the two parts; a retirement is a trade at $1.00), so it is found exactly by
 *   undoing the user's trades one by one, newest first, from today's balance and escrow.
 * - holdings: today's shares (listed ones included), with the user's trades undone the same way,
 *   and the rescales of docs/rules.md §7 Contracts and retirement undone by old/new, rounded: a player's contract
 *   changes (the admin's salary changes, from the audit log), and a team's payroll changes (its
 *   players' contract changes, retirements and drafted rookies, from the rosters). A rescale of a
 *   holding is a point of its own. Rescales from elsewhere (a roster import moving a player) are
 *   not undone; shares never count below zero.
 * - share value: for each holding, shares × the price of the latest trade between two users of that
 *   player or team at or before the point's time (any users: the last trade price of docs/rules.md §5 Prices and values as it was
 *   then); without such a trade, shares × the user's average buy price then — the share-weighted
 *   average of the user's purchases of it up to that time, counted afresh after the holding was
 *   last sold out (at $1.00 if no purchase is known).
 * - total = cash + share value.
 * The point for now is the portfolio as GET /portfolio values it (totalValue), so the chart ends
 * where the cards are. Points are in time order; times never go backwards.
 */
export function createPortfolioHistoryRepo(db: Db) {
  const q = historyQueries(db.$client);
  const sqlPrices = pricesFromTrades(q);
  return {
    /**
     * The points of the user's portfolio value over time, oldest first; undefined for an unknown user.
     * `prices` gives the instruments' (`player:12`) prices over time, and `portfolio` the portfolio
     * now, when the caller keeps them; without them they are read here.
     */
    history(userId: number, now: number, prices: PriceSource = sqlPrices, portfolio?: CurrentPortfolio): HistoryPoint[] | undefined {
      const row = q.userRow.get(userId);
      if (!row) return undefined;
      // The chart begins when the member joined, or when the current season began if later.
      const createdAt = Math.max(row.createdAt, q.seasonChangedAt.get()?.at ?? 0);
      const { cashNow, nowValue, current } = portfolioNow(q, userId, row.balanceCents, portfolio);
      const { groups, complete: everyTrade } = latestTradeGroups(q, userId);
      let complete = everyTrade;
      const since = complete ? createdAt : (groups[groups.length - 1]?.[0]!.createdAt ?? now);
      const { after, cash, shares } = walkBack(eventsSince(q, since, groups, current), userId, cashNow, current);
      const room = HISTORY_MAX_POINTS - 1 - (complete ? 1 : 0);
      if (after.length > room) {
        // The oldest states go; the holdings before the oldest kept one are those states replayed.
        for (const dropped of after.splice(HISTORY_MAX_POINTS - 1).reverse()) applyChanges(shares, dropped.changes);
        complete = false;
      }
      after.reverse();
      // With every trade of the user in the chart, nothing was bought before it.
      const bought = complete ? new Map<string, Bought>() : boughtBefore(q, userId, after, shares, prices, after[0]?.at ?? now);
      return pointsForward({
        userId,
        after,
        bought,
        value: new ShareValue(prices, bought, shares),
        start: complete ? { at: Math.min(createdAt, after[0]?.at ?? createdAt), cashCents: cash } : null,
        now: { at: now, cashCents: cashNow, shareValueCents: nowValue },
      });
    },
  };
}
export type PortfolioHistoryRepo = ReturnType<typeof createPortfolioHistoryRepo>;

/** The history's queries, prepared once. */
function historyQueries(sqlite: Database.Database) {
  const tradeColumns = `id, instrument, instrument_id AS instrumentId, buyer_id AS buyerId, seller_id AS sellerId, shares,
    price_cents AS priceCents, created_at AS createdAt`;
  return {
    userRow: sqlite.prepare<[number], { balanceCents: number; createdAt: number }>(
      'SELECT balance_cents AS balanceCents, created_at AS createdAt FROM users WHERE id = ?',
    ),
    escrow: sqlite.prepare<[number], { cents: number }>(
      `SELECT COALESCE(SUM(price_cents * shares_remaining), 0) AS cents FROM orders WHERE user_id = ? AND side = 'ask' AND status = 'open'`,
    ),
    holdings: sqlite.prepare<
      [{ userId: number }],
      { instrument: Instrument; instrumentId: number; shares: number; costBasisCents: number; lastPriceCents: number | null }
    >(`
    SELECT h.instrument, h.instrument_id AS instrumentId, h.shares, h.cost_basis_cents AS costBasisCents, ${INSTRUMENT_LAST_PRICE} AS lastPriceCents
      FROM holdings h ${instrumentPriceJoinsSql('h')} WHERE h.user_id = @userId ORDER BY h.instrument, h.instrument_id`),
    // The user's purchases and sales, newest first, each along its own index (user, time): read as
    // far as needed, merged here, so a busy trader costs no more than the trades the chart uses.
    // The current season's only (docs/seasons.md): it started from the starting cash and no shares.
    boughtNewestFirst: sqlite.prepare<[number], TradeRow>(
      `SELECT ${tradeColumns} FROM trades WHERE buyer_id = ? AND ${inCurrentSeasonSql()} ORDER BY created_at DESC, id DESC`,
    ),
    soldNewestFirst: sqlite.prepare<[number, number], TradeRow>(
      `SELECT ${tradeColumns} FROM trades WHERE seller_id = ? AND (buyer_id IS NULL OR buyer_id <> ?) AND ${inCurrentSeasonSql()} ORDER BY created_at DESC, id DESC`,
    ),
    seasonChangedAt: sqlite.prepare<[], { at: number }>('SELECT COALESCE(MAX(ended_at), 0) AS at FROM seasons'),
    // What the user bought before a trade: of one instrument (through the instrument's trades), or
    // of all (through the user's purchases), whichever reads less for the instruments it is needed for.
    buysOfBefore: sqlite.prepare<
      [{ userId: number; instrument: Instrument; id: number; beforeId: number }],
      { costCents: number | null; shares: number | null }
    >(`
    SELECT SUM(shares * price_cents) AS costCents, SUM(shares) AS shares
    FROM trades WHERE instrument = @instrument AND instrument_id = @id AND buyer_id = @userId AND id < @beforeId AND ${inCurrentSeasonSql()}`),
    buysBefore: sqlite.prepare<[{ userId: number; beforeId: number }], { instrument: Instrument; instrumentId: number; costCents: number; shares: number }>(`
    SELECT instrument, instrument_id AS instrumentId, SUM(shares * price_cents) AS costCents, SUM(shares) AS shares
    FROM trades WHERE buyer_id = @userId AND id < @beforeId AND ${inCurrentSeasonSql()}
    GROUP BY instrument, instrument_id`),
    // Contract changes, from the audit log the admin's changes are written to (engine/admin.ts: 'player.salary').
    salaryChanges: sqlite.prepare<[{ since: number; limit: number }], SalaryChange>(`
    SELECT created_at AS at, json_extract(details, '$.playerId') AS playerId,
      json_extract(details, '$.oldSalary') AS oldSalary, json_extract(details, '$.newSalary') AS newSalary
    FROM audit_log WHERE action = 'player.salary' AND created_at >= @since
    ORDER BY created_at DESC, id DESC LIMIT @limit`),
    teamRoster: sqlite.prepare<[number], RosterRow>('SELECT id, salary, created_at AS createdAt, retired_at AS retiredAt FROM players WHERE team_id = ?'),
    priceAt: sqlite.prepare<[{ instrument: Instrument; id: number; at: number }], { priceCents: number }>(`
    SELECT price_cents AS priceCents FROM trades tr
    WHERE tr.instrument = @instrument AND tr.instrument_id = @id AND tr.created_at <= @at AND ${userToUserSql('tr')} AND ${inCurrentSeasonSql('tr')}
    ORDER BY tr.created_at DESC, tr.id DESC LIMIT 1`),
    nextPriceChange: sqlite.prepare<[{ instrument: Instrument; id: number; at: number }], { at: number }>(`
    SELECT created_at AS at FROM trades tr
    WHERE tr.instrument = @instrument AND tr.instrument_id = @id AND tr.created_at > @at AND ${userToUserSql('tr')} AND ${inCurrentSeasonSql('tr')}
    ORDER BY tr.created_at ASC, tr.id ASC LIMIT 1`),
  };
}
type Queries = ReturnType<typeof historyQueries>;

/** Prices read from the trades, two look-ups each time an instrument's price is due to change. */
function pricesFromTrades(q: Queries): PriceSource {
  return {
    priceAt(key, at) {
      const [instrument, id] = parseKey(key);
      return q.priceAt.get({ instrument, id, at })?.priceCents ?? null;
    },
    nextChange(key, at) {
      const [instrument, id] = parseKey(key);
      return q.nextPriceChange.get({ instrument, id, at })?.at ?? Number.POSITIVE_INFINITY;
    },
  };
}

/** The portfolio now: the caller's, else read here (shares valued at their last price, or what they cost). */
function portfolioNow(
  q: Queries,
  userId: number,
  balanceCents: number,
  portfolio?: CurrentPortfolio,
): { cashNow: number; nowValue: number; current: Holding[] } {
  if (portfolio) return { cashNow: portfolio.cashCents, nowValue: portfolio.shareValueCents, current: [...portfolio.holdings] };
  const rows = q.holdings.all({ userId });
  return {
    cashNow: balanceCents + (q.escrow.get(userId)?.cents ?? 0),
    nowValue: rows.reduce((sum, h) => sum + (h.lastPriceCents === null ? h.costBasisCents : h.shares * h.lastPriceCents), 0),
    current: rows,
  };
}

/**
 * The user's latest trades (at most HISTORY_MAX_TRADES), newest first, grouped by millisecond,
 * read a page at a time until they hold more groups than there are points (the newest points are
 * then those of every trade). Every trade is known (`complete`) only when the reads ran out of
 * trades before the limit; else the oldest group may be cut, and is left out.
 */
function latestTradeGroups(q: Queries, userId: number): { groups: TradeRow[][]; complete: boolean } {
  const rows: TradeRow[] = [];
  let groupCount = 0;
  let complete = false;
  const purchases = q.boughtNewestFirst.iterate(userId);
  const sales = q.soldNewestFirst.iterate(userId, userId);
  try {
    let b = purchases.next();
    let s = sales.next();
    for (;;) {
      if (b.done && s.done) {
        complete = true;
        break;
      }
      if (rows.length >= HISTORY_MAX_TRADES || groupCount - 1 >= HISTORY_MAX_POINTS) break;
      const takeBought = s.done || (!b.done && (b.value.createdAt > s.value.createdAt || (b.value.createdAt === s.value.createdAt && b.value.id > s.value.id)));
      const row = takeBought ? b.value! : s.value!;
      if (takeBought) b = purchases.next();
      else s = sales.next();
      if (rows.length === 0 || rows[rows.length - 1]!.createdAt !== row.createdAt) groupCount++;
      rows.push(row);
    }
  } finally {
    purchases.return?.();
    sales.return?.();
  }
  const groups: TradeRow[][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.createdAt === row.createdAt) last.push(row);
    else groups.push([row]);
  }
  if (!complete) groups.pop();
  return { groups, complete };
}

/** The trades and contract changes since `since`, newest first (a contract change of the same millisecond counts as later). */
function eventsSince(q: Queries, since: number, groups: readonly TradeRow[][], current: readonly Holding[]): Event[] {
  const changes = q.salaryChanges.all({ since, limit: HISTORY_MAX_TRADES });
  const teamIds = new Set<number>(current.filter((h) => h.instrument === 'team').map((h) => h.instrumentId));
  for (const g of groups) for (const t of g) if (t.instrument === 'team') teamIds.add(t.instrumentId);
  return [
    ...groups.map((g): Event => ({ kind: 'trades', at: g[0]!.createdAt, trades: [...g].reverse() })),
    ...changes.map((c): Event => ({ kind: 'rescale', at: c.at, key: keyOf('player', c.playerId), from: c.oldSalary, to: c.newSalary })),
    ...teamRescales((teamId) => q.teamRoster.all(teamId), teamIds, since, changes),
  ].sort((a, b) => b.at - a.at || (a.kind === b.kind ? 0 : a.kind === 'rescale' ? -1 : 1));
}

/**
 * The payroll changes of the given teams since `since`, as rescales of their holdings: a team's
 * shares are its payroll (active players' salaries), and a payroll change (a contract change, a
 * retirement, drafted rookies) rescales every holding by new/old. Payrolls then are worked out
 * from the rosters and the contract changes.
 */
function teamRescales(rosterOf: (teamId: number) => RosterRow[], teamIds: Iterable<number>, since: number, changes: readonly SalaryChange[]): Event[] {
  const byPlayer = new Map<number, SalaryChange[]>();
  for (const c of changes) {
    const list = byPlayer.get(c.playerId);
    if (list) list.push(c);
    else byPlayer.set(c.playerId, [c]);
  }
  // `changes` are newest first: undo those after `at`.
  const salaryAt = (p: RosterRow, at: number) => {
    let salary = p.salary;
    for (const c of byPlayer.get(p.id) ?? []) {
      if (c.at <= at) break;
      salary = c.oldSalary;
    }
    return salary;
  };
  const events: Event[] = [];
  for (const teamId of teamIds) {
    const roster = rosterOf(teamId);
    const payroll = (at: number) =>
      roster.reduce((sum, p) => (p.createdAt <= at && (p.retiredAt === null || p.retiredAt > at) ? sum + salaryAt(p, at) : sum), 0);
    const times = new Set<number>();
    for (const p of roster) {
      if (p.createdAt >= since) times.add(p.createdAt);
      if (p.retiredAt !== null && p.retiredAt >= since) times.add(p.retiredAt);
      for (const c of byPlayer.get(p.id) ?? []) times.add(c.at);
    }
    for (const at of times) {
      const from = payroll(at - 1);
      const to = payroll(at);
      if (from !== to && from > 0 && to > 0) events.push({ kind: 'rescale', at, key: keyOf('team', teamId), from, to });
    }
  }
  return events;
}

/**
 * Walks back from today through the events, newest first: the state after each (newest first), and
 * the cash and holdings before the oldest.
 */
function walkBack(
  events: readonly Event[],
  userId: number,
  cashNow: number,
  current: readonly Holding[],
): { after: State[]; cash: number; shares: Map<string, number> } {
  const after: State[] = [];
  let cash = cashNow;
  const shares = new Map<string, number>(current.map((h) => [keyOf(h.instrument, h.instrumentId), h.shares]));
  for (const event of events) {
    if (event.kind === 'rescale') {
      const held = shares.get(event.key);
      // Only a contract change of something the user held is a change of this portfolio.
      if (held === undefined || event.from <= 0 || event.to <= 0) continue;
      after.push({ at: event.at, cashCents: cash, changes: [[event.key, held]], event });
      const before = Math.round((held * event.from) / event.to);
      if (before > 0) shares.set(event.key, before);
      else shares.delete(event.key);
      continue;
    }
    const changes: [string, number][] = [];
    const touched = new Set<string>();
    for (const t of event.trades) {
      const key = keyOf(t.instrument, t.instrumentId);
      if (!touched.has(key)) {
        touched.add(key);
        changes.push([key, shares.get(key) ?? 0]);
      }
    }
    after.push({ at: event.at, cashCents: cash, changes, event });
    for (const t of event.trades) {
      cash -= cashDelta(t, userId);
      const key = keyOf(t.instrument, t.instrumentId);
      const before = Math.max(0, (shares.get(key) ?? 0) - shareDelta(t, userId));
      if (before > 0) shares.set(key, before);
      else shares.delete(key);
    }
  }
  return { after, cash, shares };
}

/**
 * What the user bought before the chart's first state (`firstAt`), of the holdings an average buy
 * price values: those whose instrument has no price then.
 */
function boughtBefore(
  q: Queries,
  userId: number,
  after: readonly State[],
  shares: ReadonlyMap<string, number>,
  prices: PriceSource,
  firstAt: number,
): Map<string, Bought> {
  let oldestId = Number.MAX_SAFE_INTEGER;
  for (const state of after) if (state.event.kind === 'trades') for (const t of state.event.trades) oldestId = Math.min(oldestId, t.id);
  const bought = new Map<string, Bought>();
  const held = new Set<string>(shares.keys());
  for (const state of after) for (const [key] of state.changes) held.add(key);
  const unpriced = [...held].filter((key) => prices.priceAt(key, firstAt) === null);
  if (unpriced.length > FEW_UNPRICED) {
    const wanted = new Set(unpriced);
    for (const b of q.buysBefore.all({ userId, beforeId: oldestId })) {
      const key = keyOf(b.instrument, b.instrumentId);
      if (wanted.has(key)) bought.set(key, { costCents: b.costCents, shares: b.shares });
    }
  } else {
    for (const key of unpriced) {
      const [instrument, id] = parseKey(key);
      const b = q.buysOfBefore.get({ userId, instrument, id, beforeId: oldestId });
      if (b?.shares) bought.set(key, { costCents: b.costCents!, shares: b.shares });
    }
  }
  return bought;
}

/**
 * Forward in time, the points: the start (when every trade is known), one after each state, with
 * average buy prices kept as the user buys, and the last one for now, as the caller values it.
 */
function pointsForward(f: {
  userId: number;
  after: readonly State[];
  /** What the user paid for each holding so far (kept here as purchases come); `value` reads it. */
  bought: Map<string, Bought>;
  value: ShareValue;
  start: { at: number; cashCents: number } | null;
  now: { at: number; cashCents: number; shareValueCents: number };
}): HistoryPoint[] {
  const { userId, bought, value } = f;
  const points: HistoryPoint[] = [];
  const push = (at: number, cashCents: number, atNow: boolean) => {
    const time = Math.max(at, points[points.length - 1]?.at ?? Number.NEGATIVE_INFINITY);
    const shareValueCents = atNow ? f.now.shareValueCents : value.at(time);
    points.push({ at: time, cashCents, shareValueCents, totalValueCents: cashCents + shareValueCents });
  };
  if (f.start) push(f.start.at, f.start.cashCents, false);
  for (const state of f.after) {
    const { event } = state;
    value.apply(state.changes);
    if (event.kind === 'rescale') {
      // A split leaves what was paid unchanged: the average scales by old/new.
      const b = bought.get(event.key);
      if (b) bought.set(event.key, { costCents: b.costCents, shares: (b.shares * event.to) / event.from });
      value.touch(event.key);
      push(state.at, state.cashCents, false);
      continue;
    }
    for (const t of event.trades) {
      if (t.buyerId !== userId) continue;
      const key = keyOf(t.instrument, t.instrumentId);
      const b = bought.get(key) ?? { costCents: 0, shares: 0 };
      bought.set(key, { costCents: b.costCents + t.shares * t.priceCents, shares: b.shares + t.shares });
      value.touch(key);
    }
    push(state.at, state.cashCents, false);
    // A holding sold out: its next purchase starts a new average.
    for (const [key, held] of state.changes) {
      if (held === 0 && bought.delete(key)) value.touch(key);
    }
  }
  push(f.now.at, f.now.cashCents, true);
  return points;
}
