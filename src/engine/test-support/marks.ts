import type { Db } from '../../db/client.js';
import { markAt, markTimeline, markOnLine, type MarkLine, type MarkTerms, type MarkTrade, type OpenMarketChange } from '../../domain/market/mark.js';
import type { MarkSource } from '../../domain/market/value-history.js';
import type { InstrumentKind } from '../../shared/instrument.js';

/** What an instrument's mark is worked out from, read afresh from the database (SQL alone: no read model). */
export interface MarkRows {
  trades: MarkTrade[];
  openMarket: OpenMarketChange[];
  terms: MarkTerms;
}

/** The mark rows of every instrument (retired players' too), or of those named, by key (`player:12`). */
export function markRowsFromDb(db: Db, only?: readonly string[]): Map<string, MarkRows> {
  const c = db.$client;
  const season = c
    .prepare<[], { startedAt: number; after: number }>('SELECT started_at AS startedAt, after_trade_id AS after FROM seasons ORDER BY number DESC LIMIT 1')
    .get() ?? { startedAt: 0, after: 0 };
  const instruments = c
    .prepare<[], { kind: InstrumentKind; id: number; total: number }>(
      `SELECT 'player' AS kind, id, salary AS total FROM players
       UNION ALL SELECT 'team', t.id, COALESCE((SELECT SUM(p.salary) FROM players p WHERE p.team_id = t.id AND p.retired_at IS NULL), 0) FROM teams t`,
    )
    .all();
  const trades = c.prepare<[string, number, number], MarkTrade>(
    `SELECT created_at AS at, shares, price_cents AS priceCents FROM trades
     WHERE instrument = ? AND instrument_id = ? AND buyer_id IS NOT NULL AND seller_id IS NOT NULL AND id > ? ORDER BY created_at, id`,
  );
  const changes = c.prepare<[string, number], { at: number; held: number }>(
    'SELECT at, held FROM open_market_changes WHERE instrument = ? AND instrument_id = ? ORDER BY at, id',
  );
  const wanted = only && new Set(only);
  return new Map(
    instruments
      .filter((i) => !wanted || wanted.has(`${i.kind}:${i.id}`))
      .map((i) => [
        `${i.kind}:${i.id}`,
        {
          trades: trades.all(i.kind, i.id, season.after),
          openMarket: changes.all(i.kind, i.id).map((r) => ({ at: r.at, held: r.held === 1 })),
          terms: { totalShares: i.total, seasonStart: season.startedAt },
        },
      ]),
  );
}

/** Every instrument's mark at `now` (or those named), from scratch (domain/market/mark.ts `markAt`). */
export function marksFromScratch(db: Db, now: number, only?: readonly string[]): Map<string, number> {
  return new Map([...markRowsFromDb(db, only)].map(([key, r]) => [key, markAt(r.trades, r.openMarket, r.terms, now)]));
}

/** The marks over time up to `now` of these instruments' rows ($1.00 for others): the value charts' reference. */
export function markSourceOf(rows: ReadonlyMap<string, MarkRows>, now: number): MarkSource {
  const lines = new Map<string, MarkLine>([...rows].map(([key, r]) => [key, markTimeline(r.trades, r.openMarket, r.terms, now).line]));
  const line = (key: string) => lines.get(key) ?? { at: [], cents: [] };
  return {
    markAt: (key, at) => markOnLine(line(key), at),
    nextChange: (key, at) => line(key).at.find((t) => t > at) ?? Number.POSITIVE_INFINITY,
  };
}

/** A mark look-up over a map of marks ($1.00 for an instrument not in it). */
export const markOfMap =
  (marks: ReadonlyMap<string, number>) =>
  (kind: InstrumentKind, id: number): number =>
    marks.get(`${kind}:${id}`) ?? 100;
