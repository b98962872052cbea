import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
type Team = { id: number; code: string; conference: string; total_shares: number; shares_remaining: number; shares_distributed: number; owned: number };
let teams: Team[];
const byCode = (code: string) => teams.find((t) => t.code === code)!;

beforeAll(async () => {
  server = await startTestServer();
  teams = (await api<Team[]>(server.url, 'GET', '/teams')).body;
});
afterAll(() => server.stop());

describe('GET /api/teams and /api/market/team/{teamId}', () => {
  it('lists 30 teams whose total shares are their payroll', async () => {
    expect(teams).toHaveLength(30);
    const players = (await api<{ team_code: string; salary: number }[]>(server.url, 'GET', '/players')).body;
    const bos = byCode('BOS');
    expect(bos.total_shares).toBe(players.filter((p) => p.team_code === 'BOS').reduce((s, p) => s + p.salary, 0));
    expect(bos.shares_remaining + bos.shares_distributed).toBe(bos.total_shares);
  });

  it('shows a team’s roster, orders, trades and shareholders; 404 for an unknown team', async () => {
    const detail = await api<{ team: Team; roster: unknown[]; asks: unknown[]; shareholders: unknown[] }>(
      server.url,
      'GET',
      `/market/team/${byCode('LAL').id}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.team.code).toBe('LAL');
    expect(detail.body.roster.length).toBeGreaterThan(10);
    expect(await api(server.url, 'GET', '/market/team/9999')).toMatchObject({ status: 404, body: { error: 'Team not found' } });
  });
});

describe('team trading over REST', () => {
  it('buys team shares, refuses a second team of the same conference, and locks the holding', async () => {
    const u = await registerUser(server.url);
    const bos = byCode('BOS');
    const bought = await api(server.url, 'POST', '/teams/bid', { userId: u.id, teamId: bos.id, shares: 100, pricePerShare: 1 }, u.token);
    expect(bought).toMatchObject({ status: 200, body: { sharesPurchased: 100, message: 'Purchased 100 shares of Boston Celtics for $100.00' } });
    const second = await api(server.url, 'POST', '/teams/bid', { userId: u.id, teamId: byCode('NYK').id, shares: 1, pricePerShare: 1 }, u.token);
    expect(second).toMatchObject({ status: 400, body: { error: 'You already hold or bid on Boston Celtics: you may have one Eastern team only' } });
    expect(await api(server.url, 'POST', '/teams/bid', { userId: u.id, teamId: byCode('GSW').id, shares: 1, pricePerShare: 1 }, u.token)).toMatchObject({
      status: 200,
    });

    const dump = await api(server.url, 'POST', '/teams/dump', { userId: u.id, teamId: bos.id, shares: 10 }, u.token);
    expect(dump).toMatchObject({ status: 400, body: { error: expect.stringContaining('Locked until') } });
    const listed = await api(server.url, 'POST', '/teams/ask', { userId: u.id, teamId: bos.id, shares: 10, pricePerShare: 3 }, u.token);
    expect(listed).toMatchObject({ status: 400, body: { error: expect.stringContaining('Locked until') } });

    const portfolio = await api<{ teams: { id: number; shares_owned: number; min_sell_price: number; locked_until: string }[] }>(
      server.url,
      'GET',
      `/portfolio/${u.id}`,
    );
    const holding = portfolio.body.teams.find((t) => t.id === bos.id)!;
    expect(holding).toMatchObject({ shares_owned: 100, min_sell_price: 2 });
    expect(Date.parse(holding.locked_until)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    expect(await api(server.url, 'PUT', `/portfolio/${u.id}/team-min-sell-price/${bos.id}`, { minSellPrice: 4.25 }, u.token)).toMatchObject({
      status: 200,
      body: { message: 'Min sell price updated' },
    });
    expect(await api(server.url, 'PUT', `/portfolio/${u.id}/team-min-sell-price/${bos.id}`, { minSellPrice: 0 }, u.token)).toMatchObject({
      status: 400,
      body: { error: 'Invalid price' },
    });
  });

  it('shows team asks to the team’s holders, who can decline them', async () => {
    const mia = byCode('MIA');
    // Nobody can buy a whole team alone: enough holders empty the open market together.
    const holders = [];
    for (let left = mia.total_shares; left > 0; left -= 80_000_000) {
      const h = await registerUser(server.url);
      await api(server.url, 'POST', '/teams/bid', { userId: h.id, teamId: mia.id, shares: Math.min(left, 80_000_000), pricePerShare: 1 }, h.token);
      holders.push(h);
    }
    const holder = holders[0]!;
    const bidder = await registerUser(server.url);
    const ask = await api<{ ask: { askId: number } | null }>(
      server.url,
      'POST',
      '/teams/bid',
      { userId: bidder.id, teamId: mia.id, shares: 10, pricePerShare: 2.5 },
      bidder.token,
    );
    expect(ask.body.ask).not.toBeNull();
    const relevant = await api<{ askId: number; askType: string }[]>(server.url, 'GET', `/asks/relevant/${holder.id}`, undefined, holder.token);
    expect(relevant.body).toContainEqual(expect.objectContaining({ askId: ask.body.ask!.askId, askType: 'team' }));
    expect(await api(server.url, 'POST', '/teams/decline-ask', { userId: holder.id, teamAskId: ask.body.ask!.askId }, holder.token)).toMatchObject({
      status: 200,
      body: { message: 'Ask declined' },
    });
    const after = await api<{ askId: number }[]>(server.url, 'GET', `/asks/relevant/${holder.id}`, undefined, holder.token);
    expect(after.body.some((a) => a.askId === ask.body.ask!.askId)).toBe(false);
  });
});
