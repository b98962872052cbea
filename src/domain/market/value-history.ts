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

/** One of the user's trades. Cents; epoch ms. */
export interface HistoryTrade {
  id: number;
  instrument: InstrumentKind;
  instrumentId: number;
  buyerId: number | null;
  sellerId: number | null;
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
  userId: number;
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

/** Cash the trade moved for the user: negative for a buy, positive for a sale. */
const cashDelta = (t: HistoryTrade, userId: number) => (t.buyerId === userId ? -1 : 1) * t.shares * t.priceCents;
const shareDelta = (t: HistoryTrade, userId: number) => (t.buyerId === userId ? 1 : -1) * t.shares;

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

/**
 * The share value of changing holdings at increasing times, kept as a sum of each holding's part:
 * a part is worked out again only when its shares or its mark changed. A heap orders the held
 * instruments by when their mark next changes, so a point costs only the holdings that changed.
 */
class ShareValue {
  private readonly index = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly count: number[] = [];
  private readonly mark: number[] = [];
  private readonly validUntil: number[] = [];
  private readonly part: number[] = [];
  private readonly held: boolean[] = [];
  private readonly isDirty: boolean[] = [];
  private readonly dirty: number[] = [];
  private readonly cursors: ({ markAt(at: number): number; nextChange(at: number): number } | null)[] = [];
  /** A heap of (validUntil, index) pairs, soonest first; stale pairs are skipped when they come up. */
  private dueAt = new Float64Array(64);
  private dueIndex = new Int32Array(64);
  private dueSize = 0;
  private total = 0;

  /** `start`: the holdings at `from`, the earliest time it is asked for. */
  constructor(
    private readonly marks: MarkSource,
    start: Map<string, number>,
    from: number,
  ) {
    for (const [key, n] of start) this.set(key, n, from);
  }

  /** An instrument's slot, made when it is first held (at `from`): its marks are asked for from then on only. */
  private slot(key: string, from: number): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.keys.length;
      this.index.set(key, i);
      this.keys.push(key);
      this.count.push(0);
      this.mark.push(0);
      this.validUntil.push(Number.NEGATIVE_INFINITY);
      this.part.push(0);
      this.held.push(false);
      this.isDirty.push(false);
      this.cursors.push(this.marks.cursor?.(key, from) ?? null);
    }
    return i;
  }

  private touch(i: number): void {
    if (this.isDirty[i]) return;
    this.isDirty[i] = true;
    this.dirty.push(i);
  }

  private set(key: string, n: number, at: number): void {
    const i = this.slot(key, at);
    this.count[i] = n;
    if (n > 0 && !this.held[i]) {
      this.held[i] = true;
      this.push(this.validUntil[i]!, i);
    } else if (n === 0 && this.held[i]) {
      this.held[i] = false;
    }
    this.touch(i);
  }

  /** The holdings changed at `at`. */
  apply(changes: readonly [string, number][], at: number): void {
    for (const [key, n] of changes) this.set(key, n, at);
  }

  at(time: number): number {
    while (this.dueSize > 0 && this.dueAt[0]! <= time) {
      const until = this.dueAt[0]!;
      const i = this.pop();
      if (!this.held[i] || until !== this.validUntil[i]) continue;
      const cursor = this.cursors[i];
      const key = this.keys[i]!;
      this.mark[i] = cursor ? cursor.markAt(time) : this.marks.markAt(key, time);
      this.validUntil[i] = cursor ? cursor.nextChange(time) : this.marks.nextChange(key, time);
      this.push(this.validUntil[i]!, i);
      this.touch(i);
    }
    for (const i of this.dirty) {
      this.isDirty[i] = false;
      const part = this.held[i] ? this.count[i]! * this.mark[i]! : 0;
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
  const { userId, now, portfolio } = rows;
  const current = [...portfolio.holdings];

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
    ...changes.map((c): Event => ({ kind: 'rescale', at: c.at, key: instrumentKey('player', c.playerId), from: c.oldSalary, to: c.newSalary })),
    ...teamRescales(rows.rosters, since, changes),
  ].sort((a, b) => b.at - a.at || (a.kind === b.kind ? 0 : a.kind === 'rescale' ? -1 : 1));

  // Walk back from today: the state after each event, newest first.
  const after: State[] = [];
  let cash = portfolio.cashCents;
  const shares = new Map<string, number>(current.map((h) => [instrumentKey(h.instrument, h.instrumentId), h.shares]));
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
      const key = instrumentKey(t.instrument, t.instrumentId);
      if (!touched.has(key)) {
        touched.add(key);
        changed.push([key, shares.get(key) ?? 0]);
      }
    }
    after.push({ at: event.at, cashCents: cash, changes: changed });
    for (const t of event.trades) {
      cash -= cashDelta(t, userId);
      const key = instrumentKey(t.instrument, t.instrumentId);
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

  // Forward in time: each point valued at the marks then.
  const first = complete ? Math.min(rows.startsAt, after[0]?.at ?? rows.startsAt) : (after[0]?.at ?? now);
  const value = new ShareValue(marks, shares, first);
  const points: HistoryPoint[] = [];
  const push = (at: number, cashCents: number, atNow: boolean) => {
    const time = Math.max(at, points[points.length - 1]?.at ?? Number.NEGATIVE_INFINITY);
    const shareValueCents = atNow ? portfolio.shareValueCents : value.at(time);
    points.push({ at: time, cashCents, shareValueCents, totalValueCents: cashCents + shareValueCents });
  };
  if (complete) push(first, cash, false);
  for (const state of after) {
    value.apply(state.changes, Math.max(state.at, points[points.length - 1]?.at ?? Number.NEGATIVE_INFINITY));
    push(state.at, state.cashCents, false);
  }
  push(now, portfolio.cashCents, true);
  return points;
}
