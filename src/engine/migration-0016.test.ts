import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { endSeason } from './season-end.js';
import { migrationsDir } from '../paths.js';
import { openDb, type Db } from '../db/client.js';
import { everythingIn, fillBeforeClubhouse } from '../db/leagues/test-support/before-clubhouse.js';
import { createFeedRepo } from '../db/repos/feed.js';
import { createLeaguesRepo } from '../db/repos/leagues.js';
import { createSeasonsRepo } from '../db/seasons/seasons-repo.js';
import { migrationsBefore } from '../db/test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The chat as 0015 keeps it: messages and moments, a deleted one, reactions, a mute and a read mark. */
const chatOf = (db: Db) => {
  const all = (sql: string) => db.$client.prepare(sql).all();
  return {
    items: all('SELECT * FROM feed_items ORDER BY id'),
    reactions: all('SELECT * FROM feed_reactions ORDER BY item_id, user_id, emoji'),
    mutes: all('SELECT * FROM chat_mutes ORDER BY user_id'),
    reads: all('SELECT * FROM chat_reads ORDER BY user_id'),
  };
};

const BEFORE = {
  seasons: 'number, started_at, ended_at, after_trade_id, archive',
  leagues: 'id, slug, name, invite_code, starting_cash_cents, open, ranking, commissioner_id, created_at',
};

describe('migration 0016 (a season’s end time)', () => {
  it('upgrades a league file and a registry in place: everything kept, the chat too, no season with an end time; then one can be set and ends it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-finale-migrate-'));
    dirs.push(dir);
    const file = join(dir, '2.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0016_season_finale', join(dir, 'old')) });
    const { users } = fillBeforeClubhouse(old);
    const feed = createFeedRepo(old);
    const said = feed.add({ kind: 'message', userId: users.a, text: 'gg', at: 8_000 });
    const gone = feed.add({ kind: 'message', userId: users.b, text: 'oops', at: 8_100 });
    feed.remove(gone.id, users.b, 8_200);
    feed.add({ kind: 'newMember', userId: users.c, text: 'cleo joined the league', at: 8_300, key: 'moment:member:3' });
    feed.setReaction(said.id, users.b, '🔥', true, 8_400);
    feed.mute(users.d, users.a, 8_500, null);
    feed.markRead(users.c, said.id, 8_600);
    const before = { ...everythingIn(old, BEFORE), chat: chatOf(old) };
    expect(before.chat.items).toHaveLength(3);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect({ ...everythingIn(db, BEFORE), chat: chatOf(db) }).toEqual(before);
      expect(db.$client.prepare('SELECT ends_at FROM seasons').all()).toEqual([{ ends_at: null }]);
      expect(db.$client.prepare('SELECT season_ends_at FROM leagues ORDER BY id').all()).toEqual([{ season_ends_at: null }, { season_ends_at: null }]);
      const seasons = createSeasonsRepo(db);
      expect(seasons.current()).toMatchObject({ number: 1, endedAt: null, endsAt: null });
      expect(createLeaguesRepo(db).scheduledEnds()).toEqual([]);

      // The upgraded season takes an end time, and ends by it once it is due (and only then).
      expect(seasons.setEndsAt(1, 30_000)).toBe(true);
      let now = 29_999;
      const exchange = createExchange({ db, bus: new EventBus(), now: () => now });
      const due = { onlyIf: (s: { endsAt: number | null; endedAt: number | null }, at: number) => s.endedAt === null && s.endsAt !== null && s.endsAt <= at };
      expect(endSeason(exchange, db, 100_000_000, due)).toEqual({ ok: true, value: null });
      now = 30_000;
      const ended = endSeason(exchange, db, 100_000_000, due);
      exchange.close();
      expect(ended.ok && ended.value?.number).toBe(1);
      expect(seasons.list().map((s) => [s.number, s.endedAt, s.endsAt])).toEqual([
        [1, 30_000, 30_000],
        [2, null, null],
      ]);
    } finally {
      db.$client.close();
    }
  });
});
