import { expect } from 'vitest';
import { createMarketReadsRepo } from '../../db/repos/market-reads.js';
import { createPortfolioHistoryRepo } from '../../db/repos/portfolio-history.js';
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
    // The price over time, at every trade's time and between them.
    const times = t.db.$client
      .prepare<[string, number], { at: number }>('SELECT DISTINCT created_at AS at FROM trades WHERE instrument = ? AND instrument_id = ?')
      .all(ref.kind, ref.id);
    const priceAt = t.db.$client.prepare<[string, number, number], { p: number }>(
      `SELECT price_cents AS p FROM trades WHERE instrument = ? AND instrument_id = ? AND created_at <= ? AND buyer_id IS NOT NULL AND seller_id IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    for (const { at } of times)
      for (const probe of [at - 1, at, at + 1]) expect(models.timelines.priceAt(key, probe)).toBe(priceAt.get(ref.kind, ref.id, probe)?.p ?? null);
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
    expect(models.shareValueCents(userId)).toBe(valuation.shareValueCents(userId));
    // The portfolio chart with prices from the timelines and the portfolio now from the models, as with both read from the database.
    const current = {
      cashCents: t.cash(userId) + models.orders.escrowCents(userId),
      shareValueCents: models.shareValueCents(userId),
      holdings: [...models.holdings.ofUser(userId).values()].map((h) => ({ instrument: h.kind, instrumentId: h.instrumentId, shares: h.shares })),
    };
    expect(history.history(userId, now, models.timelines, current), `history of ${userId}`).toEqual(history.history(userId, now));
    expect(models.orders.escrowCents(userId)).toBe(valuation.escrowCents(userId));
    const sql = portfolios.portfolio(userId, now)!;
    const held = models.valueHoldings(userId, now);
    expect(held).toEqual({
      escrowCents: sql.escrowCents,
      shareValueCents: sql.shareValueCents,
      shareValueAtWeeklyAvgCents: sql.shareValueAtWeeklyAvgCents,
      players: sql.players,
      teams: sql.teams,
    });
  }

  const ranked = stats.leaderboard(users.length).filter((r) => r.shareValueCents > 0 || models.holdings.ofUser(r.userId).size > 0);
  expect(models.topByShareValue(users.length).map((r) => [r.userId, r.shareValueCents])).toEqual(ranked.map((r) => [r.userId, r.shareValueCents]));
  expect(models.statistics(now, 10)).toEqual(stats.statistics(now));
}
