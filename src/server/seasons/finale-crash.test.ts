import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { cents } from '../../shared/money.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import type { SeasonList } from '../../shared/schemas/seasons.js';
import { killChild, startChild, type ChildServer } from '../test-support/child.js';
import { readLeague, startCrashLeague } from '../test-support/crash-league.js';
import { api, type TestUser } from '../test-support/server.js';

const ROUNDS = Number(process.env.FINALE_CRASH_KILLS ?? 3);
const CASH = 1_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server stopped across a season’s end time', () => {
  let dataDir: string;
  let port: number;
  let child: ChildServer;
  let users: TestUser[];
  let league: LeagueView;
  let players: number[];

  beforeAll(async () => {
    ({ dataDir, port, child, users, league, players } = await startCrashLeague({
      prefix: 'hoops-finale-crash-',
      userNames: ['fc_a', 'fc_b'],
      leagueName: 'Crash Finale',
      startingCash: CASH,
      players: 3,
    }));
  }, 60_000);

  afterAll(async () => {
    if (child) await killChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`ends the season once, on start, before the first order runs: ${ROUNDS} SIGKILLs around the end time`, async () => {
    const inLeague = (path: string) => `/leagues/${league.id}${path}`;
    for (let round = 0; round < ROUNDS; round += 1) {
      const season = round + 1;
      for (const [i, u] of users.entries()) {
        await api(
          child.url,
          'POST',
          inLeague('/trade/ask'),
          { userId: u.id, playerId: players[(round + i) % players.length]!, shares: 100 + i, pricePerShare: 1 },
          u.token,
        );
      }
      const endsAt = Date.now() + 1_500;
      const set = await api(child.url, 'PATCH', inLeague('/seasons/current'), { endsAt: new Date(endsAt).toISOString() }, users[0]!.token);
      expect(set.status).toBe(200);
      // The kill lands before the end time, around it, or after the server ended the season.
      await sleep(round === 0 ? 200 : Math.floor(Math.random() * 2_500));
      await killChild(child);
      // Down across the end time.
      if (Date.now() < endsAt + 300) await sleep(endsAt + 300 - Date.now());

      child = await startChild(dataDir, port);
      // The first order after the start: it belongs to the next season, whatever happened before.
      const order = await api<{ fills: { tradeId: number }[] }>(
        child.url,
        'POST',
        inLeague('/trade/ask'),
        { userId: users[1]!.id, playerId: players[0]!, shares: 7, pricePerShare: 1 },
        users[1]!.token,
      );
      expect(order.status).toBe(200);
      const tradeId = order.body.fills[0]!.tradeId;
      const list = (await api<SeasonList>(child.url, 'GET', inLeague('/seasons'), undefined, users[0]!.token)).body.seasons;
      expect(list.map((s) => s.number)).toEqual(Array.from({ length: season + 1 }, (_, i) => i + 1));
      expect(Date.parse(list[season - 1]!.endedAt!)).toBeGreaterThanOrEqual(endsAt);
      expect(list[season]!.endedAt).toBeUndefined();

      readLeague(dataDir, league.id, (db) => {
        const c = db.$client;
        const rows = c
          .prepare('SELECT number, after_trade_id AS after, ended_at AS endedAt, archive IS NOT NULL AS archived FROM seasons ORDER BY number')
          .all() as {
          number: number;
          after: number;
          endedAt: number | null;
          archived: number;
        }[];
        expect(rows.map((r) => [r.number, r.archived])).toEqual([...Array.from({ length: season }, (_, i) => [i + 1, 1]), [season + 1, 0]]);
        // The order after the start traded in the new season.
        expect(tradeId).toBeGreaterThan(rows.at(-1)!.after);
        // Each end told the feed once.
        const told = c.prepare("SELECT text FROM feed_items WHERE kind = 'seasonEnded' ORDER BY id").all() as { text: string }[];
        expect(told.map((t) => t.text.split(':')[0])).toEqual(Array.from({ length: season }, (_, i) => `Season ${i + 1} ended`));
        expect(ledgerProblems(db, cents(CASH * 100), season + 1)).toEqual([]);
      });
    }
  }, 600_000);
});
