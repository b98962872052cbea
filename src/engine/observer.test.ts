import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../db/client.js';
import { createRosterRepo } from '../db/repos/roster.js';
import { rosterDir, migrationsDir } from '../paths.js';
import type { RefusalReason } from './commands.js';
import { addPlayer } from './contracts.js';
import { EventBus } from './events.js';
import { createExchange } from './exchange.js';
import { seedRosterIfEmpty } from './roster.js';
import type { CommandType, ExchangeObserver } from './observer.js';
import { addUser } from './test-support/db.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function recorder() {
  const seen = {
    accepted: [] as CommandType[],
    refused: [] as [CommandType, RefusalReason][],
    failed: [] as CommandType[],
    planned: 0,
    commits: [] as number[],
    syncs: 0,
    durations: [] as number[],
  };
  const observer: ExchangeObserver = {
    accepted: (command, s) => (seen.accepted.push(command), seen.durations.push(s)),
    refused: (command, reason, s) => (seen.refused.push([command, reason]), seen.durations.push(s)),
    failed: (command) => seen.failed.push(command),
    planned: (s) => ((seen.planned += 1), seen.durations.push(s)),
    committed: (commands, s) => (seen.commits.push(commands), seen.durations.push(s)),
    synced: (s) => ((seen.syncs += 1), seen.durations.push(s)),
  };
  return { seen, observer };
}

/** An exchange on a database file (so group commits fsync the log), with a recording observer. */
function observedExchange() {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-obs-'));
  dirs.push(dir);
  const db = openDb({ file: join(dir, 'game.db'), migrationsFolder: migrationsDir });
  seedRosterIfEmpty(db, rosterDir, 1);
  const roster = createRosterRepo(db);
  const { player } = db.$client.transaction(() =>
    addPlayer(roster, { name: 'Observed', teamId: roster.allTeams()[0]!.id, salary: 1_000, restrictedUntil: null }, 1),
  )();
  const { seen, observer } = recorder();
  const exchange = createExchange({ db, bus: new EventBus(), now: () => 1_000, observer });
  return { db, exchange, seen, player: { kind: 'player' as const, id: player.id }, rich: addUser(db, 'rich'), poor: addUser(db, 'poor', 50) };
}

describe('the exchange observer', () => {
  it('hears every answer with its refusal reason, each plan, the group commit with its size, and the fsync', async () => {
    const { db, exchange, seen, player, rich, poor } = observedExchange();
    const answers = await Promise.all([
      exchange.submit({ type: 'buy', userId: rich, instrument: player, shares: 2, priceCents: 100 }),
      exchange.submit({ type: 'buy', userId: poor, instrument: player, shares: 2, priceCents: 100 }),
      exchange.submit({ type: 'cancelAsk', userId: rich, askId: 999_999 }),
      exchange.submit({ type: 'buy', userId: rich, instrument: { kind: 'player', id: 999_999 }, shares: 1, priceCents: 100 }),
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, false, false, false]);
    expect(seen.accepted).toEqual(['buy']);
    expect(seen.refused).toEqual([
      ['buy', 'insufficient_cash'],
      ['cancelAsk', 'order_not_found'],
      ['buy', 'instrument_not_found'],
    ]);
    expect(seen.failed).toEqual([]);
    // The two buys that reached the book were planned (one refused there); the other two were refused before.
    expect(seen.planned).toBe(2);
    expect(seen.commits).toEqual([4]);
    expect(seen.syncs).toBeGreaterThanOrEqual(1);
    expect(seen.durations.every((s) => s >= 0 && s < 10)).toBe(true);

    exchange.stop();
    await exchange.idle();
    expect((await exchange.submit({ type: 'buy', userId: rich, instrument: player, shares: 1, priceCents: 100 })).ok).toBe(false);
    expect(seen.refused.at(-1)).toEqual(['buy', 'unavailable']);
    exchange.close();
    db.$client.close();
  });

  it('hears commands run at once (submitNow) too, without counting them as group commits', () => {
    const { db, exchange, seen, player, rich, poor } = observedExchange();
    expect(exchange.submitNow({ type: 'buy', userId: rich, instrument: player, shares: 1, priceCents: 100 }).ok).toBe(true);
    expect(exchange.submitNow({ type: 'setMinSellPrice', userId: poor, instrument: player, priceCents: 500 }).ok).toBe(false);
    expect(seen.accepted).toEqual(['buy']);
    expect(seen.refused).toEqual([['setMinSellPrice', 'no_holding']]);
    expect(seen.commits).toEqual([]);
    exchange.close();
    db.$client.close();
  });
});
