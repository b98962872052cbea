import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatPage } from '../../shared/schemas/chat.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import type { LiveEvent } from '../../shared/live.js';
import type { Notice } from '../../shared/notices.js';
import type { AppRouter } from '../routers/index.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

const DAY = 24 * 60 * 60 * 1000;
/** The server's clock runs with the real one, moved ahead by the test. */
let ahead = 0;
let server: TestServer;
let a: TestUser;
let b: TestUser;
let c: TestUser;
let league: LeagueView;
let playerId: number;

const inLeague = (path: string) => `/leagues/${league.id}${path}`;
const buy = (u: TestUser, shares: number) => api(server.url, 'POST', inLeague('/trade/ask'), { userId: u.id, playerId, shares, pricePerShare: 1 }, u.token);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A member's live events in the league: the notices they were told. */
function follow(user: TestUser) {
  const client = createWSClient({
    url: server.url.replace('http', 'ws') + '/trpc',
    WebSocket: WebSocket as never,
    connectionParams: { token: user.token, leagueId: String(league.id) },
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client })] });
  const notices: Notice[] = [];
  let started = false;
  const sub = trpc.live.events.subscribe(undefined, {
    onStarted: () => (started = true),
    onData: (e) => {
      const event = (e as unknown as { data: LiveEvent }).data;
      if (event.type === 'notice') notices.push(event.notice);
    },
  });
  return {
    notices,
    started: () => started,
    async close() {
      sub.unsubscribe();
      await client.close();
    },
  };
}

beforeAll(async () => {
  server = await startTestServer({ now: () => Date.now() + ahead });
  [a, b, c] = [await registerUser(server.url, 'rv_a'), await registerUser(server.url, 'rv_b'), await registerUser(server.url, 'rv_c')];
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  playerId = [...players.body].sort((x, y) => y.salary - x.salary)[0]!.id;
  league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Rivals', startingCash: 1_000_000 }, a.token)).body.league;
  for (const u of [b, c]) await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, u.token);
  // Ranked by share value, as its commissioner chose (by net worth, purchases at the open market's $1.00 move nobody).
  expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { ranking: 'shareValue' }, a.token)).status).toBe(200);
});
afterAll(() => server.stop());

describe('rivalry', () => {
  it('tells the one passed, once, when an order changes the ranking; and the feed its new leader', async () => {
    const followers = [follow(a), follow(b), follow(c)];
    try {
      await expect.poll(() => followers.every((f) => f.started()), { timeout: 10_000 }).toBe(true);
      // The rivalry takes its first standings once the league's market is warm; on a busy machine that can
      // come after the first order, so it is warmed and started here before anyone trades.
      const rivals = server.serverServices.hub.get(league.id)!;
      await rivals.exchange.warmUp();
      rivals.rivalry.start();
      // a 300, b 200, c 100 shares: from a tie at nothing, nobody passes anybody.
      for (const [u, shares] of [
        [a, 300],
        [b, 200],
        [c, 100],
      ] as const) {
        expect((await buy(u, shares)).status).toBe(200);
        await sleep(600);
      }
      expect(followers.map((f) => f.notices.length)).toEqual([0, 0, 0]);
      // c's order takes c past b (250 against 200), not past a.
      expect((await buy(c, 150)).status).toBe(200);
      await expect.poll(() => followers[1]!.notices.length, { timeout: 10_000 }).toBe(1);
      await sleep(1_000);
      expect(followers[1]!.notices).toEqual([
        {
          kind: 'passed',
          userId: b.id,
          leagueId: league.id,
          title: 'rv_c passed you — you are now 3rd',
          body: 'in Rivals',
          url: '/leaderboard',
          at: expect.any(String),
        },
      ]);
      expect(followers[0]!.notices).toEqual([]);
      expect(followers[2]!.notices).toEqual([]);
      const feed = (await api<ChatPage>(server.url, 'GET', inLeague('/chat'), undefined, a.token)).body;
      expect(feed.messages.filter((m) => m.kind === 'newLeader').map((m) => m.text)).toEqual(['rv_a is the new leader (Share value)']);
    } finally {
      await Promise.all(followers.map((f) => f.close()));
    }
  });

  it('puts the weekly recap in the feed once a week, and tells every member', async () => {
    const bs = follow(b);
    try {
      await expect.poll(() => bs.started(), { timeout: 10_000 }).toBe(true);
      ahead += 8 * DAY;
      expect((await buy(a, 10)).status).toBe(200);
      await expect.poll(() => bs.notices.filter((n) => n.kind === 'weeklyRecap').length, { timeout: 10_000 }).toBe(1);
      expect((await buy(b, 10)).status).toBe(200);
      await sleep(1_000);
      const feed = (await api<ChatPage>(server.url, 'GET', inLeague('/chat'), undefined, a.token)).body;
      const recaps = feed.messages.filter((m) => m.kind === 'weeklyRecap');
      expect(recaps).toHaveLength(1);
      // Open-market buys at $1.00 gain or lose nobody anything; a and c traded twice each (a first by id).
      expect(recaps[0]!.text).toBe('Week 1 recap: most active rv_a (2 trades); no moves in the standings');
      expect(recaps[0]!.details).not.toHaveProperty('snapshot');
      expect(bs.notices.filter((n) => n.kind === 'weeklyRecap')[0]).toMatchObject({ title: 'Week 1 recap of Rivals', url: '/chat' });
    } finally {
      await bs.close();
    }
  });
});
