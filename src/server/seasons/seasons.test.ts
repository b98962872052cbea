import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../engine/events.js';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { cents } from '../../shared/money.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { SEASON_TEXT, type SeasonArchiveOut, type SeasonFinishesOut, type SeasonList } from '../../shared/schemas/seasons.js';
import { api, registerUser, startTestServer, type PortfolioAnswer, type TestServer, type TestUser } from '../test-support/server.js';

type User = TestUser;
type Portfolio = PortfolioAnswer;

let server: TestServer;
let alice: User;
let bob: User;
let carol: User;
let admin: User;
let league: LeagueView;
let playerId: number;
const CASH = 1_000_000;

const inLeague = (id: number, path: string) => `/leagues/${id}${path}`;
const post = (path: string, body: unknown, user: User) => api(server.url, 'POST', inLeague(league.id, path), body, user.token);

beforeAll(async () => {
  server = await startTestServer();
  alice = await registerUser(server.url, 'se_alice');
  bob = await registerUser(server.url, 'se_bob');
  carol = await registerUser(server.url, 'se_carol');
  admin = await registerUser(server.url, 'se_admin');
  server.services.users.setAdmin(admin.id, true);
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  playerId = [...players.body].sort((a, b) => b.salary - a.salary)[0]!.id;
  league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Season Ticket', startingCash: CASH }, alice.token)).body.league;
  await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, bob.token);
  // A short season: bob buys 100 from the open market and sells alice 10 at $3, then leaves an offer open.
  expect((await post('/trade/ask', { userId: bob.id, playerId, shares: 100, pricePerShare: 1 }, bob)).status).toBe(200);
  const offer = await post('/offers', { userId: bob.id, playerId, shares: 10, pricePerShare: 3 }, bob);
  const offerId = (offer.body as { offer: { offerId: number } }).offer.offerId;
  expect((await post('/offers/accept', { buyerId: alice.id, offerId }, alice)).status).toBe(200);
  expect((await post('/offers', { userId: bob.id, playerId, shares: 20, pricePerShare: 50 }, bob)).status).toBe(200);
});
afterAll(() => server.stop());

describe('ending a season', () => {
  it('lists the current season without an end', async () => {
    const list = await api<SeasonList>(server.url, 'GET', inLeague(league.id, '/seasons'));
    expect(list.status).toBe(403); // invite-only: members only
    const mine = await api<SeasonList>(server.url, 'GET', inLeague(league.id, '/seasons'), undefined, bob.token);
    expect(mine.body).toEqual({ seasons: [{ number: 1, startedAt: expect.any(String) }] });
  });

  it('refuses a member who is not the commissioner (403), a wrong confirmation (400), and an outsider, changing nothing', async () => {
    expect(await post('/seasons/end', { confirm: 'Season Ticket' }, bob)).toMatchObject({ status: 403, body: { error: SEASON_TEXT.commissionerOnly } });
    expect(await post('/seasons/end', { confirm: 'season ticket' }, alice)).toMatchObject({ status: 400, body: { error: SEASON_TEXT.confirmMismatch } });
    expect((await post('/seasons/end', { confirm: 'Season Ticket' }, carol)).status).toBe(403);
    expect((await api(server.url, 'POST', inLeague(league.id, '/seasons/end'), { confirm: 'Season Ticket' })).status).toBe(401);
    expect((await api<SeasonList>(server.url, 'GET', inLeague(league.id, '/seasons'), undefined, bob.token)).body.seasons).toHaveLength(1);
  });

  it('lets the commissioner end it: the archive names the winner, the new season starts from the starting cash', async () => {
    const told: PublishedEvent[] = [];
    const stop = server.serverServices.forLeague(league.id)!.bus.subscribe((e) => told.push(e));
    const ended = await post('/seasons/end', { confirm: 'Season Ticket', season: 1 }, alice);
    stop();
    expect(ended).toMatchObject({ status: 200, body: { season: { number: 1, endedAt: expect.any(String) } } });
    // Every open header of the league reads it again, and each member is told their place, with the archive to look at.
    expect(told.filter((e) => e.type === 'leagueUpdated')).toHaveLength(1);
    expect(told.flatMap((e) => (e.type === 'notice' ? [[e.userId, e.notice.kind, e.notice.title, e.notice.url]] : []))).toEqual([
      [bob.id, 'seasonEnded', 'Season 1 ended: you finished 1st of 2', '/seasons/1'],
      [alice.id, 'seasonEnded', 'Season 1 ended: you finished 2nd of 2', '/seasons/1'],
    ]);
    expect(Object.keys(ended.body)).toEqual(['season']);
    // The same click again (or a retry) ends nothing more.
    expect(await post('/seasons/end', { confirm: 'Season Ticket', season: 1 }, alice)).toMatchObject({
      status: 409,
      body: { error: SEASON_TEXT.alreadyEnded(1) },
    });

    const archive = await api<SeasonArchiveOut>(server.url, 'GET', inLeague(league.id, '/seasons/1'), undefined, bob.token);
    expect(archive.status).toBe(200);
    // A new league ranks by net worth; its player's open market still sells, so every share was worth $1.00 (the mark), not the $3.00 of the last trade.
    expect(archive.body.season).toMatchObject({
      number: 1,
      tradeCount: 2,
      volume: 130,
      ranking: 'netWorth',
      winners: [{ userId: bob.id, username: 'se_bob' }],
    });
    // bob: 90 shares (his open offer's among them); alice: 10 shares.
    expect(archive.body.standings.map(({ holdings: _h, ...s }) => s)).toEqual([
      { rank: 1, tied: false, userId: bob.id, username: 'se_bob', cash: CASH - 100 + 30, shareValue: 90, total: CASH - 70 + 90 },
      { rank: 2, tied: false, userId: alice.id, username: 'se_alice', cash: CASH - 30, shareValue: 10, total: CASH - 20 },
    ]);
    expect(archive.body.standings[0]!.holdings).toEqual([
      expect.objectContaining({ itemType: 'player', itemId: playerId, shares: 90, lastPrice: 3, price: 1, value: 90 }),
    ]);
    expect(archive.body.statistics.mostActive[0]).toMatchObject({ id: playerId, trade_count: 2 });

    const seasons = await api<SeasonList>(server.url, 'GET', inLeague(league.id, '/seasons'), undefined, bob.token);
    expect(seasons.body.seasons).toEqual([
      { number: 1, startedAt: expect.any(String), endedAt: archive.body.season.endedAt, winners: ['se_bob'] },
      { number: 2, startedAt: archive.body.season.endedAt },
    ]);
    for (const u of [alice, bob]) {
      const p = await api<Portfolio>(server.url, 'GET', inLeague(league.id, `/portfolio/${u.id}`), undefined, u.token);
      expect(p.body).toMatchObject({ balance: CASH, escrow: 0, players: [] });
    }
    expect((await api<unknown[]>(server.url, 'GET', inLeague(league.id, '/trades/recent'), undefined, bob.token)).body).toEqual([]);
    const db = server.serverServices.forLeague(league.id)!.db;
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM orders WHERE status = 'open'").get()).toEqual({ n: 0 });
    expect(ledgerProblems(db, cents(CASH * 100), 2)).toEqual([]);
    // The value chart follows the current season: from the starting cash, with nothing of the season before.
    const chart = await api<{ points: { cash: number; shareValue: number }[] }>(
      server.url,
      'GET',
      inLeague(league.id, `/portfolio/${bob.id}/history`),
      undefined,
      bob.token,
    );
    expect(chart.status).toBe(200);
    expect(chart.body.points.length).toBeGreaterThan(0);
    for (const point of chart.body.points) expect(point).toMatchObject({ cash: CASH, shareValue: 0 });
    // The archived season's trades stay in the members' history.
    const history = await api<unknown[]>(server.url, 'GET', inLeague(league.id, `/trades/user/${bob.id}`), undefined, bob.token);
    expect(history.body).toHaveLength(2);
  });

  it('answers the archive of a season that has not ended, or never was, with 404', async () => {
    expect(await api(server.url, 'GET', inLeague(league.id, '/seasons/2'), undefined, bob.token)).toMatchObject({
      status: 404,
      body: { error: SEASON_TEXT.notEnded },
    });
    expect(await api(server.url, 'GET', inLeague(league.id, '/seasons/9'), undefined, bob.token)).toMatchObject({
      status: 404,
      body: { error: SEASON_TEXT.notFound },
    });
  });

  it('trades in the new season from the starting cash, and keeps each member’s past finishes', async () => {
    expect((await post('/trade/ask', { userId: alice.id, playerId, shares: 7, pricePerShare: 1 }, alice)).status).toBe(200);
    const p = await api<Portfolio>(server.url, 'GET', inLeague(league.id, `/portfolio/${alice.id}`), undefined, alice.token);
    expect(p.body).toMatchObject({ balance: CASH - 7, players: [expect.objectContaining({ player_id: playerId, shares_owned: 7 })] });
    // The history lists every season's trades, or one season's.
    const history = async (query: string) =>
      (await api<unknown[]>(server.url, 'GET', inLeague(league.id, `${query}/trades/user/${alice.id}`), undefined, alice.token)).body.length;
    expect([await history(''), await history('/seasons/1'), await history('/seasons/2'), await history('/seasons/3')]).toEqual([2, 1, 1, 0]);
    const finishes = await api<SeasonFinishesOut>(server.url, 'GET', inLeague(league.id, `/seasons/finishes/${alice.id}`), undefined, bob.token);
    expect(finishes.body).toEqual({ finishes: [{ season: 1, endedAt: expect.any(String), rank: 2, tied: false, of: 2, total: CASH - 20 }] });
  });

  it('records every season change in the server’s audit log', async () => {
    const audit = await api<{ action: string; actor: string; details: Record<string, unknown> }[]>(
      server.url,
      'GET',
      '/admin/audit?limit=20',
      undefined,
      admin.token,
    );
    expect(audit.body.filter((e) => e.action === 'season.end')).toEqual([
      expect.objectContaining({
        actor: 'se_alice',
        details: expect.objectContaining({ leagueId: league.id, season: 1, nextSeason: 2, ranking: 'netWorth', winners: ['se_bob'] }),
      }),
    ]);
  });
});

describe('the default league’s season', () => {
  it('is ended by a server admin only', async () => {
    const confirm = { confirm: 'Hoops Exchange' };
    expect(await api(server.url, 'POST', '/leagues/1/seasons/end', confirm, carol.token)).toMatchObject({
      status: 403,
      body: { error: SEASON_TEXT.adminOnly },
    });
    const ended = await api(server.url, 'POST', '/leagues/1/seasons/end', confirm, admin.token);
    expect(ended).toMatchObject({ status: 200, body: { season: { number: 1 } } });
    const list = await api<SeasonList>(server.url, 'GET', '/leagues/1/seasons');
    expect(list.body.seasons.map((s) => s.number)).toEqual([1, 2]);
  });
});
