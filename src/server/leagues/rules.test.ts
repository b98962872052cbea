import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUE_TEXT, type LeagueRules, type LeagueView } from '../../shared/schemas/leagues.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let league: LeagueView;

beforeAll(async () => {
  server = await startTestServer();
  [alice, carol] = [await registerUser(server.url, 'ru_alice'), await registerUser(server.url, 'ru_carol')];
  league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Rule Book', startingCash: 250_000 }, alice.token)).body.league;
});
afterAll(() => server.stop());

describe('a league’s rules page', () => {
  it('tells a member the starting cash, ranking rule (as the commissioner sets it), team lock, season and commissioner', async () => {
    const rules = await api<LeagueRules>(server.url, 'GET', `/leagues/${league.id}/rules`, undefined, alice.token);
    expect(rules.status).toBe(200);
    expect(rules.body).toMatchObject({
      league: { id: league.id, name: 'Rule Book', open: false, isDefault: false, memberCount: 1 },
      startingCash: 250_000,
      rankingRule: {
        key: 'netWorth',
        label: 'Net worth',
        description: 'cash, cash in open bids and shares, shares valued at their mark; equal figures share a place',
      },
      teamLockDays: 7,
      openMarketPrice: 1,
      season: { number: 1, endsAt: null, endedSeasons: 0 },
      commissioner: { userId: alice.id, username: 'ru_alice' },
      chat: { maxChars: 500 },
    });
    // The commissioner switches the league's ranking: its rules page says so.
    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { ranking: 'shareValue' }, alice.token)).status).toBe(200);
    const switched = await api<LeagueRules>(server.url, 'GET', `/leagues/${league.id}/rules`, undefined, alice.token);
    expect(switched.body.rankingRule).toMatchObject({ key: 'shareValue', label: 'Share value' });
  });

  it('tells someone holding the invite code, and nobody else, the rules of an invite-only league', async () => {
    expect(await api(server.url, 'GET', `/leagues/${league.id}/rules`, undefined, carol.token)).toMatchObject({
      status: 403,
      body: { error: LEAGUE_TEXT.inviteOnly },
    });
    const byCode = await api<LeagueRules>(server.url, 'GET', `/leagues/invite/${league.inviteCode}/rules`);
    expect(byCode.body.startingCash).toBe(250_000);
    expect(await api(server.url, 'GET', '/leagues/invite/not-a-code/rules')).toMatchObject({ status: 404, body: { error: LEAGUE_TEXT.badInvite } });
    // The default league: anyone, and its admins run it.
    expect((await api<LeagueRules>(server.url, 'GET', '/leagues/1/rules')).body).toMatchObject({
      commissioner: null,
      startingCash: 80_000_000,
      rankingRule: { key: 'shareValue' },
    });
  });
});
