import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb } from './client.js';
import { createPushSubscriptionsRepo } from './repos/push-subscriptions.js';
import { addOrder, addPlayer, addTeam, addTrade, addUser, holdPlayer } from './test-support/fixtures.js';

/** The migrations folder as it was before `tag` (that migration and later ones left out). */
function migrationsBefore(tag: string, dir: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  for (const e of entries) cpSync(join(migrationsDir, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

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
    const tables = (db: typeof old) => (db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map((t) => t.name);
    expect(tables(old)).not.toContain('push_subscriptions');
    const team = addTeam(old);
    const player = addPlayer(old, { teamId: team, name: 'Kept Player' });
    const alice = addUser(old, 'alice');
    const bob = addUser(old, 'bob');
    holdPlayer(old, alice, player, 100, 15_000, 165);
    addOrder(old, { side: 'ask', instrumentId: player, userId: bob, priceCents: 150, shares: 4 });
    addTrade(old, { instrumentId: player, buyerId: bob, sellerId: alice, shares: 3, priceCents: 140, at: 1_000 });
    const snapshot = (db: typeof old) =>
      ['users', 'players', 'teams', 'player_holdings', 'orders', 'trades'].map((t) => db.$client.prepare(`SELECT * FROM ${t} ORDER BY 1`).all());
    const before = snapshot(old);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(snapshot(db)).toEqual(before);
      expect(tables(db)).toEqual(expect.arrayContaining(['push_subscriptions', 'push_subscription_kinds']));
      const push = createPushSubscriptionsRepo(db);
      push.save(alice, { endpoint: 'https://push.example/1', p256dh: 'key', auth: 'secret' }, ['orderFilled', 'newOffer'], 2_000);
      expect(push.kinds(alice, 'https://push.example/1')).toEqual(['newOffer', 'orderFilled']);
      expect(push.ofHolders('player', player, 'newOffer', bob).map((t) => t.userId)).toEqual([alice]);
      // A user's subscriptions go with the user.
      db.$client.prepare('DELETE FROM player_holdings WHERE user_id = ?').run(alice);
      db.$client.prepare('DELETE FROM trades').run();
      db.$client.prepare('DELETE FROM users WHERE id = ?').run(alice);
      expect(db.$client.prepare('SELECT COUNT(*) AS n FROM push_subscription_kinds').get()).toEqual({ n: 0 });
    } finally {
      db.$client.close();
    }
  });
});
