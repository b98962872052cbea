import type { InstrumentKind } from '../../db/repos/ledger.js';
import { INSTRUMENT_KINDS } from '../../shared/instrument.js';
import type {
  HoldingStateRow,
  MarketStateRepo,
  OpenMarketStateRow,
  OpenOrderStateRow,
  PlayerStateRow,
  TeamStateRow,
  TradeStateRow,
} from '../../db/repos/market-state.js';
import { MARK_COVER_DIVISOR, MARK_WINDOW_MS, type MarkTrade } from '../../domain/market/mark.js';
import type { MarkSource } from '../../domain/market/value-history.js';
import { valueHolding, type HoldingValuation, type PlayerHoldingValuation, type TeamHoldingValuation } from '../../db/repos/portfolio-reads.js';
import type { StatisticsRows } from '../../db/repos/stats-reads.js';
import { RowChanges } from './row-changes.js';
import { ChartMarks } from './chart-marks.js';
import { Declines } from './declines.js';
import { HoldingsIndex, type HoldingView } from './holdings-index.js';
import { Instruments, keyOf, type InstrumentView } from './instruments.js';
import { OpenOrders, type OrderCursor, type OrderView } from './open-orders.js';
import { Marks } from './marks.js';
import { MarkTrends } from './mark-trends.js';
import { DAY_MS, TradeWindows, WEEK_MS } from './trade-windows.js';

/** Everything the read models are built from, read once at start-up (or after a rebuild). */
export interface MarketState {
  players: PlayerStateRow[];
  teams: TeamStateRow[];
  holdings: { player: HoldingStateRow[]; team: HoldingStateRow[] };
  openOrders: OpenOrderStateRow[];
  /** The last week's trades (and a day), oldest first. */
  trades: TradeStateRow[];
  declines: { orderId: number; userId: number }[];
  /** What the marks start from (each instrument's book is read when first needed). */
  marks: { seasonStart: number };
}

/** The holdings part of a portfolio, valued by docs/rules.md §5 Prices and values. Cents. */
export interface HoldingsValuation {
  escrowCents: number;
  shareValueCents: number;
  shareValueAtWeeklyAvgCents: number;
  players: PlayerHoldingValuation[];
  teams: TeamHoldingValuation[];
}

/** Read models made so far in this process: each one's marks are told apart from another's. */
let instances = 0;

const vwap = (cents: number, shares: number): number | null => (shares > 0 ? Math.round(cents / shares) : null);

/**
 * What the screens read, kept by the single writer beside its books and updated in the same step:
 * instruments, holdings (holder counts, top holders, per-user holdings), open orders (pages,
 * counts, escrow, listed shares), declines, the last week of trades (24 h and 7-day figures),
 * each instrument's price over time, and each user's share value. Built from the database at
 * start-up and rebuilt after any write the exchange did not make; the property tests compare every
 * figure with a recomputation in SQL.
 */
export class ReadModels {
  readonly instruments = new Instruments();
  readonly holdings: HoldingsIndex;
  readonly orders = new OpenOrders();
  readonly declines = new Declines();
  readonly windows = new TradeWindows();
  /** Each instrument's mark, now and over the season. */
  marks: Marks;
  /** Each instrument's 24-hour change and 7-day sparkline. */
  readonly trends = new MarkTrends();
  /** What the users' portfolio charts follow from, to keep them while it stands. */
  readonly charts = new ChartMarks();
  /** Counts every change: answers built on the models may be kept while it stands. */
  version = 0;
  /**
   * The version at which each instrument's row figures last changed (its name, team, supply, last
   * price, salary, retirement, holders, trades or mark), and at which every instrument's did: an
   * answer made of one row per instrument, built at a version, builds again only the rows changed
   * since (`rowChangedSince`, `rowsChangedList`).
   */
  private readonly rowChanges = new RowChanges();
  private markMoves = 0;
  private readonly instance = ++instances;
  private readonly shareValue = new Map<number, number>();
  /** Users' realized profit over the season, read from their sales when first asked, then kept per sale. */
  private readonly realizedCents = new Map<number, number>();
  /** The last answers of the market-wide figures, kept while nothing changed (statistics: for a second of the clock, as their windows slide). */
  private ranking: { version: number; limit: number; rows: { userId: number; shareValueCents: number }[] } | null = null;
  private stats: { version: number; now: number; until: number; limit: number; rows: StatisticsRows } | null = null;
  private readonly dirtyUsers = new Set<number>();
  private readonly dirtyInstruments = new Set<string>();

  constructor(
    private readonly repo: MarketStateRepo,
    private readonly now: () => number,
  ) {
    this.holdings = new HoldingsIndex((userId, key, delta) => this.holdingChanged(userId, key, delta));
    this.marks = this.newMarks(0);
  }

  private newMarks(seasonStart: number): Marks {
    const { repo } = this;
    const split = (key: string) => {
      const [kind, id] = key.split(':') as [InstrumentKind, string];
      return [kind, Number(id)] as const;
    };
    /**
     * An instrument's trades between users that the mark counts at `at` and every one since, oldest
     * first: those of the 24 hours before `at` and after, and older ones until those up to `at` cover
     * 1% of its shares. Read by time along the instrument's index, never its season.
     */
    const countedFrom = (kind: InstrumentKind, id: number, totalShares: number, at: number): MarkTrade[] => {
      const since = at - MARK_WINDOW_MS;
      const recent = repo.tradesOfSince(kind, id, since).filter((t) => t.userToUser === 1);
      const held = recent.reduce((sum, t) => (t.createdAt <= at ? sum + t.shares : sum), 0);
      const older = repo.userTradesBefore(kind, id, since, Math.ceil(totalShares / MARK_COVER_DIVISOR) - held).reverse();
      return [...older, ...recent.map((t) => ({ at: t.createdAt, shares: t.shares, priceCents: t.priceCents }))];
    };
    return new Marks(
      {
        inputs: (key, totalShares, at) => {
          const [kind, id] = split(key);
          return { trades: countedFrom(kind, id, totalShares, at), openSince: openSinceOf(repo.openMarketLatestOf(kind, id)) };
        },
        history: (key, totalShares, from) => {
          const [kind, id] = split(key);
          const trades = from === Number.NEGATIVE_INFINITY ? repo.userTrades(kind, id) : countedFrom(kind, id, totalShares, from);
          return { trades, openMarket: repo.openMarketChanges(kind, id) };
        },
        historyPage: (key, after, limit) => {
          const [kind, id] = split(key);
          return { trades: repo.userTradesPage(kind, id, after, limit), openMarket: repo.openMarketChanges(kind, id) };
        },
      },
      seasonStart,
      (key) => this.instruments.byKey(key)?.totalShares ?? 0,
      (key, before, after, at) => this.markChanged(key, before, after, at),
      () => {
        this.trends.touchAll();
        this.charts.changed();
        this.version++;
        this.allRowsChanged();
      },
    );
  }

  /** Fills empty models from a state read from the database. */
  load(state: MarketState): void {
    this.realizedCents.clear();
    for (const t of state.teams) this.instruments.setTeam(t);
    for (const p of state.players) this.instruments.setPlayer(p);
    this.instruments.updatePayrolls();
    for (const kind of INSTRUMENT_KINDS) this.holdings.load(kind, state.holdings[kind]);
    this.orders.load(state.openOrders.map(orderOf));
    for (const t of state.trades) this.windows.add(keyOf(t.instrument, t.instrumentId), t.createdAt, t.shares, t.priceCents, t.userToUser === 1);
    for (const d of state.declines) if (this.orders.get(d.orderId)?.side === 'ask') this.declines.add(d.orderId, d.userId);
    this.loadMarks(state);
    this.charts.changed();
    this.version++;
    this.allRowsChanged();
  }

  /** The marks start empty: each instrument's book is read from the database when its mark is first needed. */
  private loadMarks(state: MarketState): void {
    this.marks = this.newMarks(state.marks.seasonStart);
    this.trends.touchAll();
    this.marks.advance(this.now());
  }

  /**
   * Reads one instrument again from the database (after an admin's change to it); its trades too
   * when `tradesSince` is given (a retirement writes some), those at or after it.
   */
  reloadInstrument(kind: InstrumentKind, id: number, tradesSince: number | null): void {
    const key = keyOf(kind, id);
    // Its trades may have been written behind the writer: season totals are read again when asked.
    if (tradesSince !== null) this.realizedCents.clear();
    for (const o of this.orders.removeInstrument(key)) if (o.side === 'ask') this.declines.closeAsk(o.id);
    this.holdings.removeInstrument(key);
    if (kind === 'player') {
      const p = this.repo.player(id);
      if (p) this.instruments.setPlayer(p);
    } else {
      const t = this.repo.team(id);
      if (t) this.instruments.setTeam(t);
    }
    const holdings = this.repo.holdingsOf(kind, id);
    this.holdings.load(kind, holdings);
    for (const h of holdings) this.dirtyUsers.add(h.userId);
    for (const o of this.repo.openOrdersOf(kind, id)) this.orders.add(orderOf(o));
    for (const d of this.repo.declinesOf(kind, id)) this.declines.add(d.orderId, d.userId);
    if (tradesSince !== null) {
      this.windows.removeInstrument(key);
      for (const t of this.repo.tradesOfSince(kind, id, tradesSince)) this.windows.add(key, t.createdAt, t.shares, t.priceCents, t.userToUser === 1);
    }
    this.marks.forget(key);
    this.trends.touch(key);
    this.dirtyInstruments.add(key);
    this.charts.changed();
    this.version++;
    this.instrumentRowChanged(kind, id);
  }

  /** An instrument's own row read again (its salary or payroll changed, written through the ledger): its mark is read again before its next use. */
  refreshInstrument(kind: InstrumentKind, id: number): void {
    if (kind === 'player') {
      const p = this.repo.player(id);
      if (p) this.instruments.setPlayer(p);
    } else {
      const t = this.repo.team(id);
      if (t) this.instruments.setTeam(t);
    }
    // Its holders' values followed each holding as it was written, and follow the mark read again as a change of it.
    const key = keyOf(kind, id);
    this.marks.forget(key);
    this.trends.touch(key);
    this.charts.changed();
    this.version++;
    this.instrumentRowChanged(kind, id);
  }

  /** After an admin's change (players reloaded): every team's payroll again (a team's mark counts 1% of it). */
  updatePayrolls(): void {
    const teams = this.instruments.keys().filter((k) => k.startsWith('team:'));
    const before = teams.map((k) => this.instruments.byKey(k)!.totalShares);
    this.instruments.updatePayrolls();
    const changed = teams.filter((k, i) => this.instruments.byKey(k)!.totalShares !== before[i]);
    for (const k of changed) {
      this.marks.forget(k);
      this.trends.touch(k);
    }
    this.charts.changed();
    this.version++;
    for (const k of changed) this.rowChanged('team', this.instruments.byKey(k)!.id);
  }

  // ── What the exchange writes, mirrored ──────────────────────────────────────────────────────

  trade(kind: InstrumentKind, id: number, buyerId: number | null, sellerId: number | null, shares: number, priceCents: number, at: number): void {
    const key = keyOf(kind, id);
    const userToUser = buyerId !== null && sellerId !== null;
    this.windows.add(key, at, shares, priceCents, userToUser);
    this.charts.traded(buyerId, sellerId);
    if (userToUser) this.marks.trade(key, at, shares, priceCents);
    this.version++;
    this.rowChanged(kind, id);
  }

  /** A sale's realized profit, for its seller's season total. */
  realized(sellerId: number, cents: number): void {
    const kept = this.realizedCents.get(sellerId);
    if (kept !== undefined) this.realizedCents.set(sellerId, kept + cents);
  }

  /** The open market of an instrument became empty, or held shares again. */
  openMarketChanged(kind: InstrumentKind, id: number, held: boolean, at: number): void {
    this.marks.openMarket(keyOf(kind, id), held, at);
    this.version++;
    this.rowChanged(kind, id);
  }

  holding(
    kind: InstrumentKind,
    userId: number,
    id: number,
    h: { shares: number; costBasisCents: number; minSellPriceCents: number; minSellSeq: number; lockedUntil: number },
  ): void {
    const key = keyOf(kind, id);
    const holders = this.holdings.holderCount(key);
    this.holdings.set(
      kind,
      id,
      userId,
      h.shares > 0
        ? { shares: h.shares, costBasisCents: h.costBasisCents, minSellPriceCents: h.minSellPriceCents, minSellSeq: h.minSellSeq, lockedUntil: h.lockedUntil }
        : null,
    );
    this.version++;
    if (this.holdings.holderCount(key) !== holders) this.rowChanged(kind, id);
  }

  /** Every holding of an instrument rescaled: each holder's shares after (0: gone). */
  rescaled(kind: InstrumentKind, id: number, rescaled: readonly { userId: number; shares: number }[]): void {
    this.holdings.rescale(keyOf(kind, id), rescaled);
    this.version++;
    this.rowChanged(kind, id);
  }

  orderOpened(o: OpenOrderStateRow): void {
    this.orders.add(orderOf(o));
    this.version++;
  }

  orderRemaining(id: number, remaining: number): void {
    if (remaining === 0) this.declines.closeAsk(id);
    this.orders.setRemaining(id, remaining);
    this.version++;
  }

  orderCancelled(id: number): void {
    this.declines.closeAsk(id);
    this.orders.remove(id);
    this.version++;
  }

  remaining(kind: InstrumentKind, id: number, remaining: number): void {
    this.instruments.setRemaining(kind, id, remaining);
    this.version++;
    this.rowChanged(kind, id);
  }

  lastPrice(kind: InstrumentKind, id: number, cents: number): void {
    this.instruments.setLastPrice(kind, id, cents);
    this.version++;
    this.rowChanged(kind, id);
  }

  /**
   * A holding grew or shrank: its owner's share value, if worked out, moves by the shares at the
   * instrument's mark in memory (a rescale of thousands of holders moves thousands of values, not
   * every holding of each); without a mark in memory, it is worked out again when read.
   */
  private holdingChanged(userId: number, key: string, delta: number | null): void {
    if (delta === 0) return;
    const value = this.shareValue.get(userId);
    if (value === undefined || this.dirtyUsers.has(userId)) return;
    const mark = delta === null ? undefined : this.marks.known(key);
    if (delta === null || mark === undefined) this.dirtyUsers.add(userId);
    else this.shareValue.set(userId, value + delta * mark);
  }

  /** A mark moved: its holders' share values move by their part alone (those whose holdings changed are worked out again when read). */
  private markChanged(key: string, before: number | null, after: number, at: number): void {
    this.markMoves++;
    this.trends.touch(key);
    // A book just read from the database: no value was worked out on it yet.
    if (before !== null)
      for (const h of this.holdings.holders(key)) {
        const value = this.shareValue.get(h.userId);
        if (value !== undefined && !this.dirtyUsers.has(h.userId)) this.shareValue.set(h.userId, value - partOf(h, before) + partOf(h, after));
      }
    this.charts.priced(at);
    this.version++;
    const i = this.instruments.byKey(key);
    if (i) this.rowChanged(i.kind, i.id);
  }

  declined(askId: number, userId: number): void {
    if (this.orders.get(askId)?.side === 'ask') this.declines.add(askId, userId);
    this.version++;
  }

  /** An instrument's row figures changed at this version. */
  private rowChanged(kind: InstrumentKind, id: number): void {
    this.rowChanges.one(kind, id, this.version);
  }

  /** An instrument read again from the database: a team's name and code are also its players' (every row then). */
  private instrumentRowChanged(kind: InstrumentKind, id: number): void {
    if (kind === 'team') this.allRowsChanged();
    else this.rowChanged(kind, id);
  }

  /** Every instrument's row figures changed at this version. */
  private allRowsChanged(): void {
    this.rowChanges.all(this.version);
  }

  // ── Reads ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Whether the row figures of an instrument may have changed since the models were at `version`:
   * its name, team, supply, last price, salary, retirement, holder count, trades or mark. Figures
   * that move with time alone (a 24-hour window, a trend's 4-hour steps) are not counted here.
   */
  rowChangedSince(kind: InstrumentKind, id: number, version: number): boolean {
    return this.rowChanges.changedSince(kind, id, version);
  }

  /** Whether any instrument's row figures may have changed since the models were at `version` (see `rowChangedSince`). */
  rowsChangedSince(version: number): boolean {
    return this.rowChanges.anySince(version);
  }

  /** The instruments whose row figures changed since `version`, each once; null when any may have (see RowChanges). */
  rowsChangedList(version: number): { kind: InstrumentKind; id: number }[] | null {
    return this.rowChanges.listSince(version);
  }

  /** Instruments the user holds, by key. */
  heldKeys(userId: number): Iterable<string> {
    return this.holdings.ofUser(userId).keys();
  }

  /** Asks shown to a user ("Offers For You"): on what they hold, not their own, not declined by them. */
  relevantAsksPage(userId: number, cursor: OrderCursor | null, limit: number): OrderView[] {
    const declined = this.declines.ofUser(userId);
    return this.orders.asksPageOn(this.heldKeys(userId), cursor, limit, (o) => o.userId === userId || declined.has(o.id));
  }

  relevantAskCount(userId: number): number {
    const held = this.holdings.ofUser(userId);
    let n = 0;
    for (const key of held.keys()) n += this.orders.asks(key).length;
    for (const o of this.orders.ofUser(userId)) if (o.side === 'ask' && held.has(keyOf(o.kind, o.instrumentId))) n--;
    for (const askId of this.declines.ofUser(userId)) {
      const o = this.orders.get(askId);
      if (o && o.userId !== userId && held.has(keyOf(o.kind, o.instrumentId))) n--;
    }
    return n;
  }

  /** The instrument's mark now (docs/rules.md §5), in cents. */
  markOf(kind: InstrumentKind, id: number): number {
    this.marks.advance(this.now());
    return this.marks.mark(keyOf(kind, id));
  }

  /** Which marks these are, as of now: an answer that shows marks stands while this stands (and nothing else changed). */
  markChanges(): string {
    this.marks.advance(this.now());
    return `${this.instance}.${this.markMoves}`;
  }

  /** An instrument's 24-hour change and 7-day sparkline now, and until when it stands unless its mark moves. */
  trendOf(kind: InstrumentKind, id: number, now: number, mayRead = true): ReturnType<MarkTrends['trend']> {
    this.marks.advance(now);
    return this.trends.trend(this.marks, keyOf(kind, id), now, mayRead);
  }

  /** Every instrument's mark over the season, as of now: for the value charts. */
  markSource(): MarkSource {
    this.marks.advance(this.now());
    return this.marks;
  }

  /** The volume-weighted average of trades between users in the last 7 days, else the mark. */
  weeklyAverage(i: InstrumentView, now: number): number {
    const w = this.windows.sums(keyOf(i.kind, i.id), now - WEEK_MS, now);
    return (w ? vwap(w.userCents, w.userShares) : null) ?? this.markOf(i.kind, i.id);
  }

  /** A user's realized profit over the current season's sales. */
  realizedOf(userId: number): number {
    let cents = this.realizedCents.get(userId);
    if (cents === undefined) {
      cents = this.repo.realizedOf(userId);
      this.realizedCents.set(userId, cents);
    }
    return cents;
  }

  /** A user's share value now: shares × mark. */
  shareValueCents(userId: number): number {
    this.settleValues();
    let value = this.shareValue.get(userId);
    if (value === undefined) {
      value = this.valueOf(userId);
      this.shareValue.set(userId, value);
    }
    return value;
  }

  /** Users who hold anything, by share value (highest first, ties to the lower id): the first `limit`. */
  topByShareValue(limit: number): { userId: number; shareValueCents: number }[] {
    this.marks.advance(this.now());
    const kept = this.ranking;
    if (kept && kept.version === this.version && kept.limit === limit) return kept.rows.map((r) => ({ ...r }));
    const rows = this.rankByShareValue(limit);
    this.ranking = { version: this.version, limit, rows };
    return rows.map((r) => ({ ...r }));
  }

  private rankByShareValue(limit: number): { userId: number; shareValueCents: number }[] {
    this.settleValues();
    const all: { userId: number; shareValueCents: number }[] = [];
    for (const userId of this.holdings.users()) all.push({ userId, shareValueCents: this.shareValueCents(userId) });
    all.sort((a, b) => b.shareValueCents - a.shareValueCents || a.userId - b.userId);
    return all.slice(0, limit);
  }

  /** The holdings of a portfolio, valued at `now`: highest value first, as GET /portfolio lists them. */
  valueHoldings(userId: number, now: number): HoldingsValuation {
    const listed = this.orders.listedByUser(userId);
    const players: PlayerHoldingValuation[] = [];
    const teams: TeamHoldingValuation[] = [];
    for (const [key, h] of this.holdings.ofUser(userId)) {
      const i = this.instruments.byKey(key);
      if (!i) continue;
      const valued = valueHolding(h, listed.get(key) ?? 0, this.markOf(i.kind, i.id), this.weeklyAverage(i, now));
      if (h.kind === 'player') {
        players.push({
          playerId: i.id,
          name: i.name,
          teamName: this.instruments.teamOf(i).name,
          salary: i.totalShares,
          isTopHolder: this.holdings.top(key)?.userId === userId,
          ...valued,
        });
      } else {
        const team = this.instruments.teamOf(i);
        teams.push({ teamId: i.id, name: i.name, code: team.code, conference: team.conference, lockedUntil: h.lockedUntil, ...valued });
      }
    }
    players.sort((a, b) => b.valueCents - a.valueCents || a.playerId - b.playerId);
    teams.sort((a, b) => b.valueCents - a.valueCents || a.teamId - b.teamId);
    const all: HoldingValuation[] = [...players, ...teams];
    return {
      escrowCents: this.orders.escrowCents(userId),
      shareValueCents: all.reduce((sum, h) => sum + h.valueCents, 0),
      shareValueAtWeeklyAvgCents: all.reduce((sum, h) => sum + h.valueAtWeeklyAvgCents, 0),
      players,
      teams,
    };
  }

  /** The statistics page's four tables, as the SQL of stats-reads.ts defines them (trade windows: the 24 h before `now`). */
  statistics(now: number, limit: number): StatisticsRows {
    const kept = this.stats;
    if (kept && kept.version === this.version && kept.limit === limit && now >= kept.now && now < kept.until) return kept.rows;
    const { rows, until } = this.computeStatistics(now, limit);
    this.stats = { version: this.version, now, until, limit, rows };
    return rows;
  }

  /** The statistics at `now`, and until when they hold without a new trade (when the oldest trade counted leaves its 24 hours). */
  private computeStatistics(now: number, limit: number): { rows: StatisticsRows; until: number } {
    const since = now - DAY_MS;
    let until = Number.POSITIVE_INFINITY;
    const priced: { row: StatisticsRows['mostValuable'][number]; avg: number }[] = [];
    const active: StatisticsRows['mostActive'] = [];
    for (const key of this.windows.keys(now)) {
      const i = this.instruments.byKey(key);
      if (!i || i.kind !== 'player' || !i.active) continue;
      const w = this.windows.sums(key, since, now)!;
      if (w.trades === 0) continue;
      until = Math.min(until, this.windows.oldestSince(key, since)! + DAY_MS);
      const base = { id: i.id, name: i.name, teamName: this.instruments.teamOf(i).name };
      const all = this.windows.allRange(key, since)!;
      active.push({ ...base, tradeCount: w.trades, lowCents: all.low, highCents: all.high, avgCents: vwap(w.cents, w.shares) ?? 0 });
      if (w.userTrades > 0) {
        const range = this.windows.userRange(key, since)!;
        priced.push({
          row: { ...base, tradeCount: w.userTrades, lowCents: range.low, highCents: range.high, avgCents: vwap(w.userCents, w.userShares) ?? 0 },
          avg: w.userCents / w.userShares,
        });
      }
    }
    priced.sort((a, b) => b.avg - a.avg || a.row.id - b.row.id);
    active.sort((a, b) => b.tradeCount - a.tradeCount || a.id - b.id);
    const held = this.instruments
      .players()
      .map((i) => ({ id: i.id, name: i.name, teamName: this.instruments.teamOf(i).name, holderCount: this.holdings.holderCount(keyOf('player', i.id)) }))
      .filter((r) => r.holderCount > 0);
    const byHolders = (direction: 1 | -1) => [...held].sort((a, b) => direction * (a.holderCount - b.holderCount) || a.id - b.id).slice(0, limit);
    return {
      rows: {
        mostValuable: priced.slice(0, limit).map((p) => p.row),
        mostActive: active.slice(0, limit),
        mostShareholders: byHolders(-1),
        islands: byHolders(1),
      },
      until,
    };
  }

  private valueOf(userId: number): number {
    let sum = 0;
    for (const [key, h] of this.holdings.ofUser(userId)) sum += partOf(h, this.marks.mark(key));
    return sum;
  }

  /**
   * Share values follow holdings (by the shares changed, or worked out again when read: see
   * `holdingChanged`) and marks (moved at once, part by part, as time is told; after an instrument
   * is read again from the database, its holders' again when read).
   */
  private settleValues(): void {
    this.marks.advance(this.now());
    for (const key of this.dirtyInstruments) for (const h of this.holdings.holders(key)) this.dirtyUsers.add(h.userId);
    this.dirtyInstruments.clear();
    for (const userId of this.dirtyUsers) this.shareValue.delete(userId);
    this.dirtyUsers.clear();
  }
}

/** A holding's part of its owner's share value: shares × mark. */
const partOf = (h: HoldingView, markCents: number): number => h.shares * markCents;

/** Since when the open market has held shares, from its latest change of the season (none: all season). */
const openSinceOf = (latest: OpenMarketStateRow | undefined): number | null =>
  latest === undefined ? Number.NEGATIVE_INFINITY : latest.held === 1 ? latest.at : null;

function orderOf(o: OpenOrderStateRow): OrderView {
  return {
    id: o.id,
    side: o.side,
    kind: o.instrument,
    instrumentId: o.instrumentId,
    userId: o.userId,
    priceCents: o.priceCents,
    sharesRemaining: o.sharesRemaining,
    seq: o.seq,
    createdAt: o.createdAt,
  };
}
