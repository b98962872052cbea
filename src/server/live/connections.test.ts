/**
 * RULES.md, Accounts: every call is judged by who the caller is at the moment of the call, on
 * every transport. Each case opens a real WebSocket first, then changes who its caller is, then
 * looks at what that socket can still do and receive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionsRepo } from '../../db/repos/sessions.js';
import { LEAGUE_TEXT, type LeagueView } from '../../shared/schemas/leagues.js';
import { AUTH_TEXT } from '../../shared/schemas/auth.js';
import { hashToken } from '../auth/tokens.js';
import { runCli } from '../test-support/cli.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';
import { openSocket, type TestSocket } from '../test-support/socket.js';
import { ACCESS_CHANGED_CODE } from './connections.js';

let server: TestServer;
let clock = Date.now();
let commissioner: TestUser;
let league: LeagueView;
let playerId: number;
const sockets: TestSocket[] = [];

const socketOf = async (user: TestUser | null, leagueId?: number) => {
  const params = { ...(user ? { token: user.token } : {}), ...(leagueId ? { leagueId: String(leagueId) } : {}) };
  const socket = await openSocket(server.url, Object.keys(params).length > 0 ? params : null);
  sockets.push(socket);
  return socket;
};

/** Waits for the server to close the socket, and says how long it took after `since`. */
async function closedAfter(socket: TestSocket, since: number, what: string): Promise<void> {
  const closed = await socket.whenClosed();
  expect(closed.code).toBe(ACCESS_CHANGED_CODE);
  console.log(`${what}: the socket opened before it was closed ${closed.at - since} ms after the change was answered`);
}

async function joined(user: TestUser): Promise<void> {
  expect((await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, user.token)).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  commissioner = await registerUser(server.url, 'ws_commish');
  league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Socket League' }, commissioner.token)).body.league;
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  playerId = players.body[0]!.id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.stop();
});

describe('a call on a socket opened earlier', () => {
  it('is judged by the caller as they are now: a revoked admin flag, an ended membership, an ended session', async () => {
    const user = await registerUser(server.url);
    await joined(user);
    server.services.users.setAdmin(user.id, true);
    const socket = await socketOf(user, league.id);
    expect((await socket.call('query', 'admin.audit', { limit: 1 })).data).toBeDefined();
    expect((await socket.call('query', 'portfolio.get', { userId: user.id })).data).toBeDefined();

    // Changed behind every notice (the process's own connection, nobody told): only the call's own check sees it.
    server.services.users.setAdmin(user.id, false);
    expect((await socket.call('query', 'admin.audit', { limit: 1 })).error).toMatchObject({ data: { code: 'FORBIDDEN' } });
    server.services.registry.removeMember(league.id, user.id);
    expect((await socket.call('query', 'portfolio.get', { userId: user.id })).error).toMatchObject({ message: LEAGUE_TEXT.inviteOnly });
    const order = await socket.call('mutation', 'trade.buy', { instrument: { kind: 'player', id: playerId }, shares: 1, priceCents: 100 });
    expect(order.error).toMatchObject({ data: { code: 'FORBIDDEN' } });
    createSessionsRepo(server.accounts).delete(hashToken(user.token));
    expect((await socket.call('query', 'auth.me')).error).toMatchObject({ message: AUTH_TEXT.notLoggedIn });
    expect((await socket.call('mutation', 'leagues.create', { name: 'Not After Logout' })).error).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    expect(socket.closed()).toBeNull();
  });
});

describe('a socket whose caller lost access', () => {
  it('is closed at logout, with its live events', async () => {
    const user = await registerUser(server.url);
    const socket = await socketOf(user);
    const events = socket.subscribe('live.events');
    await expect.poll(() => events.started()).toBe(true);
    const other = await socketOf(await registerUser(server.url));
    expect(await api(server.url, 'POST', '/auth/logout', undefined, user.token)).toMatchObject({ status: 200 });
    await closedAfter(socket, Date.now(), 'logout');
    // A socket of someone else stays open.
    expect((await other.call('query', 'auth.me')).data).toBeDefined();
    const again = await socketOf(user);
    expect((await again.call('query', 'auth.me')).error).toMatchObject({ message: AUTH_TEXT.notLoggedIn });
  });

  it('is closed by a password reset, every one of the account’s sockets; the old session can do nothing there again', async () => {
    const user = await registerUser(server.url);
    const [first, second] = [await socketOf(user), await socketOf(user, league.id)];
    const resets = () => server.logs().filter((l) => l.includes('reset-password?token='));
    const before = resets().length;
    await api(server.url, 'POST', '/auth/request-password-reset', { email: user.email });
    await expect.poll(() => resets().length).toBe(before + 1);
    const token = resets()
      .at(-1)!
      .match(/reset-password\?token=([a-z2-7]+)/)![1]!;
    expect((await api(server.url, 'POST', '/auth/reset-password', { token, newPassword: 'a brand new password' })).status).toBe(200);
    const at = Date.now();
    await closedAfter(first, at, 'password reset');
    await closedAfter(second, at, 'password reset (second socket)');
    const again = await socketOf(user);
    for (const [type, path, input] of [
      ['query', 'portfolio.get', { userId: user.id }],
      ['mutation', 'users.setUsername', { id: user.id, username: 'taken_over' }],
      ['mutation', 'leagues.create', { name: 'Taken Over' }],
      ['mutation', 'trade.listOffer', { instrument: { kind: 'player', id: playerId }, shares: 1, priceCents: 500 }],
    ] as const) {
      const answer = await again.call(type, path, input);
      if (path === 'portfolio.get') expect(answer.data).toBeDefined();
      else expect(answer.error, path).toMatchObject({ data: { code: expect.stringMatching(/UNAUTHORIZED|FORBIDDEN/) } });
    }
    expect(server.services.users.byId(user.id)!.username).toBe(user.username);
  });

  it('is closed when the admin command line revokes the flag (another process)', async () => {
    const user = await registerUser(server.url, 'ws_admin');
    server.services.users.setAdmin(user.id, true);
    const socket = await socketOf(user);
    expect((await socket.call('query', 'admin.audit', { limit: 1 })).data).toBeDefined();
    const revoke = await runCli('admin.ts', ['revoke', 'ws_admin'], server.dataDir);
    expect(revoke.out).toContain('ws_admin is no longer an admin.');
    await closedAfter(socket, Date.now(), 'admin revoked by the command line');
    const again = await socketOf(user);
    expect((await again.call('query', 'admin.audit', { limit: 1 })).error).toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect((await again.call('mutation', 'admin.draft')).error).toMatchObject({ data: { code: 'FORBIDDEN' } });
  });

  it('is closed when its session expires', async () => {
    const user = await registerUser(server.url);
    const socket = await socketOf(user);
    expect((await socket.call('query', 'auth.me')).data).toBeDefined();
    clock += 31 * 24 * 60 * 60 * 1000;
    try {
      await closedAfter(socket, Date.now(), 'session expiry');
    } finally {
      clock = Date.now();
    }
  });

  it('is closed when its member is removed from an invite-only league: no more ticker, events or calls of the league', async () => {
    const member = await registerUser(server.url);
    const stays = await registerUser(server.url);
    await joined(member);
    await joined(stays);
    const socket = await socketOf(member, league.id);
    const staying = await socketOf(stays, league.id);
    const ticker = socket.subscribe('live.ticker');
    const events = socket.subscribe('live.events');
    const theirTicker = staying.subscribe('live.ticker');
    await expect.poll(() => ticker.started() && events.started() && theirTicker.started()).toBe(true);
    const removed = await api(server.url, 'DELETE', `/leagues/${league.id}/members/${member.id}`, undefined, commissioner.token);
    expect(removed.status).toBe(200);
    await closedAfter(socket, Date.now(), 'member removed');
    // The league's trades reach those who stayed, and nothing reaches the removed member's new socket.
    const again = await socketOf(member, league.id);
    const refused = again.subscribe('live.ticker');
    await expect.poll(() => refused.error()).toMatchObject({ message: LEAGUE_TEXT.inviteOnly });
    const noEvents = again.subscribe('live.events');
    await api(server.url, 'POST', `/leagues/${league.id}/trade/ask`, { userId: stays.id, playerId, shares: 2, pricePerShare: 1 }, stays.token);
    await expect.poll(() => theirTicker.data().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(noEvents.data()).toEqual([]);
    expect((await again.call('query', 'portfolio.get', { userId: stays.id })).error).toMatchObject({ message: LEAGUE_TEXT.inviteOnly });
    expect(staying.closed()).toBeNull();
  });

  it('is closed for a visitor when the league becomes invite-only', async () => {
    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: true }, commissioner.token)).status).toBe(200);
    const visitor = await socketOf(null, league.id);
    const ticker = visitor.subscribe('live.ticker');
    await expect.poll(() => ticker.started()).toBe(true);
    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: false }, commissioner.token)).status).toBe(200);
    await closedAfter(visitor, Date.now(), 'league made invite-only');
    const again = (await socketOf(null, league.id)).subscribe('live.ticker');
    await expect.poll(() => again.error()).toMatchObject({ message: LEAGUE_TEXT.inviteOnly });
  });
});
