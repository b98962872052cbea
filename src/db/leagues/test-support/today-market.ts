import type { Db } from '../../client.js';
import { addOrder, addPlayer, addTeam, addTrade, addUser, holdPlayer, holdTeam, setLastTradePrice } from '../../test-support/fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A database of the version before leagues with something in every table: balances, player and team
 * holdings (a team lock running, one ended), open, filled and cancelled orders with their escrow,
 * trades with the open market on either side, a declined ask, sessions, a reset token, a push
 * subscription and the audit log.
 */
export function fillTodaysMarket(db: Db) {
  const east = addTeam(db, { code: 'UPA', name: 'Upgrade East', lastTradePriceCents: 140 });
  const west = addTeam(db, { code: 'UPB', name: 'Upgrade West', conference: 'West' });
  const star = addPlayer(db, { teamId: east, name: 'Split Star', salary: 2_000_000 });
  const bench = addPlayer(db, { teamId: west, name: 'Split Bench', salary: 700_000, restrictedUntil: 9 * DAY_MS });
  addPlayer(db, { teamId: west, name: 'Split Retired', salary: 300_000, retiredAt: 5_000 });
  const [a, b, c, d] = [addUser(db, 'alice'), addUser(db, 'bob', 7_000_000_000, 'ball'), addUser(db, 'cleo'), addUser(db, 'dan', 0)];
  const cash = db.$client.prepare<[number, number]>('UPDATE users SET balance_cents = balance_cents + ? WHERE id = ?');

  holdPlayer(db, a, star, 500, 50_000, 300);
  cash.run(-50_000, a);
  holdPlayer(db, b, star, 10, 2_500, 275);
  holdPlayer(db, c, bench, 1_234, 123_400);
  holdTeam(db, c, east, 1_000, 100_000, 20 * DAY_MS, 500);
  holdTeam(db, b, west, 20, 2_000, 0);
  setLastTradePrice(db, star, 250);
  addTrade(db, { instrumentId: star, buyerId: a, sellerId: null, shares: 500, priceCents: 100, at: 1_000 });
  addTrade(db, { instrumentId: star, buyerId: b, sellerId: a, shares: 10, priceCents: 250, at: 2_000 });
  addTrade(db, { instrument: 'team', instrumentId: east, buyerId: c, sellerId: null, shares: 1_000, priceCents: 100, at: 3_000 });
  addTrade(db, { instrumentId: bench, buyerId: null, sellerId: d, shares: 5, priceCents: 100, at: 4_000 });

  const offer = addOrder(db, { side: 'offer', instrumentId: star, userId: a, priceCents: 300, shares: 100 });
  const ask = addOrder(db, { side: 'ask', instrumentId: star, userId: b, priceCents: 120, shares: 5 });
  addOrder(db, { side: 'ask', instrument: 'team', instrumentId: west, userId: c, priceCents: 150, shares: 7, sharesRemaining: 4 });
  addOrder(db, { side: 'ask', instrument: 'team', instrumentId: east, userId: a, priceCents: 150, shares: 7, status: 'cancelled' });
  addOrder(db, { side: 'offer', instrumentId: bench, userId: c, priceCents: 900, shares: 30, sharesRemaining: 0, status: 'filled' });
  const run = (sql: string, ...args: unknown[]) => db.$client.prepare(sql).run(...args);
  run('INSERT INTO declined_asks (order_id, user_id, created_at) VALUES (?, ?, ?)', ask, a, 6_000);
  run('INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', 'session-a', a, 90 * DAY_MS, 10);
  run('INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)', 'session-b', b, 91 * DAY_MS, 11);
  run('INSERT INTO password_reset_tokens (id, user_id, expires_at, used_at) VALUES (?, ?, ?, ?)', 'reset-c', c, 50_000, null);
  run('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)', b, 'https://push.test/b', 'key', 'auth', 12);
  run('INSERT INTO push_subscription_kinds (subscription_id, kind) VALUES (1, ?), (1, ?)', 'outbid', 'orderFilled');
  run('INSERT INTO audit_log (actor_id, actor, action, details, created_at) VALUES (?, ?, ?, ?, ?)', null, 'cli', 'salary', '{"playerId":1}', 13);
  // An order removed by hand once: its id must not come back.
  const gone = addOrder(db, { side: 'offer', instrumentId: star, userId: a, priceCents: 500, shares: 1, status: 'cancelled' });
  run('DELETE FROM orders WHERE id = ?', gone);
  return { users: { a, b, c, d }, star, bench, east, west, offer, ask, goneOrder: gone };
}
