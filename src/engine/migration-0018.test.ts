import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { migrationsDir } from '../paths.js';
import { openDb } from '../db/client.js';
import { everythingIn, fillBeforeClubhouse } from '../db/leagues/test-support/before-clubhouse.js';
import { createInboxRepo } from '../db/repos/inbox.js';
import { migrationsBefore } from '../db/test-support/migrations.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('migration 0018 (realized profit and the inbox)', () => {
  it('upgrades a league file in place: everything kept, the trades before it without a realized profit; then sales keep theirs and inboxes fill', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-inbox-migrate-'));
    dirs.push(dir);
    const file = join(dir, '3.db');
    const old = openDb({ file, migrationsFolder: migrationsBefore('0018_inbox', join(dir, 'old')) });
    const { users } = fillBeforeClubhouse(old);
    const before = everythingIn(old);
    old.$client.close();

    const db = openDb({ file, migrationsFolder: migrationsDir });
    try {
      expect(everythingIn(db)).toEqual(before);
      const realized = db.$client.prepare<[], { n: number; kept: number }>('SELECT COUNT(*) AS n, COUNT(realized_cents) AS kept FROM trades').get()!;
      expect(realized.n).toBeGreaterThan(0);
      expect(realized.kept).toBe(0);
      expect(db.$client.prepare('SELECT COUNT(*) AS n FROM inbox_entries').get()).toEqual({ n: 0 });

      // A holder's dump on the upgraded file keeps its realized profit: 1 share at $1.00 less its cost at the average.
      const h = db.$client
        .prepare<[], { userId: number; id: number; shares: number; cost: number }>(
          `SELECT h.user_id AS userId, h.instrument_id AS id, h.shares, h.cost_basis_cents AS cost FROM holdings h JOIN players p ON p.id = h.instrument_id
           WHERE h.instrument = 'player' AND p.retired_at IS NULL AND h.shares > 1 AND h.locked_until = 0 AND NOT EXISTS
             (SELECT 1 FROM orders o WHERE o.user_id = h.user_id AND o.instrument_id = h.instrument_id AND o.side = 'offer' AND o.status = 'open')
           ORDER BY h.user_id LIMIT 1`,
        )
        .get()!;
      const exchange = createExchange({ db, bus: new EventBus(), now: () => 9_000 });
      const done = exchange.submitNow({ type: 'dump', userId: h.userId, instrument: { kind: 'player', id: h.id }, shares: 1 });
      expect(done.ok).toBe(true);
      const sale = db.$client
        .prepare<[number], { realized: number | null }>('SELECT realized_cents AS realized FROM trades WHERE seller_id = ? ORDER BY id DESC LIMIT 1')
        .get(h.userId)!;
      expect(sale.realized).toBe(100 - (h.cost - Math.round(((h.shares - 1) * h.cost) / h.shares)));
      exchange.stop();

      const inbox = createInboxRepo(db);
      inbox.add([{ userId: users.a, kind: 'passed', data: { title: 'bob passed you', body: '', url: '/leaderboard' } }], 9_000);
      expect(inbox.unread(users.a)).toBe(1);
    } finally {
      db.$client.close();
    }
  });
});
