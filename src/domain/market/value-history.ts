/**
 * A portfolio's value over time, for its chart (docs/rules.md §5 Prices and values): a replay of the
 * rows that made it (the user's trades, contract changes, the teams' rosters), valued at each
 * point with the mark as it was then. Pure: the rows and the marks over time are given.
 */
import type { InstrumentKind } from '../../shared/instrument.js';
import { HISTORY_MAX_POINTS } from '../../shared/limits.js';

export { HISTORY_MAX_POINTS, HISTORY_MAX_TRADES } from '../../shared/limits.js';

/** One point of a portfolio's value over time. Cents; `at` is epoch ms. */
export interface HistoryPoint {
  at: number;
  /** Cash available plus cash held in open asks. */
  cashCents: number;
  shareValueCents: number;
  /** cash + share value. */
  totalValueCents: number;
}

/** One of the user's trades, as the user's side of it. Cents; epoch ms. */
export interface HistoryTrade {
  instrument: InstrumentKind;
  instrumentId: number;
  /** Shares the user bought (positive) or sold (negative). */
  shares: number;
  priceCents: number;
  createdAt: number;
}

/** A player's contract change (the admin's salary change). */
export interface ContractChange {
  at: number;
  playerId: number;
  oldSalary: number;
  newSalary: number;
}

/** A player of a team's roster, to work out its payroll (the team's shares) at any time. */
export interface RosterEntry {
  id: number;
  salary: number;
  createdAt: number;
  retiredAt: number | null;
}

/** The mark of an instrument (`player:12`) at a time, and when it next changes after it (Infinity: not since). */
export interface MarkSource {
  markAt(key: string, at: number): number;
  nextChange(key: string, at: number): number;
  /** Both for one instrument at `from` or later, without looking it up each time (optional). */
  cursor?(key: string, from: number): { markAt(at: number): number; nextChange(at: number): number };
}

/** The portfolio now, as GET /portfolio values it. Cents. */
export interface PortfolioNow {
  /** Cash available plus cash held in open asks. */
  cashCents: number;
  shareValueCents: number;
  holdings: Iterable<{ instrument: InstrumentKind; instrumentId: number; shares: number }>;
}

export interface HistoryRows {
  now: number;
  /** When the chart may begin: the member joined, or the season began if later. */
  startsAt: number;
  portfolio: PortfolioNow;
  /**
   * The user's latest trades of the season, newest first (at most HISTORY_MAX_TRADES, read until they
   * hold more milliseconds than there are points); `complete` when they are all the user's trades.
   */
  trades: readonly HistoryTrade[];
  complete: boolean;
  /** Contract changes at or after the oldest trade given (or `startsAt` when complete), newest first. */
  contractChanges: readonly ContractChange[];
  /** The rosters of the teams the user holds now or traded in `trades`. */
  rosters: ReadonlyMap<number, readonly RosterEntry[]>;
}

export const instrumentKey = (instrument: InstrumentKind, id: number) => `${instrument}:${id}`;

/** What changes a portfolio: the user's trades of one millisecond (oldest first), or a rescale of a holding by `to/from`. */
type Event = { kind: 'trades'; at: number; trades: HistoryTrade[] } | { kind: 'rescale'; at: number; key: string; from: number; to: number };

/** The user's state just after an event: the holdings it changed, and their shares after it (0: sold out). */
interface State {
  at: number;
  cashCents: number;
  changes: [key: string, shares: number][];
}

function applyChanges(shares: Map<string, number>, changes: readonly [string, number][]): void {
  for (const [key, n] of changes) {
    if (n > 0) shares.set(key, n);
    else shares.delete(key);
  }
}

/**
 * The payroll changes of the teams since `since`, as rescales of their holdings: a team's shares
 * are its payroll (its active players' salaries), and a payroll change (a contract change, a
 * retirement, drafted rookies) rescales every holding by new/old.
 */
export function teamRescales(rosters: ReadonlyMap<number, readonly RosterEntry[]>, since: number, changes: readonly ContractChange[]): Event[] {
  const byPlayer = new Map<number, ContractChange[]>();
  for (const c of changes) {
    const list = byPlayer.get(c.playerId);
    if (list) list.push(c);
    else byPlayer.set(c.playerId, [c]);
  }
  // `changes` are newest first: undo those after `at`.
  const salaryAt = (p: RosterEntry, at: number) => {
    let salary = p.salary;
    for (const c of byPlayer.get(p.id) ?? []) {
      if (c.at <= at) break;
      salary = c.oldSalary;
    }
    return salary;
  };
  const events: Event[] = [];
  for (const [teamId, roster] of rosters) {
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
      if (from !== to && from > 0 && to > 0) events.push({ kind: 'rescale', at, key: instrumentKey('team', teamId), from, to });
    }
  }
  return events;
}

/** The first index in [lo, hi) whose time is `at` or later (hi when none is); `times` never go backwards. */
function firstAtOrAfter(times: readonly number[], at: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A holding as the share values are summed: its shares since a point, and its mark while it stands. */
interface Part {
  cursor: { markAt(at: number): number; nextChange(at: number): number } | null;
  shares: number;
  /** The point from which it has held `shares`. */
  since: number;
  mark: number;
  /** When `mark` next changes. */
  markUntil: number;
}

/**
 * The share value at each point: the sum over the holdings then of shares × the mark at the point's
 * time `times[i]`. `start` is held at the first point; `states[i].changes` are holdings' shares from point i on.
 * A holding's mark is asked for again only at the first point at or after its next change, and
 * counts for the points in between at once (a sum of differences): a point costs the holdings
 * whose shares or mark changed, not all of them.
 */
function shareValues(marks: MarkSource, start: ReadonlyMap<string, number>, from: number, times: readonly number[], states: readonly State[]): number[] {
  const n = times.length;
  const diff = new Float64Array(n + 1);
  const parts = new Map<string, Part>();
  // A holding's marks are asked for from when it is first held on only.
  const partOf = (key: string, at: number): Part => {
    let part = parts.get(key);
    if (!part) {
      part = { cursor: marks.cursor?.(key, at) ?? null, shares: 0, since: 0, mark: 0, markUntil: Number.NEGATIVE_INFINITY };
      parts.set(key, part);
    }
    return part;
  };
  /** The holding's value at the points from its `since` up to `end`. */
  const count = (key: string, part: Part, end: number) => {
    for (let i = part.since; i < end;) {
      const at = times[i]!;
      if (part.markUntil <= at) {
        part.mark = part.cursor ? part.cursor.markAt(at) : marks.markAt(key, at);
        part.markUntil = part.cursor ? part.cursor.nextChange(at) : marks.nextChange(key, at);
      }
      const until = firstAtOrAfter(times, part.markUntil, i + 1, end);
      const value = part.shares * part.mark;
      diff[i] = diff[i]! + value;
      diff[until] = diff[until]! - value;
      i = until;
    }
  };
  for (const [key, shares] of start) Object.assign(partOf(key, from), { shares, since: 0 });
  for (let i = 0; i < n; i++) {
    for (const [key, shares] of states[i]!.changes) {
      const part = partOf(key, times[i]!);
      if (part.shares > 0) count(key, part, i);
      part.shares = shares;
      part.since = i;
    }
  }
  for (const [key, part] of parts) if (part.shares > 0) count(key, part, n);
  const values: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) values.push((sum += diff[i]!));
  return values;
}

/** `instrumentKey` that makes one string per instrument: maps hash each key once, not at every use. */
function keyMaker(): (instrument: InstrumentKind, id: number) => string {
  const made = { player: new Map<number, string>(), team: new Map<number, string>() };
  return (instrument, id) => {
    let key = made[instrument].get(id);
    if (key === undefined) made[instrument].set(id, (key = instrumentKey(instrument, id)));
    return key;
  };
}

/**
 * The portfolio's value over time: one point at the end of every millisecond in which the user
 * traded or a rescale changed a holding (the latest ones, at most HISTORY_MAX_POINTS in all), one
 * for now, and one for `startsAt` when every trade of the user is known.
 *
 * - cash = balance + cash escrowed in open asks. Only trades move that sum (posting or cancelling
 *   an ask moves cash between the two parts; a retirement is a trade at $1.00), so it is found
 *   exactly by undoing the user's trades one by one, newest first, from today's cash.
 * - holdings: today's shares, with the user's trades undone the same way, and the rescales of
 *   docs/rules.md §7 (contract changes; a team's payroll changes, from its roster) undone by
 *   old/new, rounded. A rescale of a holding is a point of its own; shares never count below zero.
 * - share value: for each holding, shares × the instrument's mark at the point's time.
 * - total = cash + share value.
 * The point for now is `portfolio` as given (what GET /portfolio says), so the chart ends where the
 * cards are. Points are in time order; times never go backwards.
 */
export function replayValueHistory(rows: HistoryRows, marks: MarkSource): HistoryPoint[] {
  const { now, portfolio } = rows;
  const current = [...portfolio.holdings];
  const keyOf = keyMaker();

  // The trades by millisecond, newest first; when not every trade is known, the oldest may be cut.
  const groups: HistoryTrade[][] = [];
  for (const row of rows.trades) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.createdAt === row.createdAt) last.push(row);
    else groups.push([row]);
  }
  if (!rows.complete) groups.pop();
  let complete = rows.complete;
  const since = complete ? rows.startsAt : (groups[groups.length - 1]?.[0]!.createdAt ?? now);

  // Trades and contract changes, newest first (a contract change of the same millisecond counts as later).
  const changes = rows.contractChanges.filter((c) => c.at >= since);
  const events: Event[] = [
    ...groups.map((g): Event => ({ kind: 'trades', at: g[0]!.createdAt, trades: [...g].reverse() })),
    ...changes.map((c): Event => ({ kind: 'rescale', at: c.at, key: keyOf('player', c.playerId), from: c.oldSalary, to: c.newSalary })),
    ...teamRescales(rows.rosters, since, changes),
  ].sort((a, b) => b.at - a.at || (a.kind === b.kind ? 0 : a.kind === 'rescale' ? -1 : 1));

  // Walk back from today: the state after each event, newest first.
  const after: State[] = [];
  let cash = portfolio.cashCents;
  const shares = new Map<string, number>(current.map((h) => [keyOf(h.instrument, h.instrumentId), h.shares]));
  for (const event of events) {
    if (event.kind === 'rescale') {
      const held = shares.get(event.key);
      // Only a contract change of something the user held is a change of this portfolio.
      if (held === undefined || event.from <= 0 || event.to <= 0) continue;
      after.push({ at: event.at, cashCents: cash, changes: [[event.key, held]] });
      const before = Math.round((held * event.from) / event.to);
      if (before > 0) shares.set(event.key, before);
      else shares.delete(event.key);
      continue;
    }
    const changed: [string, number][] = [];
    const touched = new Set<string>();
    for (const t of event.trades) {
      const key = keyOf(t.instrument, t.instrumentId);
      if (!touched.has(key)) {
        touched.add(key);
        changed.push([key, shares.get(key) ?? 0]);
      }
    }
    after.push({ at: event.at, cashCents: cash, changes: changed });
    for (const t of event.trades) {
      // A buy took cash (shares > 0), a sale brought it.
      cash += t.shares * t.priceCents;
      const key = keyOf(t.instrument, t.instrumentId);
      const before = Math.max(0, (shares.get(key) ?? 0) - t.shares);
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

  // Forward in time: each point valued at the marks then; times never go backwards.
  const first = complete ? Math.min(rows.startsAt, after[0]?.at ?? rows.startsAt) : (after[0]?.at ?? now);
  const states: State[] = complete ? [{ at: first, cashCents: cash, changes: [] }, ...after] : after;
  const times: number[] = [];
  for (const state of states) times.push(Math.max(state.at, times[times.length - 1] ?? Number.NEGATIVE_INFINITY));
  const values = shareValues(marks, shares, first, times, states);
  const points: HistoryPoint[] = states.map((state, i) => ({
    at: times[i]!,
    cashCents: state.cashCents,
    shareValueCents: values[i]!,
    totalValueCents: state.cashCents + values[i]!,
  }));
  // Now: the portfolio as given.
  const { cashCents, shareValueCents } = portfolio;
  points.push({
    at: Math.max(now, times[times.length - 1] ?? Number.NEGATIVE_INFINITY),
    cashCents,
    shareValueCents,
    totalValueCents: cashCents + shareValueCents,
  });
  return points;
}
