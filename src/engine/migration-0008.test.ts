import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { ledgerProblems } from './test-support/invariants.js';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { createLedgerRepo } from '../db/repos/ledger.js';
import { holdingsByKind, legacyMarket } from '../db/test-support/legacy-holdings.js';
import { migrationsBefore } from '../db/test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function ledger(db: Db) {
  const all = (sql: string) => db.$client.prepare(sql).all();
  return {
    users: all('SELECT id, username, email_hash, password_hash, is_admin, avatar, balance_cents, created_at FROM users ORDER BY id'),
    players: all('SELECT * FROM players ORDER BY id'),
    teams: all('SELECT * FROM teams ORDER BY id'),
    holdings: holdingsByKind(db),
    orders: all('SELECT * FROM orders ORDER BY id'),
    trades: all('SELECT id, instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at FROM trades ORDER BY id'),
    declines: all('SELECT * FROM declined_asks ORDER BY order_id, user_id'),
  };
}

const names = (db: Db, type: 'table' | 'index') =>
  (db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = ? AND sql IS NOT NULL ORDER BY name`).all(type) as { name: string }[]).map((r) => r.name);

describe('migration 0008 (one holdings table, keyed by instrument like orders and trades)', () => {
  it('moves every player and team holding into it, column for column, and keeps every balance, order and trade', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-upgrade-'));
    dirs.push(dir);
    const file = join(dir, 'hoops.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0008_holdings_one_table', join(dir, 'old')) });
    const market = legacyMarket(old);
    const before = ledger(old);
    expect(before.holdings.player).toHaveLength(2);
    expect(before.holdings.team).toHaveLength(2);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(ledger(db)).toEqual(before);
      expect(ledgerProblems(db)).toEqual([]);
      const { a, b, c } = market.users;
      const lockedUntil = before.holdings.team.find((h) => h.user_id === c)!.locked_until as number;
      expect(db.$client.prepare('SELECT * FROM holdings ORDER BY instrument, user_id').all()).toEqual([
        {
          user_id: a,
          instrument: 'player',
          instrument_id: market.player,
          shares: 490,
          cost_basis_cents: 49_000,
          min_sell_price_cents: 300,
          min_sell_custom: 1,
          min_sell_seq: 4,
          locked_until: 0,
        },
        {
          user_id: b,
          instrument: 'player',
          instrument_id: market.player,
          shares: 10,
          cost_basis_cents: 2_500,
          min_sell_price_cents: 275,
          min_sell_custom: 0,
          min_sell_seq: 3,
          locked_until: 0,
        },
        {
          user_id: b,
          instrument: 'team',
          instrument_id: market.team,
          shares: 20,
          cost_basis_cents: 2_000,
          min_sell_price_cents: 110,
          min_sell_custom: 0,
          min_sell_seq: 2,
          locked_until: expect.any(Number),
        },
        {
          user_id: c,
          instrument: 'team',
          instrument_id: market.team,
          shares: 1_000,
          cost_basis_cents: 100_000,
          min_sell_price_cents: 500,
          min_sell_custom: 1,
          min_sell_seq: 6,
          locked_until: lockedUntil,
        },
      ]);
      expect(names(db, 'table')).not.toEqual(expect.arrayContaining(['player_holdings']));
      expect(names(db, 'table')).not.toEqual(expect.arrayContaining(['team_holdings']));
      // As the later migrations leave them (0019 keys the table by instrument).
      expect(names(db, 'index').filter((n) => n.startsWith('holdings'))).toEqual(['holdings_team_lock', 'holdings_user']);
      expect(db.$client.pragma('foreign_key_check')).toEqual([]);

      // The exchange reads the upgraded ledger as its own: the holding, the lock, the sequence to continue from.
      const repo = createLedgerRepo(db);
      expect(repo.holding('team', c, market.team)).toEqual({
        shares: 1_000,
        costBasisCents: 100_000,
        minSellPriceCents: 500,
        minSellCustom: true,
        minSellSeq: 6,
        lockedUntil,
      });
      expect(repo.holding('player', a, market.player)).toMatchObject({ shares: 490, minSellCustom: true, lockedUntil: 0 });
      expect(repo.counters().seq).toBe(6);
      expect(repo.locksEnding(0, lockedUntil).sort((x, y) => x.userId - y.userId)).toEqual([
        { userId: b, teamId: market.team },
        { userId: c, teamId: market.team },
      ]);
      const exchange = createExchange({ db, bus: new EventBus(), now: () => 10_000 });
      const filled = exchange.submitNow({ type: 'acceptOffer', userId: c, offerId: market.offer, shares: 40 });
      expect(filled.ok).toBe(true);
      expect(repo.holding('player', a, market.player)?.shares).toBe(450);
      expect(repo.holding('player', c, market.player)?.shares).toBe(40);
      exchange.stop();
      await exchange.idle();
      exchange.close();
      expect(ledgerProblems(db)).toEqual([]);
    } finally {
      db.$client.close();
    }
  });
});
