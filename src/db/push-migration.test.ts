import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb } from './client.js';
import { createPushSubscriptionsRepo } from './repos/push-subscriptions.js';
import { addOrder, addPlayer, addTeam, addTrade, addUser } from './test-support/fixtures.js';
import { holdingsByKind, insertLegacyHolding } from './test-support/legacy-holdings.js';
import { migrationsBefore } from './test-support/migrations.js';

describe('migration 0006_push_subscriptions', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('keeps a database made by the earlier migrations as it was, and adds the push tables', () => {
    dir = mkdtempSync(join(tmpdir(), 'hoops-migrate-'));
    const file = join(dir, 'hoops.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0006_push_subscriptions', join(dir, 'old')) });
    const tables = (db: typeof old) =>
      (db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map((t) => t.name);
    expect(tables(old)).not.toContain('push_subscriptions');
    const team = addTeam(old);
    const player = addPlayer(old, { teamId: team, name: 'Kept Player' });
    const alice = addUser(old, 'alice');
    const bob = addUser(old, 'bob');
    insertLegacyHolding(old, 'player', {
      userId: alice,
      instrumentId: player,
      shares: 100,
      costBasisCents: 15_000,
      minSellPriceCents: 165,
      minSellCustom: false,
      minSellSeq: 1,
    });
    old.$client.prepare('UPDATE players SET shares_remaining = shares_remaining - 100 WHERE id = ?').run(player);
    addOrder(old, { side: 'ask', instrumentId: player, userId: bob, priceCents: 150, shares: 4 });
    addTrade(old, { instrumentId: player, buyerId: bob, sellerId: alice, shares: 3, priceCents: 140, at: 1_000 });
    const snapshot = (db: typeof old) => [
      db.$client.prepare('SELECT id, username, email_hash, password_hash, is_admin, avatar, balance_cents, created_at FROM users ORDER BY 1').all(),
      ...['players', 'teams'].map((t) => db.$client.prepare(`SELECT * FROM ${t} ORDER BY 1`).all()),
      holdingsByKind(db).player,
      db.$client.prepare('SELECT * FROM orders ORDER BY 1').all(),
      db.$client.prepare('SELECT id, instrument, instrument_id, buyer_id, seller_id, shares, price_cents, created_at FROM trades ORDER BY 1').all(),
    ];
    const before = snapshot(old);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(snapshot(db)).toEqual(before);
      expect(tables(db)).toEqual(expect.arrayContaining(['push_subscriptions', 'push_subscription_kinds']));
      const push = createPushSubscriptionsRepo(db);
      push.save(alice, { endpoint: 'https://push.example/1', p256dh: 'key', auth: 'secret' }, ['orderFilled', 'newOffer'], 2_000);
      expect(push.kinds(alice, 'https://push.example/1')).toEqual(['newOffer', 'orderFilled']);
      expect(push.ofUsers([alice, bob], 'newOffer').map((t) => t.userId)).toEqual([alice]);
      // A user's subscriptions go with the user.
      db.$client.prepare('DELETE FROM holdings WHERE user_id = ?').run(alice);
      db.$client.prepare('DELETE FROM trades').run();
      db.$client.prepare('DELETE FROM users WHERE id = ?').run(alice);
      expect(db.$client.prepare('SELECT COUNT(*) AS n FROM push_subscription_kinds').get()).toEqual({ n: 0 });
    } finally {
      db.$client.close();
    }
  });
});
