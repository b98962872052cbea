import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { openDb } from '../db/client.js';
import { everythingIn, fillBeforeClubhouse } from '../db/leagues/test-support/before-clubhouse.js';
import { createWatchlistRepo } from '../db/repos/watchlist.js';
import { migrationsBefore } from '../db/test-support/migrations.js';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('migration 0017 (the watchlist)', () => {
  it('upgrades a league file made by the migrations up to 0016 in place: everything kept, an empty watchlist each, which then keeps stars', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-watchlist-migrate-'));
    dirs.push(dir);
    const file = join(dir, '2.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0017_watchlist', join(dir, 'old')) });
    const { users } = fillBeforeClubhouse(old);
    const before = everythingIn(old);
    expect(old.$client.prepare("SELECT name FROM sqlite_master WHERE name = 'watchlist'").all()).toEqual([]);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(everythingIn(db)).toEqual(before);
      const repo = createWatchlistRepo(db);
      expect(repo.list(users.a, 100)).toEqual([]);
      const player = db.$client.prepare<[], { id: number }>('SELECT id FROM players ORDER BY id LIMIT 1').get()!;
      repo.add(users.a, 'player', player.id, 10);
      repo.add(users.a, 'team', 1, 11);
      repo.add(users.a, 'player', player.id, 12);
      expect(repo.list(users.a, 100)).toEqual([
        { kind: 'player', id: player.id },
        { kind: 'team', id: 1 },
      ]);
      expect(repo.list(users.b, 100)).toEqual([]);
      // The market of the upgraded file opens as before: its balances and holdings untouched by the new table.
      const exchange = createExchange({ db, bus: new EventBus(), now: () => 20_000 });
      expect(exchange.readModels().instruments.get('player', player.id)).toBeDefined();
      exchange.close();
      expect(everythingIn(db)).toEqual(before);
    } finally {
      db.$client.close();
    }
  });
});
