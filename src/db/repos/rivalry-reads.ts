import type { Db } from '../client.js';
import { INSTRUMENT_NAME, MARKS_CTE, marksParamOf, namesJoinSql } from './marks-sql.js';
import type { MarkOf } from './valuation.js';

/** What the weekly recap reads of a week (docs/chat.md, "Rivalry"): once a week per league, a scan of that week's trades. */
export function createRivalryReads(db: Db) {
  const c = db.$client;
  const lastRecap = c.prepare<[], { createdAt: number; data: string | null }>(
    "SELECT created_at AS createdAt, data FROM feed_items WHERE kind = 'weeklyRecap' AND deleted_at IS NULL ORDER BY id DESC LIMIT 1",
  );
  const mostActive = c.prepare<[number, number, number, number], { userId: number; username: string; trades: number }>(
    `SELECT x.u AS userId, u.username, COUNT(*) AS trades FROM (
       SELECT buyer_id AS u FROM trades WHERE created_at >= ? AND created_at < ? AND buyer_id IS NOT NULL
       UNION ALL SELECT seller_id FROM trades WHERE created_at >= ? AND created_at < ? AND seller_id IS NOT NULL) x
     JOIN users u ON u.id = x.u AND u.left_at IS NULL GROUP BY x.u ORDER BY trades DESC, x.u LIMIT 1`,
  );
  const marksParam = marksParamOf(db);
  const bestTrade = c.prepare<
    [string, number, number],
    { userId: number; username: string; name: string; shares: number; priceCents: number; profitCents: number }
  >(
    `WITH ${MARKS_CTE}
     SELECT t.buyer_id AS userId, u.username, ${INSTRUMENT_NAME} AS name, t.shares, t.price_cents AS priceCents,
       t.shares * (m.mark - t.price_cents) AS profitCents
     FROM trades t JOIN marks m ON m.kind = t.instrument AND m.id = t.instrument_id ${namesJoinSql('t')}
     JOIN users u ON u.id = t.buyer_id AND u.left_at IS NULL
     WHERE t.created_at >= ? AND t.created_at < ? ORDER BY profitCents DESC, t.id LIMIT 1`,
  );
  return {
    /** The newest weekly recap: when, and the standings it saw. */
    lastRecap(): { createdAt: number; data: unknown } | null {
      const row = lastRecap.get();
      return row ? { createdAt: row.createdAt, data: row.data === null ? null : (JSON.parse(row.data) as unknown) } : null;
    },
    mostActive: (from: number, to: number) => mostActive.get(from, to, from, to) ?? null,
    /** The week's purchase that gained its buyer the most, valued at the marks now. */
    bestTrade: (from: number, to: number, markOf: MarkOf) => bestTrade.get(marksParam(markOf), from, to) ?? null,
  };
}
