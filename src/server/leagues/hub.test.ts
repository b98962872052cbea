/**
 * A league's life, owned by LeagueHub: opened only for those who may use it, kept while used or
 * followed, closed once idle (LEAGUE_IDLE_MINUTES), and never more than MAX_LEAGUES of them.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueFile } from '../../db/leagues/files.js';
import { LEAGUE_TEXT, type LeagueView } from '../../shared/schemas/leagues.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';
import { openSocket } from '../test-support/socket.js';

/** 0.01 minutes: 600 ms. */
const IDLE_MS = 600;
const TOKEN = 'metrics-token-for-the-hub-test';

let server: TestServer;
let commissioner: TestUser;
const isOpen = (id: number) => server.serverServices.hub.peek(id) !== undefined;

async function league(name: string, open: boolean): Promise<LeagueView> {
  const created = await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name }, commissioner.token);
  expect(created.status).toBe(200);
  if (open) expect((await api(server.url, 'PATCH', `/leagues/${created.body.league.id}`, { open: true }, commissioner.token)).status).toBe(200);
  await server.serverServices.hub.close(created.body.league.id);
  return created.body.league;
}

beforeAll(async () => {
  server = await startTestServer({ env: { LEAGUE_IDLE_MINUTES: String(IDLE_MS / 60_000), MAX_LEAGUES: '6' }, metricsToken: TOKEN });
  commissioner = await registerUser(server.url, 'hub_commish');
});
afterAll(() => server.stop());

describe('who opens a league', () => {
  it('nobody refused: an anonymous or outside call answered 403 opens nothing, over REST, tRPC and the WebSocket', async () => {
    const closed = await league('Closed Doors', false);
    const outsider = await registerUser(server.url);
    expect((await api(server.url, 'GET', `/leagues/${closed.id}/players`)).status).toBe(403);
    expect((await api(server.url, 'GET', `/leagues/${closed.id}/leaderboard`, undefined, outsider.token)).status).toBe(403);
    const trpc = await fetch(`${server.url}/trpc/market.players`, { headers: { 'x-league-id': String(closed.id) } });
    expect(trpc.status).toBe(403);
    const socket = await openSocket(server.url, { leagueId: String(closed.id) });
    const ticker = socket.subscribe('live.ticker');
    await expect.poll(() => ticker.error()).toMatchObject({ message: LEAGUE_TEXT.inviteOnly });
    expect((await socket.call('query', 'stats.leaderboard')).error).toMatchObject({ message: LEAGUE_TEXT.inviteOnly });
    socket.close();
    expect(isOpen(closed.id)).toBe(false);
    // A member's call opens it.
    expect((await api(server.url, 'GET', `/leagues/${closed.id}/players`, undefined, commissioner.token)).status).toBe(200);
    expect(isOpen(closed.id)).toBe(true);
  });

  it('a member’s call that reads only the registry (their leagues, the open leagues) opens nothing, not even their current league', async () => {
    // Created last, it is the commissioner's current league, closed by the helper.
    const current = await league('Quiet Doors', false);
    const mine = await api<{ currentLeagueId: number; leagues: { id: number }[] }>(server.url, 'GET', '/leagues', undefined, commissioner.token);
    expect(mine.status).toBe(200);
    expect(mine.body.currentLeagueId).toBe(current.id);
    expect(mine.body.leagues.map((l) => l.id)).toContain(current.id);
    expect((await api(server.url, 'GET', '/leagues/open', undefined, commissioner.token)).status).toBe(200);
    expect(isOpen(current.id)).toBe(false);
  });
});

describe('an idle league', () => {
  it('closes after the idle time, its memory let go, and opens again, as it was, on the next call', async () => {
    const open = await league('Open Doors', true);
    const first = await api<{ id: number; shares_remaining: number }[]>(server.url, 'GET', `/leagues/${open.id}/players`);
    expect(first.status).toBe(200);
    expect(isOpen(open.id)).toBe(true);
    await expect.poll(() => isOpen(open.id), { timeout: 10_000, interval: 50 }).toBe(false);
    expect(isOpen(1)).toBe(true);
    const again = await api<{ id: number; shares_remaining: number }[]>(server.url, 'GET', `/leagues/${open.id}/players`);
    expect(again.body).toEqual(first.body);
    expect(isOpen(open.id)).toBe(true);
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(metrics).toMatch(new RegExp(`^hoops_leagues_open ${server.serverServices.hub.size}$`, 'm'));
  });

  it('stays open while someone follows its ticker, and closes once they leave', async () => {
    const followed = await league('Followed Doors', true);
    const socket = await openSocket(server.url, { leagueId: String(followed.id) });
    const ticker = socket.subscribe('live.ticker');
    await expect.poll(() => ticker.started()).toBe(true);
    await new Promise((r) => setTimeout(r, IDLE_MS * 3));
    expect(isOpen(followed.id)).toBe(true);
    socket.close();
    await expect.poll(() => isOpen(followed.id), { timeout: 10_000, interval: 50 }).toBe(false);
  });
});

describe('MAX_LEAGUES', () => {
  it('refuses a new league past the server’s limit with a message, creating nothing', async () => {
    const creator = await registerUser(server.url);
    while (server.serverServices.registry.count() < 6) {
      expect((await api(server.url, 'POST', '/leagues', { name: `Filler ${server.serverServices.registry.count()}` }, creator.token)).status).toBe(200);
    }
    const refused = await api(server.url, 'POST', '/leagues', { name: 'One Too Many' }, creator.token);
    expect(refused).toMatchObject({ status: 403, body: { error: LEAGUE_TEXT.serverFull(6) } });
    expect(server.serverServices.registry.count()).toBe(6);
    expect(existsSync(leagueFile(server.dataDir, 7))).toBe(false);
  });
});
