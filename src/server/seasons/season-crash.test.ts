import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createSeasonsRepo } from '../../db/seasons/seasons-repo.js';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { cents } from '../../shared/money.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { killChild, startChild, type ChildServer } from '../test-support/child.js';
import { readLeague, startCrashLeague } from '../test-support/crash-league.js';
import { api, type TestUser } from '../test-support/server.js';

const ROUNDS = Number(process.env.SEASON_CRASH_KILLS ?? 4);
const CASH = 1_000_000;

/** Each member's cash (their asks' escrow included) and holdings, as the league's file has them. */
function memberState(db: Db) {
  const c = db.$client;
  return c
    .prepare<[], { id: number }>('SELECT id FROM users WHERE left_at IS NULL ORDER BY id')
    .all()
    .map(({ id }) => ({
      userId: id,
      cashCents: (
        c
          .prepare<[number, number], { cash: number }>(
            `SELECT (SELECT balance_cents FROM users WHERE id = ?) + COALESCE((SELECT SUM(price_cents * shares_remaining) FROM orders
              WHERE user_id = ? AND side = 'ask' AND status = 'open'), 0) AS cash`,
          )
          .get(id, id) as { cash: number }
      ).cash,
      holdings: c
        .prepare<[number], { kind: string; id: number; shares: number }>(
          'SELECT instrument AS kind, instrument_id AS id, shares FROM holdings WHERE user_id = ? ORDER BY instrument, instrument_id',
        )
        .all(id),
    }));
}

describe('a crash while a season ends', () => {
  let dataDir: string;
  let port: number;
  let child: ChildServer;
  let users: TestUser[];
  let league: LeagueView;
  let players: number[];

  beforeAll(async () => {
    ({ dataDir, port, child, users, league, players } = await startCrashLeague({
      prefix: 'hoops-season-crash-',
      userNames: ['sc_0', 'sc_1', 'sc_2'],
      leagueName: 'Crash Season',
      startingCash: CASH,
      players: 4,
    }));
  }, 60_000);

  afterAll(async () => {
    if (child) await killChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`leaves the league in the old season as it was or the new one complete, through ${ROUNDS} SIGKILLs`, async () => {
    const outcomes = { before: 0, after: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const inLeague = (path: string) => `/leagues/${league.id}${path}`;
      for (const [i, u] of users.entries()) {
        const playerId = players[(round + i) % players.length]!;
        await api(child.url, 'POST', inLeague('/trade/ask'), { userId: u.id, playerId, shares: 10 + i, pricePerShare: 1 }, u.token);
        await api(child.url, 'POST', inLeague('/offers'), { userId: u.id, playerId, shares: 3, pricePerShare: 40 + i }, u.token);
      }
      const { season, before } = readLeague(dataDir, league.id, (db) => ({ season: createSeasonsRepo(db).current().number, before: memberState(db) }));

      const ending = api(child.url, 'POST', inLeague('/seasons/end'), { confirm: 'Crash Season' }, users[0]!.token).catch(() => null);
      // Before the request is read, while the writer runs it, after it committed: the kill lands anywhere.
      await new Promise((r) => setTimeout(r, round % 3 === 0 ? 0 : Math.floor(Math.random() * 15)));
      await killChild(child);
      await ending;

      readLeague(dataDir, league.id, (db) => {
        const seasons = createSeasonsRepo(db);
        const now = seasons.current().number;
        if (now === season) {
          outcomes.before += 1;
          expect(memberState(db)).toEqual(before);
        } else {
          outcomes.after += 1;
          expect(now).toBe(season + 1);
          const archive = seasons.archived(season)!.archive;
          const archived = archive.standings
            .map((s) => ({
              userId: s.userId,
              cashCents: s.cashCents,
              holdings: s.holdings.map((h) => ({ kind: h.kind, id: h.id, shares: h.shares })).sort((a, b) => a.kind.localeCompare(b.kind) || a.id - b.id),
            }))
            .sort((a, b) => a.userId - b.userId);
          expect(archived).toEqual(before);
          expect(memberState(db)).toEqual(before.map((m) => ({ userId: m.userId, cashCents: CASH * 100, holdings: [] })));
          expect(db.$client.prepare("SELECT COUNT(*) AS n FROM orders WHERE status = 'open'").get()).toEqual({ n: 0 });
        }
        expect(ledgerProblems(db, cents(CASH * 100), now)).toEqual([]);
      });
      child = await startChild(dataDir, port);
    }
    console.info(`season crash: ${outcomes.before} kills left the old season, ${outcomes.after} the new one`);
  }, 600_000);
});
