import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { endSeason } from './season-end.js';
import { migrationsDir } from '../paths.js';
import { openDb } from '../db/client.js';
import { everythingIn, fillBeforeClubhouse } from '../db/leagues/test-support/before-clubhouse.js';
import { createFeedRepo } from '../db/repos/feed.js';
import { createLeaguesRepo } from '../db/repos/leagues.js';
import { migrationsBefore } from '../db/test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

// The columns of the version before the chat (0016 adds a season's end time).
const BEFORE_0016 = {
  seasons: 'number, started_at, ended_at, after_trade_id, archive',
  leagues: 'id, slug, name, invite_code, starting_cash_cents, open, ranking, commissioner_id, created_at',
};

describe('migration 0015 (the league’s chat and feed)', () => {
  it('upgrades a league file of the version before in place: every balance, holding, order, trade, key and season kept; an empty feed that takes messages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-chat-migrate-'));
    dirs.push(dir);
    const file = join(dir, '2.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0015_chat_feed', join(dir, 'old')) });
    const market = fillBeforeClubhouse(old);
    const before = everythingIn(old, BEFORE_0016);
    expect(before.trades.length).toBeGreaterThan(0);
    expect(before.keys).toHaveLength(1);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(everythingIn(db, BEFORE_0016)).toEqual(before);
      // Whoever was removed from a league before the chat stays out of it (and so of its chat).
      expect(createLeaguesRepo(db).isRemoved(2, market.users.d)).toBe(true);
      const feed = createFeedRepo(db);
      expect(feed.page(null, 10)).toEqual([]);
      const { a: alice } = market.users;
      const { id } = feed.add({ kind: 'message', userId: alice, text: 'first!', at: 10_000 });
      expect(feed.setReaction(id, alice, '🔥', true, 10_001)).toBe(1);
      feed.markRead(alice, id, 10_002);
      expect(feed.page(null, 10)).toEqual([{ id, kind: 'message', userId: alice, username: 'alice', text: 'first!', data: null, createdAt: 10_000 }]);

      // The season of the upgraded file ends as a new one would: standings at the marks, its recap, the feed told once.
      const exchange = createExchange({ db, bus: new EventBus(), now: () => 20_000 });
      const ended = endSeason(exchange, db, 100_000_000, { ranking: 'netWorth' });
      exchange.close();
      expect(ended.ok).toBe(true);
      const archive = ended.ok ? ended.value.archive : null;
      expect(archive?.recap?.champions.map((c) => c.username)).toEqual(archive?.standings.filter((s) => s.rank === 1).map((s) => s.username));
      expect(feed.page(null, 1)[0]).toMatchObject({ kind: 'seasonEnded', userId: null });
    } finally {
      db.$client.close();
    }
  });
});
