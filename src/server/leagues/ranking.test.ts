import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { LEAGUE_TEXT } from '../../shared/schemas/leagues.js';
import type { LeaderboardRowOut } from '../../shared/schemas/market.js';
import type { SeasonArchiveOut, SeasonList } from '../../shared/schemas/seasons.js';
import type { AppRouter } from '../routers/index.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

let server: TestServer;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
let playerId: number;
const CASH = 100_000;

const inLeague = (id: number, path: string) => `/leagues/${id}${path}`;
const trpcOf = (user: TestUser, leagueId: number) =>
  createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${user.token}`, 'x-league-id': String(leagueId) } })],
  });

async function newLeague(name: string, members: TestUser[]): Promise<LeagueView> {
  const league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name, startingCash: CASH }, members[0]!.token)).body.league;
  for (const m of members.slice(1)) expect((await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, m.token)).status).toBe(200);
  return league;
}

const board = async (leagueId: number, user: TestUser) =>
  (await api<LeaderboardRowOut[]>(server.url, 'GET', inLeague(leagueId, '/leaderboard'), undefined, user.token)).body;

beforeAll(async () => {
  server = await startTestServer();
  [ann, ben, cat] = [await registerUser(server.url, 'rk_ann'), await registerUser(server.url, 'rk_ben'), await registerUser(server.url, 'rk_cat')];
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  playerId = [...players.body].sort((a, b) => b.salary - a.salary)[0]!.id;
});
afterAll(() => server.stop());

describe('a league’s ranking (docs/rules.md §5)', () => {
  it('is share value for the default league and net worth for a new one, and the commissioner alone switches it', async () => {
    const open = await api<{ leagues: { id: number; ranking: string }[] }>(server.url, 'GET', '/leagues/open');
    expect(open.body.leagues.find((l) => l.id === 1)?.ranking).toBe('shareValue');
    const league = await newLeague('Ranking Rules', [ann, ben, cat]);
    expect(league.ranking).toBe('netWorth');

    // Ben buys 100 shares at $1.00, then sells cat 50 at $3.00 while the open market still sells: shares are worth $1.00 each.
    const post = (path: string, body: unknown, user: TestUser) => api(server.url, 'POST', inLeague(league.id, path), body, user.token);
    expect((await post('/trade/ask', { userId: ben.id, playerId, shares: 100, pricePerShare: 1 }, ben)).status).toBe(200);
    const offer = await post('/offers', { userId: ben.id, playerId, shares: 50, pricePerShare: 3 }, ben);
    const offerId = (offer.body as { offer: { offerId: number } }).offer.offerId;
    expect((await post('/offers/accept', { buyerId: cat.id, offerId }, cat)).status).toBe(200);

    // By net worth: ben gained $100 in cash, cat lost it, ann kept her cash.
    expect((await board(league.id, ann)).map((r) => [r.rank, r.tied, r.username, r.portfolioValue])).toEqual([
      [1, false, 'rk_ben', CASH + 100],
      [2, false, 'rk_ann', CASH],
      [3, false, 'rk_cat', CASH - 100],
    ]);

    // Ben is not the commissioner: refused, nothing changed. A rule that is not one: refused.
    const patch = (body: unknown, user: TestUser) => api<{ league: LeagueView }>(server.url, 'PATCH', `/leagues/${league.id}`, body, user.token);
    expect(await patch({ ranking: 'shareValue' }, ben)).toMatchObject({ status: 403, body: { error: LEAGUE_TEXT.commissionerOnly } });
    expect((await patch({ ranking: 'mostShares' }, ann)).status).toBe(400);
    expect((await trpcOf(ann, league.id).stats.ranking.query()).ranking).toBe('netWorth');

    const switched = await patch({ ranking: 'shareValue' }, ann);
    expect(switched).toMatchObject({ status: 200, body: { league: { id: league.id, ranking: 'shareValue', name: 'Ranking Rules' } } });
    // By share value: ben and cat hold 50 shares each at $1.00 and share first place; ann holds none.
    expect((await board(league.id, ann)).map((r) => [r.rank, r.tied, r.username, r.shareValue])).toEqual([
      [1, true, 'rk_ben', 50],
      [1, true, 'rk_cat', 50],
      [3, false, 'rk_ann', 0],
    ]);
    expect((await trpcOf(cat, league.id).stats.ranking.query()).ranking).toBe('shareValue');

    // The tRPC twin takes the same change, with an idempotency key.
    const back = await trpcOf(ann, league.id).leagues.update.mutate({ leagueId: league.id, ranking: 'netWorth', idempotencyKey: 'rk-switch-1' });
    expect(back.league.ranking).toBe('netWorth');
    expect((await board(league.id, ann))[0]).toMatchObject({ rank: 1, tied: false, username: 'rk_ben' });
  });

  it('a season that ends tied at the top names every co-winner, in the archive and the list of seasons', async () => {
    const league = await newLeague('Dead Heat', [ann, ben]);
    // Both buy from the open market at $1.00: cash became shares worth as much, and their net worths stay equal.
    for (const [user, shares] of [
      [ann, 300],
      [ben, 40],
    ] as const) {
      expect(
        (await api(server.url, 'POST', inLeague(league.id, '/trade/ask'), { userId: user.id, playerId, shares, pricePerShare: 1 }, user.token)).status,
      ).toBe(200);
    }
    expect((await api(server.url, 'POST', inLeague(league.id, '/seasons/end'), { confirm: 'Dead Heat', season: 1 }, ann.token)).status).toBe(200);
    const archive = await api<SeasonArchiveOut>(server.url, 'GET', inLeague(league.id, '/seasons/1'), undefined, ben.token);
    expect(archive.body.season).toMatchObject({
      ranking: 'netWorth',
      winners: [
        { userId: ann.id, username: 'rk_ann' },
        { userId: ben.id, username: 'rk_ben' },
      ],
    });
    expect(archive.body.standings.map((s) => [s.rank, s.tied, s.username, s.total, s.shareValue])).toEqual([
      [1, true, 'rk_ann', CASH, 300],
      [1, true, 'rk_ben', CASH, 40],
    ]);
    const list = await api<SeasonList>(server.url, 'GET', inLeague(league.id, '/seasons'), undefined, ben.token);
    expect(list.body.seasons[0]).toMatchObject({ number: 1, winners: ['rk_ann', 'rk_ben'] });
  });

  it('an archive from before shared places (ranked by share value, ties by the older account, holdings at cost) shows its tie too', async () => {
    const league = await newLeague('Old Archive', [ann, ben]);
    expect((await api(server.url, 'POST', inLeague(league.id, '/seasons/end'), { confirm: 'Old Archive', season: 1 }, ann.token)).status).toBe(200);
    const holding = { kind: 'player', id: playerId, name: 'A Player', shares: 20, priceCents: null, valueCents: 3_000 };
    const line = (rank: number, user: TestUser) => ({
      rank,
      userId: user.id,
      username: user.username,
      cashCents: 0,
      shareValueCents: 3_000,
      totalCents: 3_000,
      holdings: [holding],
    });
    const old = {
      standings: [line(1, ann), line(2, ben)],
      tradeCount: 2,
      volumeCents: 6_000,
      statistics: { mostValuable: [], mostActive: [], mostShareholders: [], islands: [] },
    };
    server.serverServices.forLeague(league.id)!.db.$client.prepare('UPDATE seasons SET archive = ? WHERE number = 1').run(JSON.stringify(old));
    const archive = await api<SeasonArchiveOut>(server.url, 'GET', inLeague(league.id, '/seasons/1'), undefined, ben.token);
    expect(archive.body.season).toMatchObject({ ranking: 'shareValue', winners: [{ username: 'rk_ann' }, { username: 'rk_ben' }] });
    expect(archive.body.standings.map((s) => [s.rank, s.tied, s.username])).toEqual([
      [1, true, 'rk_ann'],
      [1, true, 'rk_ben'],
    ]);
    expect(archive.body.standings[0]!.holdings[0]).toMatchObject({ lastPrice: null, price: 1.5, value: 30 });
  });
});
