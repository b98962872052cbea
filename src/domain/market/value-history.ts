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

/**
 * A holding as a number inside the replay (a player's id × 2, a team's id × 2 + 1): maps look up
 * small integers faster than strings, and a chart looks up its holdings once or twice a trade.
 */
const holdingCode = (instrument: InstrumentKind, id: number) => id * 2 + (instrument === 'team' ? 1 : 0);
const keyOfCode = (code: number) => instrumentKey(code % 2 === 1 ? 'team' : 'player', Math.floor(code / 2));

/** A rescale of a holding (`code`) by `to/from` at `at`. */
interface Rescale {
  at: number;
  code: number;
  from: number;
  to: number;
}

/**
 * The payroll changes of the teams since `since`, as rescales of their holdings: a team's shares
 * are its payroll (its active players' salaries), and a payroll change (a contract change, a
 * retirement, drafted rookies) rescales every holding by new/old.
 */
function teamRescales(rosters: ReadonlyMap<number, readonly RosterEntry[]>, since: number, changes: readonly ContractChange[]): Rescale[] {
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
  const rescales: Rescale[] = [];
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
      if (from !== to && from > 0 && to > 0) rescales.push({ at, code: holdingCode('team', teamId), from, to });
    }
  }
  return rescales;
}

/**
 * The user's states, one after each event that changed the portfolio, newest first: when, the
 * cash then, and the holdings the event changed with their shares after it (0: sold out). Kept in
 * flat arrays: state i changed the holdings `codes[starts[i]]` … `codes[starts[i + 1] - 1]`.
 */
class States {
  readonly at: number[] = [];
  readonly cash: number[] = [];
  readonly starts: number[] = [];
  readonly codes: number[] = [];
  readonly shares: number[] = [];

  get length(): number {
    return this.at.length;
  }

  begin(at: number, cash: number): void {
    this.at.push(at);
    this.cash.push(cash);
    this.starts.push(this.codes.length);
  }

  /** Adds a holding to the state begun last (a holding twice in one state counts once: both say the same). */
  change(code: number, shares: number): void {
    this.codes.push(code);
    this.shares.push(shares);
  }

  /** Where state i's holdings end in `codes` and `shares`. */
  end(i: number): number {
    return i + 1 < this.starts.length ? this.starts[i + 1]! : this.codes.length;
  }

  /** The holdings' shares as they were after state i. */
  applyTo(held: Map<number, number>, i: number): void {
    const end = this.end(i);
    for (let j = this.starts[i]!; j < end; j++) {
      const n = this.shares[j]!;
      if (n > 0) held.set(this.codes[j]!, n);
      else held.delete(this.codes[j]!);
    }
  }

  /** Keeps the newest `n` states. */
  keep(n: number): void {
    if (n >= this.at.length) return;
    const end = this.starts[n]!;
    for (const list of [this.at, this.cash, this.starts]) list.length = n;
    this.codes.length = end;
    this.shares.length = end;
  }
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
  key: string;
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
 * time `times[p]`. `start` is held at the first point; from point p on, the holdings changed by
 * state `stateOf(p)` have its shares (none for a point of -1). A holding's mark is asked for again
 * only at the first point at or after its next change, and counts for the points in between at once
 * (a sum of differences): a point costs the holdings whose shares or mark changed, not all of them.
 */
function shareValues(
  marks: MarkSource,
  start: ReadonlyMap<number, number>,
  from: number,
  times: readonly number[],
  states: States,
  stateOf: (point: number) => number,
): number[] {
  const n = times.length;
  const diff = new Float64Array(n + 1);
  const parts = new Map<number, Part>();
  // A holding's marks are asked for from when it is first held on only.
  const partOf = (code: number, at: number): Part => {
    let part = parts.get(code);
    if (!part) {
      const key = keyOfCode(code);
      part = { key, cursor: marks.cursor?.(key, at) ?? null, shares: 0, since: 0, mark: 0, markUntil: Number.NEGATIVE_INFINITY };
      parts.set(code, part);
    }
    return part;
  };
  /** The holding's value at the points from its `since` up to `end`. */
  const count = (part: Part, end: number) => {
    for (let i = part.since; i < end;) {
      const at = times[i]!;
      if (part.markUntil <= at) {
        part.mark = part.cursor ? part.cursor.markAt(at) : marks.markAt(part.key, at);
        part.markUntil = part.cursor ? part.cursor.nextChange(at) : marks.nextChange(part.key, at);
      }
      // Most marks move again before the next point: that one is looked at before searching.
      const until = i + 1 >= end || times[i + 1]! >= part.markUntil ? i + 1 : firstAtOrAfter(times, part.markUntil, i + 2, end);
      const value = part.shares * part.mark;
      diff[i] = diff[i]! + value;
      diff[until] = diff[until]! - value;
      i = until;
    }
  };
  for (const [code, shares] of start) {
    const part = partOf(code, from);
    part.shares = shares;
  }
  for (let p = 0; p < n; p++) {
    const s = stateOf(p);
    if (s < 0) continue;
    const end = states.end(s);
    for (let j = states.starts[s]!; j < end; j++) {
      const part = partOf(states.codes[j]!, times[p]!);
      if (part.shares > 0) count(part, p);
      part.shares = states.shares[j]!;
      part.since = p;
    }
  }
  for (const part of parts.values()) if (part.shares > 0) count(part, n);
  const values: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) values.push((sum += diff[i]!));
  return values;
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
  const { now, portfolio, trades } = rows;

  // The trades by millisecond, newest first: group g is trades[groups[g]] … trades[groups[g + 1] - 1].
  // When not every trade is known, the oldest millisecond may be cut: it is left out.
  const groups: number[] = [];
  for (let i = 0; i < trades.length; i++) if (i === 0 || trades[i]!.createdAt !== trades[i - 1]!.createdAt) groups.push(i);
  const groupCount = rows.complete ? groups.length : Math.max(0, groups.length - 1);
  groups.push(trades.length);
  let complete = rows.complete;
  const since = complete ? rows.startsAt : groupCount > 0 ? trades[groups[groupCount - 1]!]!.createdAt : now;

  // The rescales, newest first (a contract change of the same millisecond as trades counts as later).
  const changes = rows.contractChanges.filter((c) => c.at >= since);
  const rescales: Rescale[] = [
    ...changes.map((c) => ({ at: c.at, code: holdingCode('player', c.playerId), from: c.oldSalary, to: c.newSalary })),
    ...teamRescales(rows.rosters, since, changes),
  ].sort((a, b) => b.at - a.at);

  // Walk back from today: the state after each event, newest first.
  const after = new States();
  let cash = portfolio.cashCents;
  const held = new Map<number, number>();
  for (const h of portfolio.holdings) held.set(holdingCode(h.instrument, h.instrumentId), h.shares);
  const undoRescale = (r: Rescale) => {
    const shares = held.get(r.code);
    // Only a contract change of something the user held is a change of this portfolio.
    if (shares === undefined || r.from <= 0 || r.to <= 0) return;
    after.begin(r.at, cash);
    after.change(r.code, shares);
    const before = Math.round((shares * r.from) / r.to);
    if (before > 0) held.set(r.code, before);
    else held.delete(r.code);
  };
  let r = 0;
  for (let g = 0; g < groupCount; g++) {
    const first = groups[g]!;
    const end = groups[g + 1]!;
    const at = trades[first]!.createdAt;
    while (r < rescales.length && rescales[r]!.at >= at) undoRescale(rescales[r++]!);
    // The millisecond's trades, oldest first as read back.
    after.begin(at, cash);
    for (let i = end - 1; i >= first; i--) {
      const code = holdingCode(trades[i]!.instrument, trades[i]!.instrumentId);
      after.change(code, held.get(code) ?? 0);
    }
    for (let i = end - 1; i >= first; i--) {
      const t = trades[i]!;
      // A buy took cash (shares > 0), a sale brought it.
      cash += t.shares * t.priceCents;
      const code = holdingCode(t.instrument, t.instrumentId);
      const before = Math.max(0, (held.get(code) ?? 0) - t.shares);
      if (before > 0) held.set(code, before);
      else held.delete(code);
    }
  }
  while (r < rescales.length) undoRescale(rescales[r++]!);

  const room = HISTORY_MAX_POINTS - 1 - (complete ? 1 : 0);
  if (after.length > room) {
    // The oldest states go; the holdings before the oldest kept one are those states replayed.
    for (let i = after.length - 1; i >= HISTORY_MAX_POINTS - 1; i--) after.applyTo(held, i);
    after.keep(HISTORY_MAX_POINTS - 1);
    complete = false;
  }

  // Forward in time: each point valued at the marks then; times never go backwards. With every
  // trade known the first point is the start, before any state.
  const m = after.length;
  const first = complete ? Math.min(rows.startsAt, m > 0 ? after.at[m - 1]! : rows.startsAt) : m > 0 ? after.at[m - 1]! : now;
  const lead = complete ? 1 : 0;
  const stateOf = (p: number) => (p < lead ? -1 : m - 1 - (p - lead));
  const times: number[] = [];
  const cashAt: number[] = [];
  for (let p = 0; p < m + lead; p++) {
    const s = stateOf(p);
    const at = s < 0 ? first : after.at[s]!;
    times.push(Math.max(at, times[p - 1] ?? Number.NEGATIVE_INFINITY));
    cashAt.push(s < 0 ? cash : after.cash[s]!);
  }
  const values = shareValues(marks, held, first, times, after, stateOf);
  const points: HistoryPoint[] = times.map((at, p) => ({ at, cashCents: cashAt[p]!, shareValueCents: values[p]!, totalValueCents: cashAt[p]! + values[p]! }));
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
