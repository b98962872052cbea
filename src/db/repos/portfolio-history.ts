import type { Db } from '../client.js';
import { OPEN_MARKET_PRICE_CENTS } from '../../shared/money.js';
import { userToUserSql } from './read-sql.js';

/** The most points one history answers (the chart needs no more). */
export const HISTORY_MAX_POINTS = 500;
/** The most of the user's latest trades read to build them. */
export const HISTORY_MAX_TRADES = 2_000;

/** One point of a portfolio's value over time. Cents; `at` is epoch ms. */
export interface HistoryPoint {
  at: number;
  /** Cash available plus cash held in open asks. */
  cashCents: number;
  shareValueCents: number;
  /** cash + share value. */
  totalValueCents: number;
}

type Instrument = 'player' | 'team';

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
type Event =
  | { kind: 'trades'; at: number; trades: TradeRow[] }
  | { kind: 'rescale'; at: number; key: string; from: number; to: number };

/** The user's state just after an event. */
interface State {
  at: number;
  cashCents: number;
  /** Shares held per instrument key (`player:12`), only positive counts. */
  shares: Map<string, number>;
  event: Event;
}

const keyOf = (instrument: Instrument, id: number) => `${instrument}:${id}`;
const parseKey = (key: string): [Instrument, number] => {
  const [instrument, id] = key.split(':') as [Instrument, string];
  return [instrument, Number(id)];
};

/** Cash the trade moved for the user: negative for a buy, positive for a sale. */
const cashDelta = (t: TradeRow, userId: number) => (t.buyerId === userId ? -1 : 1) * t.shares * t.priceCents;
const shareDelta = (t: TradeRow, userId: number) => (t.buyerId === userId ? 1 : -1) * t.shares;

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
 *   and the rescales of RULES.md "Contracts" undone by old/new, rounded: a player's contract
 *   changes (the admin's salary changes, from the audit log), and a team's payroll changes (its
 *   players' contract changes, retirements and drafted rookies, from the rosters). A rescale of a
 *   holding is a point of its own. Rescales from elsewhere (a roster import moving a player) are
 *   not undone; shares never count below zero.
 * - share value: for each holding, shares × the price of the latest trade between two users of that
 *   player or team at or before the point's time (any users: RULES.md's last trade price as it was
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
  const holdings = sqlite.prepare<[{ userId: number }], { instrument: Instrument; instrumentId: number; shares: number; costBasisCents: number; lastPriceCents: number | null }>(`
    SELECT 'player' AS instrument, h.player_id AS instrumentId, h.shares, h.cost_basis_cents AS costBasisCents, p.last_trade_price_cents AS lastPriceCents
      FROM player_holdings h JOIN players p ON p.id = h.player_id WHERE h.user_id = @userId
    UNION ALL
    SELECT 'team', h.team_id, h.shares, h.cost_basis_cents, t.last_trade_price_cents
      FROM team_holdings h JOIN teams t ON t.id = h.team_id WHERE h.user_id = @userId`);
  // Each half walks its own index newest first, so a busy trader costs no more than the limit.
  const tradeColumns = `id, instrument, instrument_id AS instrumentId, buyer_id AS buyerId, seller_id AS sellerId, shares,
    price_cents AS priceCents, created_at AS createdAt`;
  const latestTrades = sqlite.prepare<[{ userId: number; limit: number }], TradeRow>(`
    SELECT * FROM (SELECT ${tradeColumns} FROM trades WHERE buyer_id = @userId ORDER BY id DESC LIMIT @limit)
    UNION ALL
    SELECT * FROM (SELECT ${tradeColumns} FROM trades WHERE seller_id = @userId AND (buyer_id IS NULL OR buyer_id <> @userId) ORDER BY id DESC LIMIT @limit)
    ORDER BY id DESC LIMIT @limit`);
  const buysBefore = sqlite.prepare<[{ userId: number; beforeId: number }], { instrument: Instrument; instrumentId: number; costCents: number; shares: number }>(`
    SELECT instrument, instrument_id AS instrumentId, SUM(shares * price_cents) AS costCents, SUM(shares) AS shares
    FROM trades WHERE buyer_id = @userId AND id < @beforeId
    GROUP BY instrument, instrument_id`);
  // Contract changes, from the audit log the admin's changes are written to (engine/admin.ts: 'player.salary').
  const salaryChanges = sqlite.prepare<[{ since: number; limit: number }], SalaryChange>(`
    SELECT created_at AS at, json_extract(details, '$.playerId') AS playerId,
      json_extract(details, '$.oldSalary') AS oldSalary, json_extract(details, '$.newSalary') AS newSalary
    FROM audit_log WHERE action = 'player.salary' AND created_at >= @since
    ORDER BY created_at DESC, id DESC LIMIT @limit`);
  const teamRoster = sqlite.prepare<[number], RosterRow>(
    'SELECT id, salary, created_at AS createdAt, retired_at AS retiredAt FROM players WHERE team_id = ?',
  );

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
    WHERE tr.instrument = @instrument AND tr.instrument_id = @id AND tr.created_at <= @at AND ${userToUserSql('tr')}
    ORDER BY tr.created_at DESC, tr.id DESC LIMIT 1`);
  const nextPriceChange = sqlite.prepare<[{ instrument: Instrument; id: number; at: number }], { at: number }>(`
    SELECT created_at AS at FROM trades tr
    WHERE tr.instrument = @instrument AND tr.instrument_id = @id AND tr.created_at > @at AND ${userToUserSql('tr')}
    ORDER BY tr.created_at ASC, tr.id ASC LIMIT 1`);

  /**
   * The last user-to-user price of each instrument, for points visited in time order. It asks the
   * database again only once a newer trade of that instrument is due, so a quiet holding costs two
   * look-ups for the whole history.
   */
  function priceTracker() {
    const known = new Map<string, { priceCents: number | null; validUntil: number }>();
    return (key: string, at: number): number | null => {
      const cached = known.get(key);
      if (cached && at < cached.validUntil) return cached.priceCents;
      const [instrument, id] = parseKey(key);
      const priceCents = priceAt.get({ instrument, id, at })?.priceCents ?? null;
      const next = nextPriceChange.get({ instrument, id, at })?.at ?? Number.POSITIVE_INFINITY;
      known.set(key, { priceCents, validUntil: next });
      return priceCents;
    };
  }

  return {
    /**
     * The points of the user's portfolio value over time, oldest first; undefined for an unknown user.
     * `priceAt` gives an instrument's (`player:12`) last user-to-user price at a time, when the
     * caller keeps them; without it they are read here.
     */
    history(userId: number, now: number, priceAt?: (key: string, at: number) => number | null): HistoryPoint[] | undefined {
      const user = userRow.get(userId);
      if (!user) return undefined;
      const cashNow = user.balanceCents + (escrow.get(userId)?.cents ?? 0);
      const current = holdings.all({ userId });
      const nowValue = current.reduce((sum, h) => sum + (h.lastPriceCents === null ? h.costBasisCents : h.shares * h.lastPriceCents), 0);

      // The user's latest trades, newest first, grouped by millisecond.
      const rows = latestTrades.all({ userId, limit: HISTORY_MAX_TRADES });
      const groups: TradeRow[][] = [];
      for (const row of rows) {
        const last = groups[groups.length - 1];
        if (last && last[0]!.createdAt === row.createdAt) last.push(row);
        else groups.push([row]);
      }
      // Every trade is known only when the read did not hit its limit; else the oldest group may be cut.
      let complete = rows.length < HISTORY_MAX_TRADES;
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
          after.push({ at: event.at, cashCents: cash, shares: new Map(shares), event });
          const before = Math.round((held * event.from) / event.to);
          if (before > 0) shares.set(event.key, before);
          else shares.delete(event.key);
          continue;
        }
        after.push({ at: event.at, cashCents: cash, shares: new Map(shares), event });
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
        after.length = HISTORY_MAX_POINTS - 1;
        complete = false;
      }
      after.reverse();

      // Forward in time: average buy prices and values.
      let oldestId = Number.MAX_SAFE_INTEGER;
      for (const state of after) if (state.event.kind === 'trades') for (const t of state.event.trades) oldestId = Math.min(oldestId, t.id);
      const bought = new Map<string, { costCents: number; shares: number }>();
      for (const b of buysBefore.all({ userId, beforeId: oldestId })) bought.set(keyOf(b.instrument, b.instrumentId), { costCents: b.costCents, shares: b.shares });
      const priceOf = priceAt ?? priceTracker();
      const shareValueAt = (at: number, held: Map<string, number>): number => {
        let total = 0;
        for (const [key, count] of held) {
          const price = priceOf(key, at);
          if (price !== null) {
            total += count * price;
            continue;
          }
          const b = bought.get(key);
          total += b && b.shares > 0 ? Math.round((b.costCents * count) / b.shares) : count * OPEN_MARKET_PRICE_CENTS;
        }
        return total;
      };

      const points: HistoryPoint[] = [];
      const push = (at: number, cashCents: number, held: Map<string, number> | null) => {
        const time = Math.max(at, points[points.length - 1]?.at ?? Number.NEGATIVE_INFINITY);
        const shareValueCents = held === null ? nowValue : shareValueAt(time, held);
        points.push({ at: time, cashCents, shareValueCents, totalValueCents: cashCents + shareValueCents });
      };
      if (complete) push(Math.min(user.createdAt, after[0]?.at ?? user.createdAt), cash, shares);
      for (const state of after) {
        const { event } = state;
        if (event.kind === 'rescale') {
          // A split leaves what was paid unchanged: the average scales by old/new.
          const b = bought.get(event.key);
          if (b) bought.set(event.key, { costCents: b.costCents, shares: (b.shares * event.to) / event.from });
          push(state.at, state.cashCents, state.shares);
          continue;
        }
        for (const t of event.trades) {
          if (t.buyerId !== userId) continue;
          const key = keyOf(t.instrument, t.instrumentId);
          const b = bought.get(key) ?? { costCents: 0, shares: 0 };
          bought.set(key, { costCents: b.costCents + t.shares * t.priceCents, shares: b.shares + t.shares });
        }
        push(state.at, state.cashCents, state.shares);
        // A holding sold out: its next purchase starts a new average.
        for (const t of event.trades) {
          const key = keyOf(t.instrument, t.instrumentId);
          if (!state.shares.has(key)) bought.delete(key);
        }
      }
      push(now, cashNow, null);
      return points;
    },
  };
}
export type PortfolioHistoryRepo = ReturnType<typeof createPortfolioHistoryRepo>;
