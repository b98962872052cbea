import { describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { createLedgerRepo } from './repos/ledger.js';
import { createMarketReadsRepo } from './repos/market-reads.js';
import { createPortfolioHistoryRepo } from './repos/portfolio-history.js';
import { createPortfolioReadsRepo } from './repos/portfolio-reads.js';
import { createStatsReadsRepo } from './repos/stats-reads.js';
import { createValuationRepo } from './repos/valuation.js';
import { addOrder, addPlayer, addTeam, addUser, emptyDb } from './test-support/fixtures.js';

/** Every SQL text the repositories prepare, at construction and in `use`. */
function preparedBy(db: Db, use: () => void): string[] {
  const sqlite = db.$client;
  const prepare = sqlite.prepare.bind(sqlite);
  const seen: string[] = [];
  sqlite.prepare = ((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  try {
    use();
  } finally {
    sqlite.prepare = prepare;
  }
  return seen;
}

/** The plan's steps over `orders` that read the whole table (every order ever placed), not an index of open orders or one row. */
function fullScansOfOrders(db: Db, source: string): string[] {
  const literal = source.replace(/@\w+/g, '1').replace(/\?/g, '1');
  const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${literal}`).all() as { detail: string }[];
  // The table by its name, and by whatever word follows it (an alias, or a keyword that matches nothing).
  const aliases = ['orders', ...[...source.matchAll(/\borders\s+(?:AS\s+)?(\w+)/gi)].map((m) => m[1]!)];
  return plan.map((p) => p.detail).filter((d) => aliases.some((a) => new RegExp(`^SCAN ${a}\\b`).test(d)) && !/USING (COVERING )?INDEX orders_open_/.test(d));
}

describe('orders indexes', () => {
  it('index only open orders, so filling or cancelling one leaves the indexes it was in', () => {
    const db = emptyDb();
    const indexes = db.$client
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name`)
      .all() as { name: string; sql: string }[];
    expect(indexes.map((i) => i.name)).toEqual(['orders_open_book', 'orders_open_user']);
    for (const i of indexes) expect(i.sql).toMatch(/WHERE status = 'open'$/);

    const team = addTeam(db);
    const player = addPlayer(db, { teamId: team, name: 'A Player' });
    const alice = addUser(db, 'alice');
    const open = addOrder(db, { side: 'ask', instrumentId: player, userId: alice, priceCents: 150, shares: 3 });
    addOrder(db, { side: 'ask', instrumentId: player, userId: alice, priceCents: 160, shares: 3, status: 'filled' });
    addOrder(db, { side: 'offer', instrumentId: player, userId: alice, priceCents: 170, shares: 3, status: 'cancelled' });
    const viaIndex = (name: string) =>
      db.$client
        .prepare(`SELECT id FROM orders INDEXED BY ${name} WHERE status = 'open' AND user_id = ? AND instrument = 'player' AND instrument_id = ?`)
        .all(alice, player);
    expect(viaIndex('orders_open_book')).toEqual([{ id: open }]);
    expect(viaIndex('orders_open_user')).toEqual([{ id: open }]);
  });

  it('serve every query of the repositories: none reads the whole order history but the start-up counters', () => {
    const db = emptyDb();
    const team = addTeam(db);
    addPlayer(db, { teamId: team, name: 'A Player' });
    const sources = preparedBy(db, () => {
      createLedgerRepo(db);
      createMarketReadsRepo(db);
      createStatsReadsRepo(db);
      createPortfolioReadsRepo(db);
      createPortfolioHistoryRepo(db);
      createValuationRepo(db);
    }).filter((s) => /\borders\b/i.test(s));
    expect(sources.length).toBeGreaterThan(10);
    const scanning = sources.filter((s) => fullScansOfOrders(db, s).length > 0).map((s) => s.replace(/\s+/g, ' ').trim());
    expect(scanning).toEqual(['SELECT MAX(id) AS id, MAX(seq) AS seq FROM orders']);
  });
});
