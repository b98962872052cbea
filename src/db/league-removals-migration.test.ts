import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from './client.js';
import { createLeaguesRepo } from './repos/leagues.js';
import { addUser } from './test-support/fixtures.js';
import { migrationsBefore } from './test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

// The columns of the version before it (0016 adds a league's season end time).
const COLUMNS: Record<string, string> = { leagues: 'id, slug, name, invite_code, starting_cash_cents, open, ranking, commissioner_id, created_at' };

const everything = (db: Db) =>
  Object.fromEntries(
    ['users', 'sessions', 'leagues', 'league_members', 'audit_log'].map((t) => [
      t,
      db.$client.prepare(`SELECT ${COLUMNS[t] ?? '*'} FROM ${t} ORDER BY 1, 2`).all(),
    ]),
  );

describe('migration 0014 (league removals)', () => {
  it('keeps the accounts as they were, and bars from rejoining those removed before it who are still out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-removals-'));
    dirs.push(dir);
    const file = join(dir, 'hoops.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0014_league_removals', join(dir, 'old')) });
    const [commish, out, back, stays] = ['commish', 'out', 'back', 'stays'].map((n) => addUser(old, n)) as [number, number, number, number];
    const c = old.$client;
    c.prepare(
      `INSERT INTO leagues (id, slug, name, invite_code, starting_cash_cents, open, commissioner_id, created_at) VALUES (1, 'hoops', 'Hoops', 'code1', 100, 1, NULL, 1)`,
    ).run();
    c.prepare(
      `INSERT INTO leagues (id, slug, name, invite_code, starting_cash_cents, open, commissioner_id, created_at) VALUES (2, 'friends', 'Friends', 'code2', 100, 0, ?, 2)`,
    ).run(commish);
    for (const u of [commish, back, stays]) c.prepare('INSERT INTO league_members (league_id, user_id, joined_at) VALUES (2, ?, 3)').run(u);
    const audit = c.prepare(`INSERT INTO audit_log (actor_id, actor, action, details, created_at) VALUES (?, 'commish', ?, ?, ?)`);
    // `out` was removed twice (the last time at 20); `back` was removed, and joined again since.
    audit.run(commish, 'league.remove-member', JSON.stringify({ leagueId: 2, userId: out, username: 'out', cancelledOrders: 0 }), 10);
    audit.run(commish, 'league.remove-member', JSON.stringify({ leagueId: 2, userId: out, username: 'out', cancelledOrders: 3 }), 20);
    audit.run(commish, 'league.remove-member', JSON.stringify({ leagueId: 2, userId: back, username: 'back', cancelledOrders: 0 }), 15);
    audit.run(commish, 'league.create', JSON.stringify({ leagueId: 2, name: 'Friends' }), 2);
    const before = everything(old);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(everything(db)).toEqual(before);
      expect(db.$client.prepare('SELECT * FROM league_removals').all()).toEqual([{ league_id: 2, user_id: out, removed_at: 20, removed_by: commish }]);
      const registry = createLeaguesRepo(db);
      expect([out, back, stays].map((u) => registry.isRemoved(2, u))).toEqual([true, false, false]);
      expect(registry.readmit(2, out)).toBe(true);
      expect(registry.isRemoved(2, out)).toBe(false);
    } finally {
      db.$client.close();
    }
  });
});
