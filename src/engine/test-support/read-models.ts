import { expect } from 'vitest';
import { createMarketReadsRepo } from '../../db/repos/market-reads.js';
import { createPortfolioHistoryRepo } from '../../db/repos/portfolio-history.js';
import { markAt } from '../../domain/market/mark.js';
import { replayValueHistory } from '../../domain/market/value-history.js';
import { createPortfolioReadsRepo } from '../../db/repos/portfolio-reads.js';
import { createStatsReadsRepo } from '../../db/repos/stats-reads.js';
import { createTeamReadsRepo } from '../../db/repos/team-reads.js';
import { createValuationRepo } from '../../db/repos/valuation.js';
import { createOrderBook } from '../../domain/orderbook/index.js';
import type { InstrumentRef } from '../commands.js';
import { booksFrom, bookSourcesOf, loadBooks } from '../recovery.js';
import type { HolderCursor } from '../read-models/holdings-index.js';
import { keyOf } from '../read-models/instruments.js';
import type { OrderCursor } from '../read-models/open-orders.js';
import type { Db, TestExchange } from './exchange.js';
import { markOfMap, markRowsFromDb, markSourceOf } from './marks.js';

/** Every page of a list, `limit` at a time, from the first. */
function allPages<T, C>(page: (cursor: C | null) => T[], cursorOf: (last: T) => C): T[] {
  const out: T[] = [];
  for (let cursor: C | null = null; ;) {
    const items = page(cursor);
    out.push(...items);
    if (items.length === 0) return out;
    cursor = cursorOf(items[items.length - 1]!);
  }
}

const orderCursor = (o: { priceCents: number; seq: number; id: number }): OrderCursor => ({ priceCents: o.priceCents, seq: o.seq, id: o.id });
const holderCursor = (h: { shares: number; userId: number }): HolderCursor => ({ shares: h.shares, userId: h.userId });

/** The reads from scratch in SQL, their statements prepared once per database (checked after every step of a property test). */
const sqlReads = new WeakMap<Db, ReturnType<typeof prepareSqlReads>>();
function prepareSqlReads(db: Db) {
  return {
    market: createMarketReadsRepo(db),
    portfolios: createPortfolioReadsRepo(db),
    stats: createStatsReadsRepo(db),
    valuation: createValuationRepo(db),
    teams: createTeamReadsRepo(db),
    history: createPortfolioHistoryRepo(db),
  };
}
function sqlReadsOf(db: Db) {
  let reads = sqlReads.get(db);
  if (!reads) sqlReads.set(db, (reads = prepareSqlReads(db)));
  return reads;
}

/** Every figure of the read models against the same figure worked out from scratch in SQL. */
export function expectModelsEqualSql(t: TestExchange, items: InstrumentRef[], users: number[]): void {
  const models = t.exchange.readModels();
  const now = t.clock.now;
  const { market, portfolios, stats, valuation, teams, history } = sqlReadsOf(t.db);
  // The marks worked out from scratch from the database's rows, now and over time (the items are all that trade).
  const markRows = markRowsFromDb(
    t.db,
    items.map((r) => keyOf(r.kind, r.id)),
  );
  const marksNow = new Map([...markRows].map(([key, r]) => [key, markAt(r.trades, r.openMarket, r.terms, now)]));
  const markOf = markOfMap(marksNow);
  const scratchMarks = markSourceOf(markRows, now);
  const liveMarks = models.markSource();

  const books = loadBooks(t.ledger, now, createOrderBook, new Set(items.map((r) => keyOf(r.kind, r.id))));
  for (const ref of items) {
    const key = keyOf(ref.kind, ref.id);
    // The book the exchange builds from the read models, as one rebuilt from the database.
    const sources = bookSourcesOf(models, ref.kind, ref.id);
    const fromModels = sources && booksFrom(sources, now, createOrderBook).get(key)!.snapshot();
    const active = t.ledger.instrument(ref.kind, ref.id)?.active === true;
    expect(fromModels, `book of ${key}`).toEqual(active ? books.get(key)!.snapshot() : undefined);
    const holders = ref.kind === 'player' ? market.shareholders(ref.id) : teams.shareholders(ref.id);
    const paged = allPages((c: HolderCursor | null) => models.holdings.page(key, c, 2), holderCursor);
    expect(
      paged.map((h) => [h.userId, h.shares, h.minSellPriceCents]),
      `holders of ${key}`,
    ).toEqual(holders.map((h) => [h.userId, h.shares, h.minSellPriceCents]));
    expect(models.holdings.holderCount(key)).toBe(holders.length);
    for (const side of ['ask', 'offer'] as const) {
      const sql = side === 'ask' ? market.openAsks(ref.kind, ref.id) : market.openOffers(ref.kind, ref.id);
      const mine = allPages((c: OrderCursor | null) => models.orders.page(key, side, c, 2), orderCursor);
      expect(
        mine.map((o) => [o.id, o.userId, o.priceCents, o.sharesRemaining, o.createdAt]),
        `${side}s of ${key}`,
      ).toEqual(sql.map((o) => [o.id, o.userId, o.priceCents, o.sharesRemaining, o.createdAt]));
    }
    // The mark now, and over time at every trade's time and between them, against markAt from scratch.
    const rows = markRows.get(key);
    if (rows) {
      expect(models.markOf(ref.kind, ref.id), `mark of ${key}`).toBe(marksNow.get(key));
      const times = t.db.$client
        .prepare<[string, number], { at: number }>('SELECT DISTINCT created_at AS at FROM trades WHERE instrument = ? AND instrument_id = ?')
        .all(ref.kind, ref.id);
      for (const { at } of times)
        for (const probe of [at - 1, at, at + 1].filter((p) => p <= now))
          expect(liveMarks.markAt(key, probe), `mark of ${key} at ${probe}`).toBe(markAt(rows.trades, rows.openMarket, rows.terms, probe));
    }
  }

  const offers = allPages((c: OrderCursor | null) => models.orders.allOffersPage(c, 3), orderCursor);
  expect(offers.map((o) => o.id)).toEqual(market.allOpenOffers().map((o) => o.id));
  expect(models.orders.offersTotal).toBe(offers.length);

  for (const userId of users) {
    const relevant = market.relevantAsks(userId).map((o) => o.id);
    expect(
      allPages((c: OrderCursor | null) => models.relevantAsksPage(userId, c, 2), orderCursor).map((o) => o.id),
      `asks for ${userId}`,
    ).toEqual(relevant);
    expect(models.relevantAskCount(userId)).toBe(relevant.length);
    expect(models.shareValueCents(userId)).toBe(valuation.shareValueCents(userId, markOf));
    // The portfolio chart replayed with the marks over time from the models and the portfolio now from them,
    // as with the marks worked out from scratch and the portfolio read from the database.
    const fromModels = {
      cashCents: t.cash(userId) + models.orders.escrowCents(userId),
      shareValueCents: models.shareValueCents(userId),
      holdings: [...models.holdings.ofUser(userId).values()].map((h) => ({ instrument: h.kind, instrumentId: h.instrumentId, shares: h.shares })),
    };
    const held = t.db.$client
      .prepare<[number], { instrument: 'player' | 'team'; instrumentId: number; shares: number }>(
        'SELECT instrument, instrument_id AS instrumentId, shares FROM holdings WHERE user_id = ? ORDER BY instrument, instrument_id',
      )
      .all(userId);
    const fromDb = { cashCents: t.cash(userId) + valuation.escrowCents(userId), shareValueCents: valuation.shareValueCents(userId, markOf), holdings: held };
    const teams = held.filter((h) => h.instrument === 'team').map((h) => h.instrumentId);
    const chartRows = history.rows(userId, teams)!;
    expect(replayValueHistory({ ...chartRows, now, portfolio: fromModels }, liveMarks), `history of ${userId}`).toEqual(
      replayValueHistory({ ...chartRows, now, portfolio: fromDb }, scratchMarks),
    );
    expect(models.orders.escrowCents(userId)).toBe(valuation.escrowCents(userId));
    const sql = portfolios.portfolio(userId, now, markOf)!;
    const valued = models.valueHoldings(userId, now);
    expect(valued).toEqual({
      escrowCents: sql.escrowCents,
      shareValueCents: sql.shareValueCents,
      shareValueAtWeeklyAvgCents: sql.shareValueAtWeeklyAvgCents,
      players: sql.players,
      teams: sql.teams,
    });
  }

  const ranked = stats.leaderboard(markOf, users.length).filter((r) => r.shareValueCents > 0 || models.holdings.ofUser(r.userId).size > 0);
  expect(models.topByShareValue(users.length).map((r) => [r.userId, r.shareValueCents])).toEqual(ranked.map((r) => [r.userId, r.shareValueCents]));
  expect(models.statistics(now, 10)).toEqual(stats.statistics(now));
}
