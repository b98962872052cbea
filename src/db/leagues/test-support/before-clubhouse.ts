import type { Db } from '../../client.js';
import { addTrade } from '../../test-support/fixtures.js';
import { fillTodaysMarket } from './today-market.js';

/**
 * A league file of the version before the chat (migration 0014 and earlier), with something in
 * every table: today's market (`fillTodaysMarket`), and what 0011 to 0014 added — an idempotency
 * key's answer, a retired player's buy-back, the open markets' changes, the registry's rankings,
 * a league's members and one removed from it (not let back in).
 */
export function fillBeforeClubhouse(db: Db) {
  const market = fillTodaysMarket(db);
  const run = (sql: string, ...args: unknown[]) => db.$client.prepare(sql).run(...args);
  run(
    'INSERT INTO idempotency_keys (user_id, key, command, fingerprint, answer, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    market.users.a,
    'key-1',
    'trade.buy',
    'fingerprint',
    '{"ok":true,"value":{"message":"Purchased 500 shares"}}',
    7_000,
  );
  const retired = db.$client.prepare<[], { id: number }>("SELECT id FROM players WHERE name = 'Split Retired'").get()!.id;
  const buyBack = addTrade(db, { instrumentId: retired, buyerId: null, sellerId: market.users.b, shares: 40, priceCents: 100, at: 5_000 });
  run("UPDATE trades SET reason = 'retirement' WHERE id = ?", buyBack);
  run("INSERT INTO open_market_changes (instrument, instrument_id, held, at) VALUES ('player', ?, 0, 4_500)", market.bench);
  const league = db.$client.prepare(
    'INSERT INTO leagues (id, slug, name, invite_code, starting_cash_cents, open, ranking, commissioner_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  league.run(1, 'hoops-exchange', 'Hoops Exchange', 'code-1', 8_000_000_000, 1, 'shareValue', null, 10);
  league.run(2, 'friday', 'Friday', 'code-2', 100_000_000, 0, 'netWorth', market.users.a, 20);
  for (const user of [market.users.a, market.users.b, market.users.c])
    run('INSERT INTO league_members (league_id, user_id, joined_at) VALUES (2, ?, 30)', user);
  run('INSERT INTO league_removals (league_id, user_id, removed_at, removed_by) VALUES (2, ?, 40, ?)', market.users.d, market.users.a);
  return { ...market, retired, buyBack };
}

/** Every row a league file holds (the columns given for the tables a later migration widens), to compare before and after an upgrade. */
export function everythingIn(db: Db, columns: { seasons?: string; leagues?: string } = {}) {
  const all = (sql: string) => db.$client.prepare(sql).all();
  return {
    users: all('SELECT * FROM users ORDER BY id'),
    players: all('SELECT * FROM players ORDER BY id'),
    teams: all('SELECT * FROM teams ORDER BY id'),
    holdings: all('SELECT * FROM holdings ORDER BY user_id, instrument, instrument_id'),
    orders: all('SELECT * FROM orders ORDER BY id'),
    // The columns of the version before (0018 adds a sale's realized profit, null for the trades before it).
    trades: all('SELECT id, instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at, reason FROM trades ORDER BY id'),
    declines: all('SELECT * FROM declined_asks ORDER BY order_id, user_id'),
    seasons: all(`SELECT ${columns.seasons ?? '*'} FROM seasons ORDER BY number`),
    leagues: all(`SELECT ${columns.leagues ?? '*'} FROM leagues ORDER BY id`),
    members: all('SELECT * FROM league_members ORDER BY league_id, user_id'),
    removals: all('SELECT * FROM league_removals ORDER BY league_id, user_id'),
    keys: all('SELECT * FROM idempotency_keys ORDER BY user_id, key'),
    openMarkets: all('SELECT * FROM open_market_changes ORDER BY id'),
    sessions: all('SELECT * FROM sessions ORDER BY id'),
    push: all('SELECT * FROM push_subscriptions ORDER BY id'),
    audit: all('SELECT * FROM audit_log ORDER BY id'),
  };
}
