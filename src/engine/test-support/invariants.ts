import type { Db } from '../../db/client.js';
import { START_BALANCE_CENTS } from '../../shared/money.js';

/**
 * the conservation invariants of docs/rules.md §2 Instruments and supply, read straight from the database: a list of what is wrong,
 * empty when everything holds. With `season`, money is counted from that season's start (every account's cash reset) and its trades only.
 */
export function ledgerProblems(db: Db, startingCashPerUser = START_BALANCE_CENTS, season?: number): string[] {
  const c = db.$client;
  const problems: string[] = [];
  const players = c
    .prepare<[], { id: number; salary: number; remaining: number; held: number }>(
      `SELECT p.id, p.salary, p.shares_remaining AS remaining, COALESCE((SELECT SUM(shares) FROM holdings h WHERE h.instrument = 'player' AND h.instrument_id = p.id), 0) AS held
       FROM players p WHERE p.retired_at IS NULL`,
    )
    .all();
  for (const p of players) {
    if (p.held + p.remaining !== p.salary) problems.push(`player ${p.id}: ${p.held} held + ${p.remaining} remaining ≠ salary ${p.salary}`);
    if (p.remaining < 0) problems.push(`player ${p.id}: negative open market ${p.remaining}`);
  }
  const teams = c
    .prepare<[], { id: number; payroll: number; remaining: number; held: number }>(
      `SELECT t.id, COALESCE((SELECT SUM(salary) FROM players p WHERE p.team_id = t.id AND p.retired_at IS NULL), 0) AS payroll, t.shares_remaining AS remaining,
              COALESCE((SELECT SUM(shares) FROM holdings h WHERE h.instrument = 'team' AND h.instrument_id = t.id), 0) AS held FROM teams t`,
    )
    .all();
  for (const t of teams) {
    if (t.held + t.remaining !== t.payroll) problems.push(`team ${t.id}: ${t.held} held + ${t.remaining} remaining ≠ payroll ${t.payroll}`);
  }
  const negative = c.prepare<[], { n: number }>(
    `SELECT (SELECT COUNT(*) FROM users WHERE balance_cents < 0) + (SELECT COUNT(*) FROM holdings WHERE shares <= 0)
          + (SELECT COUNT(*) FROM orders WHERE shares_remaining < 0) AS n`,
  );
  if ((negative.get()?.n ?? 0) > 0) problems.push('a balance, holding or order is negative');
  const overListed = c.prepare<[], { n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT o.user_id, o.instrument, o.instrument_id, SUM(o.shares_remaining) AS listed FROM orders o
       WHERE o.side = 'offer' AND o.status = 'open' GROUP BY o.user_id, o.instrument, o.instrument_id) l
     WHERE l.listed > COALESCE((SELECT shares FROM holdings h WHERE h.user_id = l.user_id AND h.instrument = l.instrument AND h.instrument_id = l.instrument_id), 0)`,
  );
  if ((overListed.get()?.n ?? 0) > 0) problems.push('some offers list more shares than their seller holds');
  const n = season === undefined ? null : Math.trunc(season);
  const ofSeason =
    n === null
      ? ''
      : `AND id > (SELECT after_trade_id FROM seasons WHERE number = ${n}) AND id <= COALESCE((SELECT after_trade_id FROM seasons WHERE number = ${n + 1}), id)`;
  const money = c
    .prepare<[], { users: number; cash: number; escrow: number; marketIn: number; marketOut: number }>(
      `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COALESCE(SUM(balance_cents), 0) FROM users) AS cash,
              (SELECT COALESCE(SUM(price_cents * shares_remaining), 0) FROM orders WHERE side = 'ask' AND status = 'open') AS escrow,
              (SELECT COALESCE(SUM(price_cents * shares), 0) FROM trades WHERE seller_id IS NULL ${ofSeason}) AS marketIn,
              (SELECT COALESCE(SUM(price_cents * shares), 0) FROM trades WHERE buyer_id IS NULL ${ofSeason}) AS marketOut`,
    )
    .get()!;
  const expected = money.users * startingCashPerUser;
  const actual = money.cash + money.escrow + money.marketIn - money.marketOut;
  if (actual !== expected) problems.push(`cash + escrow + open-market net = ${actual} cents, expected ${expected}`);
  return problems;
}
