import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, startTestServer, type TestServer } from './test-support/server.js';

/** Every call of docs/api.md §2 Paths, as its table lists them, with ids filled in. */
const SPEC_CALLS = [
  ['GET', '/players'],
  ['GET', '/players/{playerId}/shareholders'],
  ['GET', '/market/{playerId}'],
  ['GET', '/market/team/{teamId}'],
  ['GET', '/asks/relevant/{userId}'],
  ['POST', '/trade/ask'],
  ['POST', '/trade/buy'],
  ['POST', '/asks/1/decline'],
  ['POST', '/trade/dump'],
  ['POST', '/offers'],
  ['POST', '/offers/accept'],
  ['DELETE', '/offers/1'],
  ['GET', '/offers'],
  ['POST', '/teams/bid'],
  ['POST', '/teams/ask'],
  ['POST', '/teams/dump'],
  ['POST', '/teams/decline-ask'],
  ['GET', '/teams'],
  ['GET', '/portfolio/{userId}'],
  ['PUT', '/portfolio/{userId}/min-sell-price/{playerId}'],
  ['PUT', '/portfolio/{userId}/team-min-sell-price/{teamId}'],
  ['GET', '/leaderboard'],
  ['GET', '/statistics'],
  ['GET', '/trades/recent'],
  ['GET', '/trades/user/{userId}'],
  ['GET', '/users/{userId}'],
  ['PUT', '/users/{userId}/avatar'],
  ['PUT', '/users/{userId}/username'],
  ['PATCH', '/players/{playerId}'],
  ['POST', '/admin/retire-player'],
  ['POST', '/admin/draft'],
  ['POST', '/auth/login'],
  ['POST', '/auth/register'],
  ['POST', '/auth/request-password-reset'],
  ['POST', '/auth/reset-password'],
] as const;

let server: TestServer;
let user: Awaited<ReturnType<typeof registerUser>>;
let ids: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  user = await registerUser(server.url, 'spec_paths');
  const players = await api<{ id: number }[]>(server.url, 'GET', '/players');
  const teams = await api<{ id: number }[]>(server.url, 'GET', '/teams');
  ids = { playerId: players.body[0]!.id, teamId: teams.body[0]!.id, userId: user.id };
});
afterAll(() => server.stop());

describe('docs/api.md §2 Paths', () => {
  it.each(SPEC_CALLS)('%s %s answers under /api', async (method, template) => {
    const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => String(ids[name]));
    const res = await api(server.url, method, path, method === 'GET' ? undefined : {}, user.token);
    // Bad or missing fields are fine here (400, 403, 404 for a missing record): the route exists.
    expect(res.status, JSON.stringify(res.body)).not.toBe(405);
    expect(res.body).not.toEqual({ error: 'Not found' });
    expect(res.status).toBeLessThan(500);
  });
});
