import type { Db } from '../client.js';
import { OPEN_MARKET_PRICE_CENTS } from '../../shared/money.js';
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

/**
 * An instrument's last user-to-user price at a time, and when it next changes (the first such trade
 * after that time; Infinity when none): history visits times in order and asks again only then.
 */
export interface PriceSource {
  priceAt(key: string, at: number): number | null;
  nextChange(key: string, at: number): number;
  /** Both for one instrument, without looking it up each time (optional). */
  cursor?(key: string): { priceAt(at: number): number | null; nextChange(at: number): number };
}

/** The portfolio now, when the caller keeps it (else it is read here). Cents. */
export interface CurrentPortfolio {
  /** Cash available plus cash held in open asks. */
  cashCents: number;
  /** As GET /portfolio values it. */
  shareValueCents: number;
  holdings: Iterable<{ instrument: Instrument; instrumentId: number; shares: number }>;
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
 * The share value of changing holdings at increasing times, kept as a sum of each holding's part: a
 * part is worked out again only when its shares, its average buy price or its price changed. A heap
 * orders the held instruments by when their price is next due to change (the price source says), so
 * a point costs only the holdings that changed since the last one.
 */
class ShareValue {
  private readonly index = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly count: number[] = [];
  private readonly price: (number | null)[] = [];
  private readonly validUntil: number[] = [];
  private readonly part: number[] = [];
  private readonly held: boolean[] = [];
  private readonly isDirty: boolean[] = [];
  private readonly dirty: number[] = [];
  private readonly cursors: ({ priceAt(at: number): number | null; nextChange(at: number): number } | null)[] = [];
  /** A heap of (validUntil, index) pairs, soonest first; stale pairs are skipped when they come up. */
  private dueAt = new Float64Array(64);
  private dueIndex = new Int32Array(64);
  private dueSize = 0;
  private total = 0;

  constructor(
    private readonly prices: PriceSource,
    private readonly bought: Map<string, { costCents: number; shares: number }>,
    start: Map<string, number>,
  ) {
    for (const [key, n] of start) this.set(key, n);
  }

  private slot(key: string): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.keys.length;
      this.index.set(key, i);
      this.keys.push(key);
      this.count.push(0);
      this.price.push(null);
      this.validUntil.push(Number.NEGATIVE_INFINITY);
      this.part.push(0);
      this.held.push(false);
      this.isDirty.push(false);
      this.cursors.push(this.prices.cursor?.(key) ?? null);
    }
    return i;
  }

  private mark(i: number): void {
    if (this.isDirty[i]) return;
    this.isDirty[i] = true;
    this.dirty.push(i);
  }

  private set(key: string, n: number): void {
    const i = this.slot(key);
    this.count[i] = n;
    if (n > 0 && !this.held[i]) {
      this.held[i] = true;
      this.push(this.validUntil[i]!, i);
    } else if (n === 0 && this.held[i]) {
      this.held[i] = false;
    }
    this.mark(i);
  }

  apply(changes: readonly [string, number][]): void {
    for (const [key, n] of changes) this.set(key, n);
  }

  /** Its average buy price changed. */
  touch(key: string): void {
    const i = this.index.get(key);
    if (i !== undefined) this.mark(i);
  }

  at(time: number): number {
    while (this.dueSize > 0 && this.dueAt[0]! <= time) {
      const until = this.dueAt[0]!;
      const i = this.pop();
      if (!this.held[i] || until !== this.validUntil[i]) continue;
      const cursor = this.cursors[i];
      const key = this.keys[i]!;
      this.price[i] = cursor ? cursor.priceAt(time) : this.prices.priceAt(key, time);
      this.validUntil[i] = cursor ? cursor.nextChange(time) : this.prices.nextChange(key, time);
      this.push(this.validUntil[i]!, i);
      this.mark(i);
    }
    for (const i of this.dirty) {
      this.isDirty[i] = false;
      let part = 0;
      if (this.held[i]) {
        const count = this.count[i]!;
        const price = this.price[i]!;
        if (price !== null) {
          part = count * price;
        } else {
          const b = this.bought.get(this.keys[i]!);
          part = b && b.shares > 0 ? Math.round((b.costCents * count) / b.shares) : count * OPEN_MARKET_PRICE_CENTS;
        }
      }
      this.total += part - this.part[i]!;
      this.part[i] = part;
    }
    this.dirty.length = 0;
    return this.total;
  }

  private push(until: number, i: number): void {
    if (this.dueSize === this.dueAt.length) {
      const at = new Float64Array(this.dueSize * 2);
      at.set(this.dueAt);
      this.dueAt = at;
      const index = new Int32Array(this.dueSize * 2);
      index.set(this.dueIndex);
      this.dueIndex = index;
    }
    const dueAt = this.dueAt;
    const dueIndex = this.dueIndex;
    let c = this.dueSize++;
    while (c > 0) {
      const p = (c - 1) >> 1;
      if (dueAt[p]! <= until) break;
      dueAt[c] = dueAt[p]!;
      dueIndex[c] = dueIndex[p]!;
      c = p;
    }
    dueAt[c] = until;
    dueIndex[c] = i;
  }

  /** Takes the soonest pair out; answers its index. */
  private pop(): number {
    const dueAt = this.dueAt;
    const dueIndex = this.dueIndex;
    const top = dueIndex[0]!;
    const n = --this.dueSize;
    const until = dueAt[n]!;
    const i = dueIndex[n]!;
    let p = 0;
    for (;;) {
      const l = 2 * p + 1;
      if (l >= n) break;
      const r = l + 1;
      const m = r < n && dueAt[r]! < dueAt[l]! ? r : l;
      if (dueAt[m]! >= until) break;
      dueAt[p] = dueAt[m]!;
      dueIndex[p] = dueIndex[m]!;
      p = m;
    }
    dueAt[p] = until;
    dueIndex[p] = i;
    return top;
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
  const sqlite = db.$client;
  const userRow = sqlite.prepare<[number], { balanceCents: number; createdAt: number }>(
    'SELECT balance_cents AS balanceCents, created_at AS createdAt FROM users WHERE id = ?',
  );
  const escrow = sqlite.prepare<[number], { cents: number }>(
    `SELECT COALESCE(SUM(price_cents * shares_remaining), 0) AS cents FROM orders WHERE user_id = ? AND side = 'ask' AND status = 'open'`,
  );
  const holdings = sqlite.prepare<
    [{ userId: number }],
    { instrument: Instrument; instrumentId: number; shares: number; costBasisCents: number; lastPriceCents: number | null }
  >(`
    SELECT h.instrument, h.instrument_id AS instrumentId, h.shares, h.cost_basis_cents AS costBasisCents, ${INSTRUMENT_LAST_PRICE} AS lastPriceCents
      FROM holdings h ${instrumentPriceJoinsSql('h')} WHERE h.user_id = @userId ORDER BY h.instrument, h.instrument_id`);
  const tradeColumns = `id, instrument, instrument_id AS instrumentId, buyer_id AS buyerId, seller_id AS sellerId, shares,
    price_cents AS priceCents, created_at AS createdAt`;
  // The user's purchases and sales, newest first, each along its own index (user, time): read as
  // far as needed, merged here, so a busy trader costs no more than the trades the chart uses.
  // The current season's only (docs/seasons.md): it started from the starting cash and no shares.
  const boughtNewestFirst = sqlite.prepare<[number], TradeRow>(
    `SELECT ${tradeColumns} FROM trades WHERE buyer_id = ? AND ${inCurrentSeasonSql()} ORDER BY created_at DESC, id DESC`,
  );
  const soldNewestFirst = sqlite.prepare<[number, number], TradeRow>(
    `SELECT ${tradeColumns} FROM trades WHERE seller_id = ? AND (buyer_id IS NULL OR buyer_id <> ?) AND ${inCurrentSeasonSql()} ORDER BY created_at DESC, id DESC`,
  );
  const seasonChangedAt = sqlite.prepare<[], { at: number }>('SELECT COALESCE(MAX(ended_at), 0) AS at FROM seasons');
  // What the user bought before a trade: of one instrument (through the instrument's trades), or
  // of all (through the user's purchases), whichever reads less for the instruments it is needed for.
  const buysOfBefore = sqlite.prepare<
    [{ userId: number; instrument: Instrument; id: number; beforeId: number }],
    { costCents: number | null; shares: number | null }
  >(`
    SELECT SUM(shares * price_cents) AS costCents, SUM(shares) AS shares
    FROM trades WHERE instrument = @instrument AND instrument_id = @id AND buyer_id = @userId AND id < @beforeId AND ${inCurrentSeasonSql()}`);
  const buysBefore = sqlite.prepare<
    [{ userId: number; beforeId: number }],
    { instrument: Instrument; instrumentId: number; costCents: number; shares: number }
  >(`
    SELECT instrument, instrument_id AS instrumentId, SUM(shares * price_cents) AS costCents, SUM(shares) AS shares
    FROM trades WHERE buyer_id = @userId AND id < @beforeId AND ${inCurrentSeasonSql()}
    GROUP BY instrument, instrument_id`);
  // Contract changes, from the audit log the admin's changes are written to (engine/admin.ts: 'player.salary').
  const salaryChanges = sqlite.prepare<[{ since: number; limit: number }], SalaryChange>(`
    SELECT created_at AS at, json_extract(details, '$.playerId') AS playerId,
      json_extract(details, '$.oldSalary') AS oldSalary, json_extract(details, '$.newSalary') AS newSalary
    FROM audit_log WHERE action = 'player.salary' AND created_at >= @since
    ORDER BY created_at DESC, id DESC LIMIT @limit`);
  const teamRoster = sqlite.prepare<[number], RosterRow>('SELECT id, salary, created_at AS createdAt, retired_at AS retiredAt FROM players WHERE team_id = ?');

  /**
   * The payroll changes of the given teams since `since`, as rescales of their holdings: a team's
   * shares are its payroll (active players' salaries), and a payroll change (a contract change, a
   * retirement, drafted rookies) rescales every holding by new/old. Payrolls then are worked out
   * from the rosters and the contract changes.
   */
  function teamRescales(teamIds: Iterable<number>, since: number, changes: readonly SalaryChange[]): Event[] {
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
      const roster = teamRoster.all(teamId);
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

  const priceAt = sqlite.prepare<[{ instrument: Instrument; id: number; at: number }], { priceCents: number }>(`
    SELECT price_cents AS priceCents FROM trades tr
    WHERE tr.instrument = @instrument AND tr.instrument_id = @id AND tr.created_at <= @at AND ${userToUserSql('tr')} AND ${inCurrentSeasonSql('tr')}
    ORDER BY tr.created_at DESC, tr.id DESC LIMIT 1`);
  const nextPriceChange = sqlite.prepare<[{ instrument: Instrument; id: number; at: number }], { at: number }>(`
    SELECT created_at AS at FROM trades tr
    WHERE tr.instrument = @instrument AND tr.instrument_id = @id AND tr.created_at > @at AND ${userToUserSql('tr')} AND ${inCurrentSeasonSql('tr')}
    ORDER BY tr.created_at ASC, tr.id ASC LIMIT 1`);

  /** Prices read from the trades, two look-ups each time an instrument's price is due to change. */
  const sqlPrices: PriceSource = {
    priceAt(key, at) {
      const [instrument, id] = parseKey(key);
      return priceAt.get({ instrument, id, at })?.priceCents ?? null;
    },
    nextChange(key, at) {
      const [instrument, id] = parseKey(key);
      return nextPriceChange.get({ instrument, id, at })?.at ?? Number.POSITIVE_INFINITY;
    },
  };

  return {
    /**
     * The points of the user's portfolio value over time, oldest first; undefined for an unknown user.
     * `prices` gives the instruments' (`player:12`) prices over time, and `portfolio` the portfolio
     * now, when the caller keeps them; without them they are read here.
     */
    history(userId: number, now: number, prices: PriceSource = sqlPrices, portfolio?: CurrentPortfolio): HistoryPoint[] | undefined {
      const row = userRow.get(userId);
      if (!row) return undefined;
      // The chart begins when the member joined, or when the current season began if later.
      const user = { ...row, createdAt: Math.max(row.createdAt, seasonChangedAt.get()?.at ?? 0) };
      let cashNow: number;
      let nowValue: number;
      let current: { instrument: Instrument; instrumentId: number; shares: number }[];
      if (portfolio) {
        ({ cashCents: cashNow, shareValueCents: nowValue } = portfolio);
        current = [...portfolio.holdings];
      } else {
        cashNow = user.balanceCents + (escrow.get(userId)?.cents ?? 0);
        const rows = holdings.all({ userId });
        nowValue = rows.reduce((sum, h) => sum + (h.lastPriceCents === null ? h.costBasisCents : h.shares * h.lastPriceCents), 0);
        current = rows;
      }

      // The user's latest trades (at most HISTORY_MAX_TRADES), newest first, grouped by millisecond,
      // read a page at a time until they hold more groups than there are points (the newest points
      // are then those of every trade). Every trade is known only when the reads ran out of trades
      // before the limit; else the oldest group may be cut.
      const rows: TradeRow[] = [];
      let groupCount = 0;
      let complete = false;
      const purchases = boughtNewestFirst.iterate(userId);
      const sales = soldNewestFirst.iterate(userId, userId);
      try {
        let b = purchases.next();
        let s = sales.next();
        for (;;) {
          if (b.done && s.done) {
            complete = true;
            break;
          }
          if (rows.length >= HISTORY_MAX_TRADES || groupCount - 1 >= HISTORY_MAX_POINTS) break;
          const takeBought =
            s.done || (!b.done && (b.value.createdAt > s.value.createdAt || (b.value.createdAt === s.value.createdAt && b.value.id > s.value.id)));
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
      const since = complete ? user.createdAt : (groups[groups.length - 1]?.[0]!.createdAt ?? now);

      // Trades and contract changes, newest first (a contract change of the same millisecond counts as later).
      const changes = salaryChanges.all({ since, limit: HISTORY_MAX_TRADES });
      const teamIds = new Set<number>(current.filter((h) => h.instrument === 'team').map((h) => h.instrumentId));
      for (const g of groups) for (const t of g) if (t.instrument === 'team') teamIds.add(t.instrumentId);
      const events: Event[] = [
        ...groups.map((g): Event => ({ kind: 'trades', at: g[0]!.createdAt, trades: [...g].reverse() })),
        ...changes.map((c): Event => ({ kind: 'rescale', at: c.at, key: keyOf('player', c.playerId), from: c.oldSalary, to: c.newSalary })),
        ...teamRescales(teamIds, since, changes),
      ].sort((a, b) => b.at - a.at || (a.kind === b.kind ? 0 : a.kind === 'rescale' ? -1 : 1));

      // Walk back from today: the state after each event, newest first.
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
      const room = HISTORY_MAX_POINTS - 1 - (complete ? 1 : 0);
      if (after.length > room) {
        // The oldest states go; the holdings before the oldest kept one are those states replayed.
        for (const dropped of after.splice(HISTORY_MAX_POINTS - 1).reverse()) applyChanges(shares, dropped.changes);
        complete = false;
      }
      after.reverse();

      // Forward in time: average buy prices and values. An average buy price values a holding only
      // while its instrument has no price: what was bought before the chart is read for those alone.
      let oldestId = Number.MAX_SAFE_INTEGER;
      for (const state of after) if (state.event.kind === 'trades') for (const t of state.event.trades) oldestId = Math.min(oldestId, t.id);
      const firstAt = complete ? Math.min(user.createdAt, after[0]?.at ?? user.createdAt) : (after[0]?.at ?? now);
      const bought = new Map<string, { costCents: number; shares: number }>();
      const held = new Set<string>(shares.keys());
      for (const state of after) for (const [key] of state.changes) held.add(key);
      // With every trade of the user in the chart, nothing was bought before it.
      const unpriced = complete ? [] : [...held].filter((key) => prices.priceAt(key, firstAt) === null);
      if (unpriced.length > FEW_UNPRICED) {
        const wanted = new Set(unpriced);
        for (const b of buysBefore.all({ userId, beforeId: oldestId })) {
          const key = keyOf(b.instrument, b.instrumentId);
          if (wanted.has(key)) bought.set(key, { costCents: b.costCents, shares: b.shares });
        }
      } else {
        for (const key of unpriced) {
          const [instrument, id] = parseKey(key);
          const b = buysOfBefore.get({ userId, instrument, id, beforeId: oldestId });
          if (b?.shares) bought.set(key, { costCents: b.costCents!, shares: b.shares });
        }
      }
      const value = new ShareValue(prices, bought, shares);

      const points: HistoryPoint[] = [];
      const push = (at: number, cashCents: number, atNow: boolean) => {
        const time = Math.max(at, points[points.length - 1]?.at ?? Number.NEGATIVE_INFINITY);
        const shareValueCents = atNow ? nowValue : value.at(time);
        points.push({ at: time, cashCents, shareValueCents, totalValueCents: cashCents + shareValueCents });
      };
      if (complete) push(Math.min(user.createdAt, after[0]?.at ?? user.createdAt), cash, false);
      for (const state of after) {
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
      push(now, cashNow, true);
      return points;
    },
  };
}
export type PortfolioHistoryRepo = ReturnType<typeof createPortfolioHistoryRepo>;
