import { Top } from '../../domain/market/trend.js';
import { keyOf, type InstrumentView } from '../../engine/read-models/instruments.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';
import { DAY_MS, WEEK_MS } from '../../engine/read-models/trade-windows.js';
import type { InstrumentKind } from '../../db/repos/ledger.js';
import { INSTRUMENT_KINDS } from '../../shared/instrument.js';
import { centsToDollars } from '../../shared/money.js';
import {
  GLANCE_STRIP_SIZE,
  glanceItemOut,
  glanceRowOut,
  marketGlanceOut,
  type GlanceItemOut,
  type GlanceRowOut,
  type MarketGlanceOut,
} from '../../shared/schemas/market.js';
import { rememberEncoding } from '../encoded-answers.js';

/** How long one build of the glance may spend reading instruments' weeks of marks from the database. */
const GLANCE_READ_BUDGET_MS = 20;

/** Every active player, then every team, as the glance lists them. */
function instrumentsOf(m: ReadModels): InstrumentView[] {
  return [...m.instruments.players(), ...m.instruments.teamList()];
}

/** One instrument at a glance at `now`: its row, its item for the strips, and until when they stand unless it changes. */
interface GlanceEntry {
  row: GlanceRowOut;
  item: GlanceItemOut;
  /** Its place among equal scores in the strips. */
  tie: string;
  until: number;
  /** Its trend is provisional (its week of marks not read yet): built again at the next build, whatever `until` says. */
  provisional: boolean;
}

/**
 * An instrument at a glance at `now`: its kept trend (MarkTrends), its trades of the last 24 hours
 * (TradeWindows) and its holder count (HoldingsIndex) — kept figures, a lookup each, whatever the
 * history holds. Unless `mayRead`, a week of marks not read yet gives a provisional trend.
 */
function glanceEntry(m: ReadModels, i: InstrumentView, key: string, now: number, mayRead: boolean): GlanceEntry {
  const since = now - DAY_MS;
  // Told before the trend is asked for: a trend kept or worked out from memory is final, either way.
  const provisional = !mayRead && !m.marks.hasLineFrom(key, now - WEEK_MS);
  const { trend, until: trendUntil } = m.trendOf(i.kind, i.id, now, mayRead);
  let until = trendUntil;
  const trades = m.windows.sums(key, since, now)?.trades ?? 0;
  if (trades > 0) until = Math.min(until, m.windows.oldestSince(key, since)! + DAY_MS);
  const holders = m.holdings.holderCount(key);
  const mark = centsToDollars(trend.markCents);
  // A week without a move is sent as no points: most instruments of a quiet league, a fifth of the answer's bytes each.
  const spark = trend.spark.every((c) => c === trend.markCents) ? [] : trend.spark;
  const team = m.instruments.teamOf(i);
  return {
    row: { kind: i.kind, id: i.id, mark, change_bp: trend.changeBp, spark_cents: spark, trades_24h: trades, holder_count: holders },
    item: { kind: i.kind, id: i.id, name: i.name, team_code: team.code, mark, change_bp: trend.changeBp, trades_24h: trades, holder_count: holders },
    tie: `${i.kind}:${String(i.id).padStart(10, '0')}`,
    until,
    provisional,
  };
}

/** The strips above the market table, in the answer's order: each one's score of an entry (those scoring 0 or less are left out). */
const STRIP_SCORES: readonly ((e: GlanceEntry) => number)[] = [
  (e) => e.item.change_bp,
  (e) => -e.item.change_bp,
  (e) => e.item.trades_24h,
  (e) => e.item.holder_count,
];

const byTie = (e: GlanceEntry) => e.tie;

/** One strip picked from every entry: the first by `score`, ties to their place. */
function stripOf(entries: readonly GlanceEntry[], score: (e: GlanceEntry) => number): Top<GlanceEntry> {
  const top = new Top(GLANCE_STRIP_SIZE, byTie);
  for (const e of entries) top.offer(e, score(e));
  return top;
}

/** The strips' lists of items. */
function stripsFrom(tops: readonly Top<GlanceEntry>[]): Strips {
  const [up, down, traded, held] = tops.map((top) => top.items().map((e) => e.item));
  return { movers_up: up!, movers_down: down!, most_traded: traded!, most_held: held! };
}

/** The strips above the market table, from every instrument's entry. */
function stripsOf(entries: readonly GlanceEntry[]): Strips {
  return stripsFrom(STRIP_SCORES.map((score) => stripOf(entries, score)));
}

/**
 * A strip picked before some entries were replaced, with the new ones in their place (`Top.replace`),
 * or null when that cannot be told from the strip alone.
 */
function stripAfter(
  top: Top<GlanceEntry>,
  replaced: readonly { before: GlanceEntry; after: GlanceEntry }[],
  score: (e: GlanceEntry) => number,
): Top<GlanceEntry> | null {
  const next = top.copy();
  for (const { before, after } of replaced) if (!next.replace(before, after, score(after))) return null;
  return next;
}

type Strips = Omit<MarketGlanceOut, 'as_of' | 'rows'>;

/**
 * The market at a glance as it is at `now`, and until when it stands unless the market changes,
 * built whole. Weeks of marks not read yet are read while `readBudgetMs` of real time lasts; the
 * rest are provisional until a later build.
 */
export function buildGlance(m: ReadModels, now: number, readBudgetMs = GLANCE_READ_BUDGET_MS): { answer: MarketGlanceOut; until: number } {
  let until = Number.POSITIVE_INFINITY;
  const entries: GlanceEntry[] = [];
  // A server still warming up has not read every instrument's week of marks: a build reads what fits its budget, the rest next time.
  const readUntil = performance.now() + readBudgetMs;
  for (const i of instrumentsOf(m)) {
    const entry = glanceEntry(m, i, keyOf(i.kind, i.id), now, performance.now() < readUntil);
    until = Math.min(until, entry.until);
    entries.push(entry);
  }
  return { answer: { as_of: new Date(now).toISOString(), rows: entries.map((e) => e.row), ...stripsOf(entries) }, until };
}

/** An instrument's entry as last built, checked and encoded. */
interface KeptEntry extends GlanceEntry {
  json: Buffer;
}

/** The rows of the last build and what is made of them: kept whole while no instrument changed and none's time ran out. */
interface KeptRows {
  players: readonly InstrumentView[];
  teams: readonly InstrumentView[];
  rows: GlanceRowOut[];
  strips: Strips;
  /** Each strip, in the order of STRIP_SCORES. */
  tops: Top<GlanceEntry>[];
  /** The earliest time an instrument's entry runs out. */
  until: number;
  /** Some instrument's trend is provisional: every build looks at the rows again. */
  provisional: boolean;
  /** The rows' bytes (`,` between them), joined when first asked. */
  bytes: () => Buffer;
  /** The answer's bytes after its rows: the strips. */
  tail: Buffer;
  /** What the rows are made of, to build the next answer by replacing only the changed ones. */
  entries: KeptEntry[];
  pieces: Buffer[];
  length: number;
  /** Each instrument's place in the rows. */
  index: Record<InstrumentKind, Map<number, number>>;
}

const COMMA = Buffer.from(',');

/**
 * The glance of one league's read models, built again row by row: an instrument's row and item are
 * kept, checked against their schemas and encoded, until the instrument changes (the read models
 * tell which did since a version) or its time runs out (its trend's next step, a trade leaving its
 * 24 hours), or while its trend is provisional. The strips are picked again from the kept items
 * whenever a row was built again. The answer is the one `buildGlance` gives at the same time, and
 * its bytes are those of its JSON.
 */
export class KeptGlance {
  private models: ReadModels | null = null;
  /** The version of the models the kept entries were built at (read before building), and the time. */
  private builtAt = 0;
  private time = Number.NEGATIVE_INFINITY;
  private readonly kept: Record<InstrumentKind, Map<number, KeptEntry>> = { player: new Map(), team: new Map() };
  private last: KeptRows | null = null;

  build(m: ReadModels, now: number, readBudgetMs = GLANCE_READ_BUDGET_MS): { answer: MarketGlanceOut; until: number; encoding: () => Buffer[] } {
    // Rows kept for other models, or for a later time (a clock set back), are all built again.
    if (this.models !== m || now < this.time) {
      for (const kind of INSTRUMENT_KINDS) this.kept[kind].clear();
      this.last = null;
    }
    // Marks move with time alone: told the time first, so that the models say which did.
    m.marks.advance(now);
    const builtAt = m.version;
    const players = m.instruments.players();
    const teams = m.instruments.teamList();
    let last = this.last;
    if (!last || last.players !== players || last.teams !== teams || last.provisional || now >= last.until) {
      this.last = last = this.rows(m, players, teams, now, readBudgetMs);
    } else if (m.rowsChangedSince(this.builtAt)) {
      // The same instruments, none run out: only the rows changed since are built again, when the models can say which.
      const changed = m.rowsChangedList(this.builtAt);
      this.last = last = (changed && this.patch(m, last, changed, now, readBudgetMs)) ?? this.rows(m, players, teams, now, readBudgetMs);
    }
    this.models = m;
    this.builtAt = builtAt;
    this.time = now;
    const answer: MarketGlanceOut = Object.freeze({ as_of: new Date(now).toISOString(), rows: last.rows, ...last.strips });
    const head = Buffer.from(`{"as_of":${JSON.stringify(answer.as_of)},"rows":[`);
    const { bytes, tail } = last;
    return { answer, until: last.until, encoding: () => [head, bytes(), tail] };
  }

  /** Every instrument's entry, built again where it changed since the last build or ran out, and the strips. */
  private rows(m: ReadModels, players: readonly InstrumentView[], teams: readonly InstrumentView[], now: number, readBudgetMs: number): KeptRows {
    let until = Number.POSITIVE_INFINITY;
    let provisional = false;
    const count = players.length + teams.length;
    const rows = new Array<GlanceRowOut>(count);
    const entries = new Array<KeptEntry>(count);
    const pieces = new Array<Buffer>(Math.max(0, count * 2 - 1));
    let length = 0;
    const readUntil = performance.now() + readBudgetMs;
    const index: KeptRows['index'] = { player: new Map(), team: new Map() };
    let n = 0;
    for (const list of [players, teams]) {
      for (const i of list) {
        const kept = this.kept[i.kind];
        let e = kept.get(i.id);
        if (!e || e.provisional || now >= e.until || m.rowChangedSince(i.kind, i.id, this.builtAt)) {
          e = encodeEntry(glanceEntry(m, i, keyOf(i.kind, i.id), now, performance.now() < readUntil));
          kept.set(i.id, e);
        }
        if (e.until < until) until = e.until;
        if (e.provisional) provisional = true;
        rows[n] = e.row;
        entries[n] = e;
        if (n > 0) pieces[2 * n - 1] = COMMA;
        pieces[2 * n] = e.json;
        length += e.json.length;
        index[i.kind].set(i.id, n);
        n++;
      }
    }
    length += Math.max(0, count - 1);
    // Instruments no longer listed (a player retired) are forgotten.
    if (this.kept.player.size + this.kept.team.size > count) {
      const listed = new Set([...players, ...teams]);
      for (const kind of INSTRUMENT_KINDS) for (const id of this.kept[kind].keys()) if (!listed.has(m.instruments.get(kind, id)!)) this.kept[kind].delete(id);
    }
    return withStrips({ players, teams, rows, until, provisional, entries, pieces, length, index });
  }

  /**
   * The last build's rows with those of `changed` built again (the instruments listed are the same
   * and none ran out): copies of its arrays, not a look at every instrument. Null when an
   * instrument changed is not among the rows.
   */
  private patch(m: ReadModels, last: KeptRows, changed: readonly { kind: InstrumentKind; id: number }[], now: number, readBudgetMs: number): KeptRows | null {
    const rows = last.rows.slice();
    const entries = last.entries.slice();
    const pieces = last.pieces.slice();
    let { length, until, provisional } = last;
    const readUntil = performance.now() + readBudgetMs;
    const replaced: { before: GlanceEntry; after: GlanceEntry }[] = [];
    for (const { kind, id } of changed) {
      const n = last.index[kind].get(id);
      const i = m.instruments.get(kind, id);
      if (n === undefined || !i) return null;
      const e = encodeEntry(glanceEntry(m, i, keyOf(kind, id), now, performance.now() < readUntil));
      this.kept[kind].set(id, e);
      length += e.json.length - entries[n]!.json.length;
      // The earliest time an entry runs out: a replaced entry's time may have been it, so this may come early (a full build then), never late.
      if (e.until < until) until = e.until;
      if (e.provisional) provisional = true;
      replaced.push({ before: entries[n]!, after: e });
      rows[n] = e.row;
      entries[n] = e;
      pieces[2 * n] = e.json;
    }
    return withStrips({ players: last.players, teams: last.teams, rows, until, provisional, entries, pieces, length, index: last.index }, { last, replaced });
  }
}

/**
 * The rows with the strips picked from them, and the answer's bytes. After a patch, each strip is
 * the last build's with the replaced entries put in their place, when that can be told from it
 * alone (else it is picked again from every entry); the strips' bytes are the last build's when
 * no strip's items changed.
 */
function withStrips(
  r: Omit<KeptRows, 'strips' | 'tops' | 'bytes' | 'tail'>,
  after?: { last: KeptRows; replaced: readonly { before: GlanceEntry; after: GlanceEntry }[] },
): KeptRows {
  const tops = STRIP_SCORES.map((score, s) => (after && stripAfter(after.last.tops[s]!, after.replaced, score)) ?? stripOf(r.entries, score));
  const strips = stripsFrom(tops);
  const same = after !== undefined && sameStrips(strips, after.last.strips);
  const tail = same
    ? after.last.tail
    : Buffer.from(
        `],"movers_up":${JSON.stringify(strips.movers_up)},"movers_down":${JSON.stringify(strips.movers_down)},` +
          `"most_traded":${JSON.stringify(strips.most_traded)},"most_held":${JSON.stringify(strips.most_held)}}`,
      );
  let whole: Buffer | null = null;
  const bytes = () => (whole ??= Buffer.concat(r.pieces, r.length));
  return { ...r, strips: same ? after.last.strips : strips, tops, bytes, tail };
}

/** Whether two strips hold the very same items (kept items are replaced, never changed: identity says it). */
function sameStrips(a: Strips, b: Strips): boolean {
  const same = (x: readonly GlanceItemOut[], y: readonly GlanceItemOut[]) => x.length === y.length && x.every((item, i) => item === y[i]);
  return same(a.movers_up, b.movers_up) && same(a.movers_down, b.movers_down) && same(a.most_traded, b.most_traded) && same(a.most_held, b.most_held);
}

/** An entry checked against the schemas (frozen: it stays as checked) and its row encoded. */
function encodeEntry(e: GlanceEntry): KeptEntry {
  const row = Object.freeze(glanceRowOut.parse(e.row));
  const item = Object.freeze(glanceItemOut.parse(e.item));
  return { ...e, row, item, json: Buffer.from(JSON.stringify(row)) };
}

/** Answers checked against `marketGlanceOut` when they were built (each row and item when it was). */
const checked = new WeakSet<object>();

/**
 * `market.glance` for these read models as they are now: built once per change of the market (or
 * when a trend's time runs out), the same answer for every caller; each build checks and encodes
 * only the rows of the instruments that changed (KeptGlance).
 */
export function sharedGlances(now: () => number): (m: ReadModels) => MarketGlanceOut {
  const rows = new KeptGlance();
  let kept: { models: ReadModels; version: number; until: number; answer: MarketGlanceOut } | null = null;
  return (m) => {
    const at = now();
    // Marks move with time alone: advanced first, so that the version says whether any did.
    m.markChanges();
    if (kept?.models === m && kept.version === m.version && at < kept.until) return kept.answer;
    const { answer, until, encoding } = rows.build(m, at);
    checked.add(answer);
    rememberEncoding(answer, encoding);
    // Read after building: a mark read for the first time while building counts as a change.
    kept = { models: m, version: m.version, until, answer };
    return answer;
  };
}

/** `market.glance`'s output check: an answer made by sharedGlances was checked when it was made. */
export function checkedGlance(value: unknown): MarketGlanceOut {
  if (typeof value === 'object' && value !== null && checked.has(value)) return value as MarketGlanceOut;
  return marketGlanceOut.parse(value);
}
