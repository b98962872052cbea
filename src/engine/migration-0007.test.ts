import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { seedLeagueIfEmpty } from './league.js';
import { addUser } from './test-support/db.js';
import { ledgerProblems } from './test-support/invariants.js';
import { leagueDir, migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The migrations folder as it was before `tag`: its SQL files and a journal that ends before it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-migrations-'));
  dirs.push(dir);
  cpSync(migrationsDir, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Every row that holds money, shares or orders. */
function ledger(db: Db) {
  const all = (sql: string) => db.$client.prepare(sql).all();
  return {
    users: all('SELECT id, username, balance_cents FROM users ORDER BY id'),
    players: all('SELECT id, salary, shares_remaining, last_trade_price_cents FROM players ORDER BY id'),
    teams: all('SELECT id, shares_remaining, last_trade_price_cents FROM teams ORDER BY id'),
    playerHoldings: all('SELECT * FROM player_holdings ORDER BY user_id, player_id'),
    teamHoldings: all('SELECT * FROM team_holdings ORDER BY user_id, team_id'),
    orders: all('SELECT * FROM orders ORDER BY id'),
    trades: all('SELECT * FROM trades ORDER BY id'),
  };
}

describe('migration 0007 (a user’s trades indexed by time)', () => {
  it('upgrades a league made by the earlier migrations, keeping every balance, holding, order and trade', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-upgrade-'));
    dirs.push(dir);
    const file = join(dir, 'hoops.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0007_trades_user_time') });
    seedLeagueIfEmpty(old, leagueDir, 1);
    const exchange = createExchange({ db: old, bus: new EventBus(), now: () => 2_000 });
    const [a, b] = [addUser(old, 'a'), addUser(old, 'b')];
    const player = { kind: 'player' as const, id: old.$client.prepare<[], { id: number }>('SELECT id FROM players ORDER BY salary LIMIT 1').get()!.id };
    const must = (r: Awaited<ReturnType<typeof exchange.submit>>) => {
      if (!r.ok) throw new Error(r.error.message);
      return r.outcome;
    };
    must(exchange.submitNow({ type: 'buy', userId: a, instrument: player, shares: 500, priceCents: 100 }));
    must(exchange.submitNow({ type: 'listOffer', userId: a, instrument: player, shares: 100, priceCents: 300 }));
    must(exchange.submitNow({ type: 'acceptOffer', userId: b, offerId: must(exchange.submitNow({ type: 'listOffer', userId: a, instrument: player, shares: 10, priceCents: 250 })).offer!.id }));
    must(exchange.submitNow({ type: 'buy', userId: b, instrument: player, shares: 5, priceCents: 120 }));
    exchange.stop();
    await exchange.idle();
    exchange.close();
    const before = ledger(old);
    expect(before.trades.length).toBeGreaterThan(1);
    old.$client.close();

    const upgraded = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(ledger(upgraded)).toEqual(before);
      expect(ledgerProblems(upgraded)).toEqual([]);
      const indexes = upgraded.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trades' AND sql IS NOT NULL ORDER BY name`).all();
      expect(indexes).toEqual([{ name: 'trades_buyer_time' }, { name: 'trades_instrument_time' }, { name: 'trades_seller_time' }, { name: 'trades_time' }]);
      const plan = upgraded.$client.prepare('EXPLAIN QUERY PLAN SELECT id FROM trades WHERE buyer_id = 1 AND (created_at, id) < (5, 5) ORDER BY created_at DESC, id DESC LIMIT 5').all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX trades_buyer_time/);
    } finally {
      upgraded.$client.close();
    }
  });
});
