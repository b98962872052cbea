import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../db/client.js';
import { createRosterRepo } from '../db/repos/roster.js';
import { rosterDir, migrationsDir } from '../paths.js';
import { addPlayer } from './contracts.js';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { seedRosterIfEmpty } from './roster.js';
import { addUser } from './test-support/db.js';
import { ledgerProblems } from './test-support/invariants.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fileExchange() {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-gc-'));
  dirs.push(dir);
  const file = join(dir, 'game.db');
  const db = openDb({ file, migrationsFolder: migrationsDir });
  seedRosterIfEmpty(db, rosterDir, 1);
  const league = createRosterRepo(db);
  const { player } = db.$client.transaction(() =>
    addPlayer(league, { name: 'Group Commit', teamId: league.allTeams()[0]!.id, salary: 1_000, restrictedUntil: null }, 1),
  )();
  const bus = new EventBus();
  const exchange = createExchange({ db, bus, now: () => 1_000 });
  const users = Array.from({ length: 20 }, (_, i) => addUser(db, `gc${i}`));
  // Another connection sees only what is committed.
  const reader = new Database(file, { readonly: true });
  const committedTrades = () => reader.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM trades').get()!.n;
  return { db, exchange, bus, users, player: { kind: 'player' as const, id: player.id }, committedTrades, reader };
}

describe('group commit', () => {
  it('commits a burst of commands together and answers each only once its trade is durable', async () => {
    const { db, exchange, users, player, committedTrades, reader } = fileExchange();
    const seenAtAnswer: number[] = [];
    const answers = await Promise.all(
      users.map((userId) =>
        exchange.submit({ type: 'buy', userId, instrument: player, shares: 10, priceCents: 100 }).then((r) => {
          seenAtAnswer.push(committedTrades());
          return r;
        }),
      ),
    );
    expect(answers.every((a) => a.ok && a.outcome.bought === 10)).toBe(true);
    // Every answer came after the whole burst was committed: one transaction for all twenty.
    expect(seenAtAnswer.every((n) => n === 20)).toBe(true);
    expect(ledgerProblems(db)).toEqual([]);
    reader.close();
  });

  it('keeps a refused command in a batch from touching the others', async () => {
    const { db, exchange, bus, users, player, reader } = fileExchange();
    const published: string[] = [];
    bus.subscribe((e) => published.push(e.type));
    const [a, refused, c] = await Promise.all([
      exchange.submit({ type: 'buy', userId: users[0]!, instrument: player, shares: 5, priceCents: 100 }),
      exchange.submit({ type: 'buy', userId: users[1]!, instrument: player, shares: 5, priceCents: 10_000_000_000 }),
      exchange.submit({ type: 'dump', userId: users[0]!, instrument: player, shares: 2 }),
    ]);
    expect(a).toMatchObject({ ok: true, outcome: { bought: 5 } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'insufficient_cash' } });
    expect(c).toMatchObject({ ok: true, outcome: { sold: 2 } });
    expect(published.filter((t) => t === 'tradeCompleted')).toHaveLength(2);
    expect(ledgerProblems(db)).toEqual([]);
    reader.close();
  });

  it('runs queued commands before an admin change, and refuses new ones after stop()', async () => {
    const { exchange, users, player, reader } = fileExchange();
    const pending = exchange.submit({ type: 'buy', userId: users[0]!, instrument: player, shares: 3, priceCents: 100 });
    exchange.stop();
    expect(await pending).toMatchObject({ ok: true, outcome: { bought: 3 } });
    expect(await exchange.submit({ type: 'buy', userId: users[0]!, instrument: player, shares: 3, priceCents: 100 })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
    reader.close();
  });
});
