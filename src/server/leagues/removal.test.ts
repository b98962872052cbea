/**
 * RULES.md, Leagues: a member removed by the commissioner is out — every order refused from the
 * moment of removal and none left open, no rejoining until let back in, no more notices from the
 * league — and their shares stay.
 */
import { Agent } from 'node:https';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueFile } from '../../db/leagues/files.js';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { cents } from '../../shared/money.js';
import { LEAGUE_TEXT, type LeagueView } from '../../shared/schemas/leagues.js';
import { browserKeys, startPushEndpoint } from '../push/test-support/push-endpoint.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';
import { openSocket } from '../test-support/socket.js';

const GATHER_MS = 200;
/** The league's starting cash, $1,000,000, in cents. */
const CASH = cents(100_000_000);

let server: TestServer;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let commissioner: TestUser;
let league: LeagueView;
let players: { id: number; salary: number }[];

const inLeague = (path: string) => `/leagues/${league.id}${path}`;
const leagueDb = () => server.serverServices.forLeague(league.id)!.db;
const openOrdersOf = (userId: number) =>
  (leagueDb().$client.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status = 'open'").get(userId) as { n: number }).n;
const sharesOf = (userId: number) =>
  (leagueDb().$client.prepare('SELECT COALESCE(SUM(shares), 0) AS n FROM holdings WHERE user_id = ?').get(userId) as { n: number }).n;

async function member(): Promise<TestUser> {
  const user = await registerUser(server.url);
  expect((await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, user.token)).status).toBe(200);
  return user;
}

async function buy(user: TestUser, playerId: number, shares: number, pricePerShare = 1) {
  const res = await api(server.url, 'POST', inLeague('/trade/ask'), { userId: user.id, playerId, shares, pricePerShare }, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  server = await startTestServer({
    orderRateLimit: { points: 10_000, durationSeconds: 60 },
    env: { PUSH_SERVICE_HOSTS: new URL(endpoint.origin).host },
    push: { gatherMs: GATHER_MS, windowMs: GATHER_MS, agent: new Agent({ ca: endpoint.ca }) },
  });
  commissioner = await registerUser(server.url, 'rm_commish');
  league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Removal League', startingCash: 1_000_000 }, commissioner.token)).body
    .league;
  players = (await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players')).body.sort((a, b) => a.salary - b.salary || a.id - b.id);
});
afterAll(async () => {
  await server?.stop();
  await endpoint?.stop();
});

describe('removing a member while their orders race in', () => {
  it('leaves none of ~50 orders open: each is refused, or placed and then cancelled', async () => {
    const racer = await member();
    const player = players[0]!;
    await buy(racer, player.id, 200);
    const order = (i: number) =>
      i % 2 === 0
        ? api(server.url, 'POST', inLeague('/offers'), { userId: racer.id, playerId: player.id, shares: 2, pricePerShare: 40 + i }, racer.token)
        : api(server.url, 'POST', inLeague('/trade/ask'), { userId: racer.id, playerId: players[1]!.id, shares: 1, pricePerShare: 1 + i / 100 }, racer.token);
    // Sent a few milliseconds apart, the removal in the middle of them.
    const orders: ReturnType<typeof order>[] = [];
    let removal: ReturnType<typeof api> | undefined;
    for (let i = 0; i < 54; i++) {
      orders.push(order(i));
      if (i === 27) removal = api(server.url, 'DELETE', `/leagues/${league.id}/members/${racer.id}`, undefined, commissioner.token);
      await new Promise((r) => setTimeout(r, 2));
    }
    const answers = await Promise.all(orders);
    expect((await removal!).status).toBe(200);
    const placed = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 403).length;
    console.log(`removal race: ${placed} orders placed before the removal (then cancelled), ${refused} refused, ${openOrdersOf(racer.id)} left open`);
    expect(placed + refused).toBe(answers.length);
    expect(openOrdersOf(racer.id)).toBe(0);
    expect(sharesOf(racer.id)).toBeGreaterThanOrEqual(200);
    expect(ledgerProblems(leagueDb(), CASH)).toEqual([]);
    // Later orders are refused, by the server and by the league's writer alike.
    const late = await api(server.url, 'POST', inLeague('/offers'), { userId: racer.id, playerId: player.id, shares: 1, pricePerShare: 9 }, racer.token);
    expect(late.status).toBe(403);
    const writer = await server.serverServices
      .forLeague(league.id)!
      .exchange.submit({ type: 'listOffer', userId: racer.id, instrument: { kind: 'player', id: player.id }, shares: 1, priceCents: 900 });
    expect(writer).toMatchObject({ ok: false, error: { code: 'not_member' } });
  });
});

describe('a league opened with a removal left half done', () => {
  it('finishes it: orders still open of someone marked removed (an older version’s race, or a crash) are cancelled', async () => {
    const stale = await member();
    await buy(stale, players[4]!.id, 20);
    const listed = await api(
      server.url,
      'POST',
      inLeague('/offers'),
      { userId: stale.id, playerId: players[4]!.id, shares: 5, pricePerShare: 70 },
      stale.token,
    );
    expect(listed.status).toBe(200);
    await server.serverServices.hub.close(league.id);
    // As the race left it: out of the registry, marked removed in the league's file, the offer still open.
    server.serverServices.registry.removeMember(league.id, stale.id);
    const raw = new Database(leagueFile(server.dataDir, league.id));
    raw.prepare('UPDATE users SET left_at = 1 WHERE id = ?').run(stale.id);
    raw.close();
    // Opening it (leagueDb does) finishes the removal.
    expect(openOrdersOf(stale.id)).toBe(0);
    expect(sharesOf(stale.id)).toBe(20);
    expect(ledgerProblems(leagueDb(), CASH)).toEqual([]);
  });
});

describe('a removed member', () => {
  it('cannot rejoin by the invite code or from the open leagues until the commissioner lets them back in', async () => {
    const gone = await member();
    await buy(gone, players[2]!.id, 30);
    expect((await api(server.url, 'DELETE', `/leagues/${league.id}/members/${gone.id}`, undefined, commissioner.token)).status).toBe(200);
    const refusal = { status: 403, body: { error: LEAGUE_TEXT.removedCannotRejoin } };
    expect(await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, gone.token)).toMatchObject(refusal);
    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: true }, commissioner.token)).status).toBe(200);
    const socket = await openSocket(server.url, { token: gone.token });
    expect((await socket.call('mutation', 'leagues.joinOpen', { leagueId: league.id })).error).toMatchObject({ message: LEAGUE_TEXT.removedCannotRejoin });
    socket.close();
    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: false }, commissioner.token)).status).toBe(200);

    // Only the commissioner sees who was removed, and lets them back in.
    const list = await api<{ removed: { userId: number; username: string }[] }>(
      server.url,
      'GET',
      `/leagues/${league.id}/removed`,
      undefined,
      commissioner.token,
    );
    expect(list.body.removed.map((r) => r.username)).toContain(gone.username);
    expect((await api(server.url, 'GET', `/leagues/${league.id}/removed`, undefined, gone.token)).status).toBe(403);
    expect((await api(server.url, 'DELETE', `/leagues/${league.id}/removed/${gone.id}`, undefined, gone.token)).status).toBe(403);
    const back = await api(server.url, 'DELETE', `/leagues/${league.id}/removed/${gone.id}`, undefined, commissioner.token);
    expect(back).toMatchObject({ status: 200, body: { message: `${gone.username} can join Removal League again` } });
    expect(await api(server.url, 'DELETE', `/leagues/${league.id}/removed/${gone.id}`, undefined, commissioner.token)).toMatchObject({
      status: 404,
      body: { error: LEAGUE_TEXT.notRemoved },
    });
    expect((await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, gone.token)).status).toBe(200);
    // Back with the shares they kept.
    const portfolio = await api<{ players: { player_id: number; shares_owned: number }[] }>(
      server.url,
      'GET',
      inLeague(`/portfolio/${gone.id}`),
      undefined,
      gone.token,
    );
    expect(portfolio.body.players).toEqual([expect.objectContaining({ player_id: players[2]!.id, shares_owned: 30 })]);
  });

  it('who still holds shares hears nothing more from the league: no push notice of a new offer', async () => {
    const [seller, stays, leaves] = [await member(), await member(), await member()];
    const player = players[3]!;
    await buy(seller, player.id, 50);
    await buy(stays, player.id, 10);
    await buy(leaves, player.id, 10);
    const keys = browserKeys().json;
    for (const [user, path] of [
      [stays, '/push/stays'],
      [leaves, '/push/leaves'],
    ] as const) {
      const res = await api(
        server.url,
        'POST',
        '/push/subscriptions',
        { subscription: { endpoint: `${endpoint.origin}${path}`, keys }, kinds: ['newOffer'] },
        user.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const to = (path: string) => endpoint.requests.filter((r) => r.path === path).length;
    const offer = async (price: number) =>
      expect(
        (await api(server.url, 'POST', inLeague('/offers'), { userId: seller.id, playerId: player.id, shares: 1, pricePerShare: price }, seller.token)).status,
      ).toBe(200);

    await offer(50);
    await expect.poll(() => to('/push/stays') === 1 && to('/push/leaves') === 1, { timeout: 10_000 }).toBe(true);
    expect((await api(server.url, 'DELETE', `/leagues/${league.id}/members/${leaves.id}`, undefined, commissioner.token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, GATHER_MS * 3));
    await offer(60);
    await expect.poll(() => to('/push/stays'), { timeout: 10_000 }).toBe(2);
    expect(to('/push/leaves')).toBe(1);
  });
});

describe('a league of more than a thousand members', () => {
  it('opened again keeps every member, and the commissioner can remove the last to join', async () => {
    await server.serverServices.hub.close(league.id);
    // 1,001 more members, written as joining leaves them: an account and a membership in the accounts database, a row in the league's file.
    const accounts = new Database(`${server.dataDir}/hoops.db`);
    const file = new Database(leagueFile(server.dataDir, league.id));
    const joinedAt = Date.now();
    const ids: number[] = [];
    accounts.transaction(() => {
      for (let i = 0; i < 1_001; i++) {
        const { lastInsertRowid } = accounts
          .prepare("INSERT INTO users (username, email_hash, password_hash, balance_cents, created_at) VALUES (?, ?, '', 0, ?)")
          .run(`crowd_${i}`, `crowd-hash-${i}`, joinedAt);
        ids.push(Number(lastInsertRowid));
        accounts.prepare('INSERT INTO league_members (league_id, user_id, joined_at) VALUES (?, ?, ?)').run(league.id, lastInsertRowid, joinedAt + i);
      }
    })();
    file.transaction(() => {
      for (const [i, id] of ids.entries())
        file
          .prepare("INSERT INTO users (id, username, email_hash, password_hash, balance_cents, created_at) VALUES (?, ?, ?, '', ?, ?)")
          .run(id, `crowd_${i}`, `member:${id}`, CASH, joinedAt);
    })();
    accounts.close();
    file.close();
    const removed = () => (leagueDb().$client.prepare('SELECT COUNT(*) AS n FROM users WHERE left_at IS NOT NULL AND id >= ?').get(ids[0]) as { n: number }).n;
    // Opening it (leagueDb does) brings the file in line with the registry: no one is removed.
    expect(removed()).toBe(0);
    const last = ids[ids.length - 1]!;
    const res = await api<{ message: string }>(server.url, 'DELETE', `/leagues/${league.id}/members/${last}`, undefined, commissioner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(LEAGUE_TEXT.removed(`crowd_${ids.length - 1}`));
    expect(removed()).toBe(1);
    expect(ledgerProblems(leagueDb(), CASH)).toEqual([]);
  }, 60_000);
});
