import { topBy } from '../../domain/market/trend.js';
import { keyOf, type InstrumentView } from '../../engine/read-models/instruments.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';
import { DAY_MS } from '../../engine/read-models/trade-windows.js';
import { centsToDollars } from '../../shared/money.js';
import { GLANCE_STRIP_SIZE, marketGlanceOut, type GlanceItemOut, type GlanceRowOut, type MarketGlanceOut } from '../../shared/schemas/market.js';
import { rememberEncoding } from '../encoded-answers.js';

/** How long one build of the glance may spend reading instruments' weeks of marks from the database. */
const GLANCE_READ_BUDGET_MS = 20;

/** Every active player, then every team, as the glance lists them. */
function instrumentsOf(m: ReadModels): InstrumentView[] {
  const teams = m.instruments
    .keys()
    .filter((k) => k.startsWith('team:'))
    .map((k) => m.instruments.byKey(k)!);
  return [...m.instruments.players(), ...teams];
}

/**
 * The market at a glance as it is at `now`, and until when it stands unless the market changes:
 * each instrument's kept trend (MarkTrends), its trades of the last 24 hours (TradeWindows) and
 * its holder count (HoldingsIndex) — kept figures, a lookup each, whatever the history holds.
 * Weeks of marks not read yet are read while `readBudgetMs` of real time lasts; the rest are
 * provisional until a later build.
 */
export function buildGlance(m: ReadModels, now: number, readBudgetMs = GLANCE_READ_BUDGET_MS): { answer: MarketGlanceOut; until: number } {
  let until = Number.POSITIVE_INFINITY;
  const since = now - DAY_MS;
  const rows: GlanceRowOut[] = [];
  const items: GlanceItemOut[] = [];
  // A server still warming up has not read every instrument's week of marks: a build reads what fits its budget, the rest next time.
  const readUntil = performance.now() + readBudgetMs;
  for (const i of instrumentsOf(m)) {
    const key = keyOf(i.kind, i.id);
    const { trend, until: trendUntil } = m.trendOf(i.kind, i.id, now, performance.now() < readUntil);
    until = Math.min(until, trendUntil);
    const trades = m.windows.sums(key, since, now)?.trades ?? 0;
    if (trades > 0) until = Math.min(until, m.windows.oldestSince(key, since)! + DAY_MS);
    const holders = m.holdings.holderCount(key);
    const mark = centsToDollars(trend.markCents);
    // A week without a move is sent as no points: most instruments of a quiet league, a fifth of the answer's bytes each.
    const spark = trend.spark.every((c) => c === trend.markCents) ? [] : trend.spark;
    rows.push({ kind: i.kind, id: i.id, mark, change_bp: trend.changeBp, spark_cents: spark, trades_24h: trades, holder_count: holders });
    const team = m.instruments.teamOf(i);
    items.push({ kind: i.kind, id: i.id, name: i.name, team_code: team.code, mark, change_bp: trend.changeBp, trades_24h: trades, holder_count: holders });
  }
  const tie = (x: GlanceItemOut) => `${x.kind}:${String(x.id).padStart(10, '0')}`;
  const answer: MarketGlanceOut = {
    as_of: new Date(now).toISOString(),
    rows,
    movers_up: topBy(items, (x) => x.change_bp, tie, GLANCE_STRIP_SIZE),
    movers_down: topBy(items, (x) => -x.change_bp, tie, GLANCE_STRIP_SIZE),
    most_traded: topBy(items, (x) => x.trades_24h, tie, GLANCE_STRIP_SIZE),
    most_held: topBy(items, (x) => x.holder_count, tie, GLANCE_STRIP_SIZE),
  };
  return { answer, until };
}

/** Answers checked against `marketGlanceOut` when they were built. */
const checked = new WeakSet<object>();

/**
 * `market.glance` for these read models as they are now: built, checked and encoded once per change
 * of the market (or when a trend's time runs out), the same answer for every caller.
 */
export function sharedGlances(now: () => number): (m: ReadModels) => MarketGlanceOut {
  let kept: { models: ReadModels; version: number; until: number; answer: MarketGlanceOut } | null = null;
  return (m) => {
    const at = now();
    // Marks move with time alone: advanced first, so that the version says whether any did.
    m.markChanges();
    if (kept?.models === m && kept.version === m.version && at < kept.until) return kept.answer;
    const { answer, until } = buildGlance(m, at);
    const frozen = Object.freeze(marketGlanceOut.parse(answer));
    const body = Buffer.from(JSON.stringify(frozen));
    checked.add(frozen);
    rememberEncoding(frozen, () => [body]);
    // Read after building: a mark read for the first time while building counts as a change.
    kept = { models: m, version: m.version, until, answer: frozen };
    return frozen;
  };
}

/** `market.glance`'s output check: an answer made by sharedGlances was checked when it was made. */
export function checkedGlance(value: unknown): MarketGlanceOut {
  if (typeof value === 'object' && value !== null && checked.has(value)) return value as MarketGlanceOut;
  return marketGlanceOut.parse(value);
}
