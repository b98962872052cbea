import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { LEAGUE_TEXT, type LeagueView } from '../../shared/schemas/leagues.js';
import { cents } from '../../shared/money.js';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import type { LiveEvent, LiveTicker, LiveTrade } from '../../shared/live.js';
import type { AppRouter } from '../routers/index.js';
import Database from 'better-sqlite3';
import type { Db } from '../../db/client.js';
import { leagueFile } from '../../db/leagues/files.js';
import { createContractLogRepo } from '../../db/repos/contract-log.js';
import { api, registerUser, startTestServer, type PortfolioAnswer, type TestServer, type TestUser } from '../test-support/server.js';

type User = TestUser;
type Portfolio = PortfolioAnswer;

let server: TestServer;
let alice: User;
let bob: User;
let carol: User;
let league: LeagueView;
let playerId: number;
/** League 2's starting cash ($1,000,000), in cents. */
const LEAGUE_TWO_CASH = cents(100_000_000);

const leagueDb = (id: number) => server.serverServices.forLeague(id)!.db;
const inLeague = (id: number, path: string) => `/leagues/${id}${path}`;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = [await registerUser(server.url, 'lg_alice'), await registerUser(server.url, 'lg_bob'), await registerUser(server.url, 'lg_carol')];
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  playerId = [...players.body].sort((a, b) => b.salary - a.salary)[0]!.id;
  const created = await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Friday Night Hoops', startingCash: 1_000_000 }, alice.token);
  expect(created.status).toBe(200);
  league = created.body.league;
});
afterAll(() => server.stop());

describe('a fresh server', () => {
  it('has the default league everyone joins on registering, and SPEC’s paths act on it', async () => {
    const mine = await api<{ currentLeagueId: number; leagues: LeagueView[] }>(server.url, 'GET', '/leagues', undefined, carol.token);
    expect(mine.body).toEqual({
      currentLeagueId: 1,
      leagues: [
        expect.objectContaining({ id: 1, slug: 'hoops-exchange', name: 'Hoops Exchange', isDefault: true, isCommissioner: false, startingCash: 80_000_000 }),
      ],
    });
    const portfolio = await api<Portfolio>(server.url, 'GET', `/portfolio/${carol.id}`);
    expect(portfolio.body.balance).toBe(80_000_000);
  });
});

describe('creating and joining a league', () => {
  it('answers the new league with the shape scripts rely on; its creator is commissioner with its starting cash', async () => {
    expect(league).toMatchObject({ id: 2, slug: 'friday-night-hoops', name: 'Friday Night Hoops', startingCash: 1_000_000, isCommissioner: true, open: false });
    expect(league.inviteCode).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // The new league became alice's current one: SPEC's paths now act on it.
    expect((await api<Portfolio>(server.url, 'GET', `/portfolio/${alice.id}`, undefined, alice.token)).body.balance).toBe(1_000_000);
    expect((await api<Portfolio>(server.url, 'GET', inLeague(1, `/portfolio/${alice.id}`), undefined, alice.token)).body.balance).toBe(80_000_000);
  });

  it('lets a second league of the same name have its own address', async () => {
    const again = await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Friday Night Hoops' }, carol.token);
    expect(again.body.league).toMatchObject({ slug: 'friday-night-hoops-2', startingCash: 80_000_000 });
    await api(server.url, 'POST', '/leagues/join', { code: 'x'.repeat(12) }, carol.token).then((r) => expect(r.status).toBe(404));
  });

  it('joins with the invite code; a bad name or starting cash changes nothing', async () => {
    const joined = await api<{ league: LeagueView }>(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, bob.token);
    expect(joined.body.league).toMatchObject({ id: league.id, isCommissioner: false, memberCount: 2 });
    expect((await api<Portfolio>(server.url, 'GET', inLeague(league.id, `/portfolio/${bob.id}`), undefined, bob.token)).body.balance).toBe(1_000_000);
    expect(await api(server.url, 'POST', '/leagues', { name: 'ab' }, bob.token)).toMatchObject({ status: 400, body: { error: LEAGUE_TEXT.nameLength } });
    expect(await api(server.url, 'POST', '/leagues', { name: 'Big Money', startingCash: 5 }, bob.token)).toMatchObject({ status: 400 });
    expect((await api<{ leagues: LeagueView[] }>(server.url, 'GET', '/leagues', undefined, bob.token)).body.leagues.map((l) => l.id)).toEqual([1, league.id]);
  });
});

describe('one market per league', () => {
  it('keeps trades, supply, cash and reads of a league inside it', async () => {
    const bought = await api(server.url, 'POST', inLeague(league.id, '/trade/ask'), { userId: bob.id, playerId, shares: 100, pricePerShare: 1 }, bob.token);
    expect(bought.status).toBe(200);
    const inTwo = await api<Portfolio>(server.url, 'GET', inLeague(league.id, `/portfolio/${bob.id}`), undefined, bob.token);
    expect(inTwo.body).toMatchObject({ balance: 999_900, players: [expect.objectContaining({ player_id: playerId, shares_owned: 100 })] });
    const inOne = await api<Portfolio>(server.url, 'GET', inLeague(1, `/portfolio/${bob.id}`));
    expect(inOne.body).toMatchObject({ balance: 80_000_000, players: [] });
    const recentOne = await api<{ buyer_id: number }[]>(server.url, 'GET', '/trades/recent');
    expect(recentOne.body.filter((t) => t.buyer_id === bob.id)).toEqual([]);
    const remaining = (id: number) => (leagueDb(id).$client.prepare('SELECT shares_remaining AS n FROM players WHERE id = ?').get(playerId) as { n: number }).n;
    expect(remaining(1) - remaining(league.id)).toBe(100);
    expect(ledgerProblems(leagueDb(1))).toEqual([]);
    expect(ledgerProblems(leagueDb(league.id), LEAGUE_TWO_CASH)).toEqual([]);
    // League 1's leaderboard knows nobody who is only in league 2, and league 2's nobody only in league 1.
    const board = async (id: number) =>
      (await api<{ userId: number }[]>(server.url, 'GET', inLeague(id, '/leaderboard'), undefined, alice.token)).body.map((r) => r.userId);
    expect(await board(league.id)).not.toContain(carol.id);
  });

  it('refuses an order id of another league as unknown, and leaves the order alone', async () => {
    await api(server.url, 'POST', inLeague(league.id, '/trade/ask'), { userId: alice.id, playerId, shares: 5, pricePerShare: 1 }, alice.token);
    const offer = await api<{ offer: { offerId: number } }>(
      server.url,
      'POST',
      inLeague(league.id, '/offers'),
      { userId: alice.id, playerId, shares: 5, pricePerShare: 40 },
      alice.token,
    );
    const offerId = offer.body.offer.offerId;
    const elsewhere = await api(server.url, 'DELETE', inLeague(1, `/offers/${offerId}`), { userId: alice.id }, alice.token);
    expect(elsewhere).toMatchObject({ status: 404, body: { error: `Offer ${offerId} not found` } });
    const status = leagueDb(league.id).$client.prepare('SELECT status FROM orders WHERE id = ?').get(offerId) as { status: string };
    expect(status).toEqual({ status: 'open' });
    expect(await api(server.url, 'DELETE', inLeague(league.id, `/offers/${offerId}`), { userId: alice.id }, alice.token)).toMatchObject({ status: 200 });
  });

  it('names the league of a tRPC call with x-league-id, and answers the user box in it', async () => {
    const me = async (id: number) => {
      const res = await fetch(`${server.url}/trpc/auth.me`, { headers: { authorization: `Bearer ${bob.token}`, 'x-league-id': String(id) } });
      return ((await res.json()) as { result: { data: { balance: number } } }).result.data.balance;
    };
    expect(await me(1)).toBe(80_000_000);
    expect(await me(league.id)).toBe(999_900);
  });
});

/** A WebSocket client naming `leagueId` in its connection params, following the ticker and the user's events. */
function follow(leagueId: number, token: string) {
  const client = createWSClient({
    url: server.url.replace('http', 'ws') + '/trpc',
    WebSocket: WebSocket as never,
    connectionParams: { token, leagueId: String(leagueId) },
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client })] });
  const seen = { trades: [] as LiveTrade[], events: [] as LiveEvent[], errors: [] as string[] };
  const subs = [
    trpc.live.ticker.subscribe(undefined, {
      onData: (e) => seen.trades.push(...(e as unknown as { data: LiveTicker }).data.trades),
      onError: (e) => seen.errors.push(e.message),
    }),
    trpc.live.events.subscribe(undefined, { onData: (e) => seen.events.push((e as unknown as { data: LiveEvent }).data) }),
  ];
  return {
    seen,
    async close() {
      for (const sub of subs) sub.unsubscribe();
      await client.close();
    },
  };
}

describe('live, per league', () => {
  it('sends each league’s ticker to its own followers, the user’s events of every league with the league’s id, and refuses outsiders', async () => {
    const alicesTwo = follow(league.id, alice.token);
    const carolsOne = follow(1, carol.token);
    const carolsTwo = follow(league.id, carol.token);
    try {
      await new Promise((r) => setTimeout(r, 300));
      await api(server.url, 'POST', inLeague(league.id, '/trade/ask'), { userId: alice.id, playerId, shares: 7, pricePerShare: 1 }, alice.token);
      await expect.poll(() => alicesTwo.seen.trades.some((t) => t.shares_transferred === 7), { timeout: 10_000 }).toBe(true);
      await api(server.url, 'POST', inLeague(1, '/trade/ask'), { userId: carol.id, playerId, shares: 3, pricePerShare: 1 }, carol.token);
      await expect.poll(() => carolsOne.seen.trades.some((t) => t.shares_transferred === 3), { timeout: 10_000 }).toBe(true);
      expect(carolsOne.seen.trades.some((t) => t.shares_transferred === 7)).toBe(false);
      expect(alicesTwo.seen.trades.some((t) => t.shares_transferred === 3)).toBe(false);
      await expect.poll(() => carolsTwo.seen.errors, { timeout: 10_000 }).toEqual([LEAGUE_TEXT.inviteOnly]);
      // Alice's own events of league 2 came with its id.
      await expect.poll(() => alicesTwo.seen.events.some((e) => e.type === 'portfolioUpdated' && e.leagueId === league.id), { timeout: 10_000 }).toBe(true);
      expect(carolsOne.seen.events.every((e) => e.leagueId === 1 || e.type === 'portfolioUpdated')).toBe(true);
    } finally {
      await Promise.all([alicesTwo.close(), carolsOne.close(), carolsTwo.close()]);
    }
  });
});

describe('who may do what', () => {
  it('gives non-members of an invite-only league 403 on every read and write of it', async () => {
    for (const token of [undefined, carol.token]) {
      for (const path of ['/leaderboard', '/players', `/portfolio/${bob.id}`, '/trades/recent', '/statistics', '/offers']) {
        expect(await api(server.url, 'GET', inLeague(league.id, path), undefined, token)).toMatchObject({
          status: 403,
          body: { error: LEAGUE_TEXT.inviteOnly },
        });
      }
    }
    const write = await api(server.url, 'POST', inLeague(league.id, '/trade/ask'), { userId: carol.id, playerId, shares: 1, pricePerShare: 1 }, carol.token);
    expect(write).toMatchObject({ status: 403 });
    expect(await api(server.url, 'GET', inLeague(999, '/players'))).toMatchObject({ status: 404, body: { error: LEAGUE_TEXT.notFound } });
  });

  it('lets anyone read an open league, and only members trade in it', async () => {
    const open = await api<{ league: LeagueView }>(server.url, 'PATCH', `/leagues/${league.id}`, { open: true }, alice.token);
    expect(open.body.league.open).toBe(true);
    expect(await api(server.url, 'GET', inLeague(league.id, '/leaderboard'))).toMatchObject({ status: 200 });
    const write = await api(server.url, 'POST', inLeague(league.id, '/trade/ask'), { userId: carol.id, playerId, shares: 1, pricePerShare: 1 }, carol.token);
    expect(write).toMatchObject({ status: 403, body: { error: LEAGUE_TEXT.notMember } });
    await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: false }, alice.token);
  });

  it('tells the league’s open pages of a rename at once (leagueUpdated), and of nothing when nothing they show changed', async () => {
    const told: string[] = [];
    const stop = server.serverServices.forLeague(league.id)!.bus.subscribe((e) => told.push(e.type));
    const name = league.name;
    try {
      expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { name: `${name} Two` }, alice.token)).status).toBe(200);
      expect(told).toEqual(['leagueUpdated']);
      expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: false }, alice.token)).status).toBe(200);
      expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { name: 'Mine Now' }, bob.token)).status).toBe(403);
      expect(told).toEqual(['leagueUpdated']);
    } finally {
      await api(server.url, 'PATCH', `/leagues/${league.id}`, { name }, alice.token);
      stop();
    }
    expect(told).toEqual(['leagueUpdated', 'leagueUpdated']);
  });

  it('refuses commissioner actions to members, and server-admin actions to commissioners', async () => {
    const refused = { status: 403, body: { error: LEAGUE_TEXT.commissionerOnly } };
    expect(await api(server.url, 'PATCH', `/leagues/${league.id}`, { name: 'Mine Now' }, bob.token)).toMatchObject(refused);
    expect(await api(server.url, 'POST', `/leagues/${league.id}/invite-code`, undefined, bob.token)).toMatchObject(refused);
    expect(await api(server.url, 'DELETE', `/leagues/${league.id}/members/${alice.id}`, undefined, bob.token)).toMatchObject(refused);
    const admin = { status: 403, body: { error: 'Only admins can do that' } };
    expect(await api(server.url, 'PATCH', inLeague(league.id, `/players/${playerId}`), { newSalary: 1_000_000 }, alice.token)).toMatchObject(admin);
    expect(await api(server.url, 'POST', '/admin/draft', undefined, alice.token)).toMatchObject(admin);
  });

  it('ends old invite links when the commissioner makes a new one', async () => {
    const old = league.inviteCode;
    const renewed = await api<{ league: LeagueView }>(server.url, 'POST', `/leagues/${league.id}/invite-code`, undefined, alice.token);
    expect(renewed.body.league.inviteCode).not.toBe(old);
    expect(await api(server.url, 'POST', '/leagues/join', { code: old }, carol.token)).toMatchObject({ status: 404, body: { error: LEAGUE_TEXT.badInvite } });
    league = renewed.body.league;
  });
});

describe('removing a member', () => {
  it('cancels their open orders with escrow returned, ends their access, and creates or destroys nothing', async () => {
    const listed = await api(server.url, 'POST', inLeague(league.id, '/offers'), { userId: bob.id, playerId, shares: 30, pricePerShare: 50 }, bob.token);
    expect(listed.status).toBe(200);
    const before = await api<Portfolio>(server.url, 'GET', inLeague(league.id, `/portfolio/${bob.id}`), undefined, bob.token);
    const removed = await api(server.url, 'DELETE', `/leagues/${league.id}/members/${bob.id}`, undefined, alice.token);
    expect(removed).toMatchObject({ status: 200, body: { message: 'lg_bob was removed from the league' } });
    const row = leagueDb(league.id).$client.prepare('SELECT balance_cents AS c, left_at AS l FROM users WHERE id = ?').get(bob.id) as { c: number; l: number };
    expect(row.c).toBe(Math.round((before.body.balance + before.body.escrow) * 100));
    expect(row.l).toBeGreaterThan(0);
    // The listed shares are his again, all 100 of them, in the league.
    const held = leagueDb(league.id).$client.prepare("SELECT shares FROM holdings WHERE user_id = ? AND instrument = 'player'").get(bob.id);
    expect(held).toEqual({ shares: 100 });
    expect(leagueDb(league.id).$client.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status = 'open'").get(bob.id)).toEqual({ n: 0 });
    expect(ledgerProblems(leagueDb(league.id), LEAGUE_TWO_CASH)).toEqual([]);
    expect(await api(server.url, 'GET', inLeague(league.id, '/leaderboard'), undefined, bob.token)).toMatchObject({ status: 403 });
    const board = await api<{ userId: number }[]>(server.url, 'GET', inLeague(league.id, '/leaderboard'), undefined, alice.token);
    expect(board.body.map((r) => r.userId)).toEqual([alice.id]);
    expect((await api<{ leagues: LeagueView[] }>(server.url, 'GET', '/leagues', undefined, bob.token)).body.leagues.map((l) => l.id)).toEqual([1]);
    // Their session's current league was this one: SPEC's paths act on the default league again.
    expect((await api<Portfolio>(server.url, 'GET', `/portfolio/${bob.id}`, undefined, bob.token)).body.balance).toBe(80_000_000);
  });
});

describe('contracts', () => {
  it('applies the server admin’s salary change to every league, each rescaled by its own writer', async () => {
    server.services.users.setAdmin(carol.id, true);
    const salary = (id: number) => (leagueDb(id).$client.prepare('SELECT salary FROM players WHERE id = ?').get(playerId) as { salary: number }).salary;
    const next = salary(1) * 2;
    const changed = await api(server.url, 'PATCH', `/players/${playerId}`, { newSalary: next }, carol.token);
    expect(changed.status).toBe(200);
    for (const [id, startingCash] of [
      [1, undefined],
      [league.id, LEAGUE_TWO_CASH],
      [league.id + 1, undefined],
    ] as const) {
      expect(salary(id)).toBe(next);
      expect(ledgerProblems(leagueDb(id), startingCash)).toEqual([]);
    }
    // Bob was removed from league 2 but his 100 shares stayed there: they doubled with the salary.
    const held = leagueDb(league.id).$client.prepare("SELECT shares FROM holdings WHERE user_id = ? AND instrument = 'player'").get(bob.id);
    expect(held).toEqual({ shares: 200 });
    const audit = await api<{ action: string }[]>(server.url, 'GET', '/admin/audit?limit=5', undefined, carol.token);
    expect(audit.body.filter((e) => e.action === 'player.salary')).toHaveLength(1);
  });

  it('applies a change to a league that was closed meanwhile when it opens, once', async () => {
    const salary = (id: number) => (leagueDb(id).$client.prepare('SELECT salary FROM players WHERE id = ?').get(playerId) as { salary: number }).salary;
    const before = salary(league.id);
    const held = () => leagueDb(league.id).$client.prepare("SELECT shares FROM holdings WHERE user_id = ? AND instrument = 'player'").get(bob.id);
    const bobsShares = held() as { shares: number };
    await server.serverServices.hub.close(league.id);
    const onDisk = new Database(leagueFile(server.dataDir, league.id), { readonly: true });
    const changed = await api(server.url, 'PATCH', `/players/${playerId}`, { newSalary: before / 2 }, carol.token);
    expect(changed.status).toBe(200);
    expect(salary(1)).toBe(before / 2);
    // Closed, the league's file still has the old contract ...
    expect(onDisk.prepare('SELECT salary FROM players WHERE id = ?').get(playerId)).toEqual({ salary: before });
    onDisk.close();
    // ... until it opens (leagueDb opens it): then it has the change, once, however often it opens.
    expect(salary(league.id)).toBe(before / 2);
    await server.serverServices.hub.close(league.id);
    expect(salary(league.id)).toBe(before / 2);
    expect(held()).toEqual({ shares: bobsShares.shares / 2 });
    expect(ledgerProblems(leagueDb(league.id), LEAGUE_TWO_CASH)).toEqual([]);
  });

  it('holds one draft for every league: the same rookies, ids and restriction everywhere', async () => {
    const drafted = await api<{ picks: { playerId: number; name: string }[] }>(server.url, 'POST', '/admin/draft', undefined, carol.token);
    expect(drafted.status).toBe(200);
    const rookies = (id: number) =>
      leagueDb(id).$client.prepare('SELECT id, name, team_id, salary, restricted_until FROM players WHERE restricted_until IS NOT NULL ORDER BY id').all();
    expect(rookies(1)).toHaveLength(drafted.body.picks.length);
    expect(rookies(league.id)).toEqual(rookies(1));
    expect(rookies(league.id + 1)).toEqual(rookies(1));
  });
});

describe('limits', () => {
  it('lets one user run at most 10 leagues, and says so; nothing is created past it', async () => {
    const busy = await registerUser(server.url, 'lg_busy');
    for (let i = 1; i <= 10; i++) expect((await api(server.url, 'POST', '/leagues', { name: `Busy League ${i}` }, busy.token)).status).toBe(200);
    const before = server.serverServices.registry.all().length;
    expect(await api(server.url, 'POST', '/leagues', { name: 'Busy League 11' }, busy.token)).toMatchObject({
      status: 403,
      body: { error: LEAGUE_TEXT.tooManyRun },
    });
    expect(server.serverServices.registry.all()).toHaveLength(before);
  });
});

describe('a server where only admins create leagues', () => {
  it('refuses league creation to others, and names its default league from LEAGUE_NAME', async () => {
    const strict = await startTestServer({ env: { LEAGUE_CREATION: 'admins', LEAGUE_NAME: 'Friday Night Hoops' } });
    try {
      const [fan, boss] = [await registerUser(strict.url, 'strict_fan'), await registerUser(strict.url, 'strict_boss')];
      strict.services.users.setAdmin(boss.id, true);
      expect(await api(strict.url, 'POST', '/leagues', { name: 'Not Allowed' }, fan.token)).toMatchObject({
        status: 403,
        body: { error: LEAGUE_TEXT.creationAdminsOnly },
      });
      expect((await api(strict.url, 'POST', '/leagues', { name: 'Allowed' }, boss.token)).status).toBe(200);
      const mine = await api<{ leagues: LeagueView[] }>(strict.url, 'GET', '/leagues', undefined, fan.token);
      expect(mine.body.leagues).toEqual([expect.objectContaining({ id: 1, name: 'Friday Night Hoops', slug: 'friday-night-hoops' })]);
    } finally {
      await strict.stop();
    }
  });
});

describe('a restart', () => {
  it('keeps every league, membership and balance, and finishes a contract change a crash left logged but not applied', async () => {
    const dataDir = server.dataDir;
    const before = (await api<{ leagues: LeagueView[] }>(server.url, 'GET', '/leagues', undefined, alice.token)).body;
    const cash = (await api<Portfolio>(server.url, 'GET', inLeague(league.id, `/portfolio/${alice.id}`), undefined, alice.token)).body.balance;
    // As a crash right after the change was logged leaves it: no league applied it.
    const salary = (db: Db) => (db.$client.prepare('SELECT salary FROM players WHERE id = ?').get(playerId) as { salary: number }).salary;
    const old = salary(server.db);
    await server.serverServices.hub.closeAll();
    createContractLogRepo(server.accounts).append(
      { id: carol.id, username: 'lg_carol' },
      'player.salary',
      { kind: 'salary', playerId, newSalary: old + 1_000 },
      1,
    );
    const again = await startTestServer({ dataDir });
    try {
      expect((await api<{ leagues: LeagueView[] }>(again.url, 'GET', '/leagues', undefined, alice.token)).body).toEqual(before);
      expect((await api<Portfolio>(again.url, 'GET', inLeague(league.id, `/portfolio/${alice.id}`), undefined, alice.token)).body.balance).toBe(cash);
      for (const id of [1, league.id, league.id + 1]) {
        expect(salary(again.serverServices.forLeague(id)!.db)).toBe(old + 1_000);
        expect(ledgerProblems(again.serverServices.forLeague(id)!.db, id === league.id ? LEAGUE_TWO_CASH : undefined)).toEqual([]);
      }
    } finally {
      await again.stop();
    }
  });
});
