import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, teams } from '../../db/schema.js';
import { addOrder, addTrade, holdPlayer, holdTeam, openMarketChanged, setLastTradePrice } from '../../db/test-support/fixtures.js';
import type { PortfolioOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
const clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

describe('GET /portfolio/{userId}', () => {
  it('shows anyone’s cash, escrow, holdings and daily change, in dollars, without signing in', async () => {
    const [p, q] = server.db.select().from(players).where(isNull(players.retiredAt)).orderBy(players.id).limit(2).all() as [
      typeof players.$inferSelect,
      typeof players.$inferSelect,
    ];
    const team = server.db.select().from(teams).where(eq(teams.id, p.teamId)).get()!;
    const owner = await registerUser(server.url);
    const rival = await registerUser(server.url);
    holdPlayer(server.db, owner.id, p.id, 100, 15_000, 165); // avg $1.50, min sell $1.65
    holdPlayer(server.db, rival.id, p.id, 100, 100);
    holdPlayer(server.db, owner.id, q.id, 10, 1_234); // never traded: at the mark, $1.00
    holdTeam(server.db, owner.id, team.id, 40, 8_000, clock + 7 * DAY); // never traded: $1.00
    // The last trade price is $3.00, but shares are valued at the mark: P's open market sold out two days ago, and the trades since say $2.00.
    setLastTradePrice(server.db, p.id, 300);
    openMarketChanged(server.db, 'player', p.id, false, clock - 2 * DAY);
    addTrade(server.db, { instrumentId: p.id, buyerId: rival.id, sellerId: owner.id, shares: 10, priceCents: 200, at: clock - DAY });
    addTrade(server.db, { instrumentId: p.id, buyerId: owner.id, sellerId: null, shares: 100, priceCents: 100, at: clock - 1 });
    addOrder(server.db, { side: 'ask', instrumentId: q.id, userId: owner.id, priceCents: 250, shares: 4 }); // $10 in escrow
    addOrder(server.db, { side: 'offer', instrumentId: p.id, userId: owner.id, priceCents: 500, shares: 30 });

    const res = await api<PortfolioOut>(server.url, 'GET', `/portfolio/${owner.id}`);
    expect(res.status).toBe(200);
    const shareValue = 200 + 10 + 40;
    const atWeekly = 200 + 10 + 40;
    expect(res.body).toMatchObject({
      userId: owner.id,
      username: owner.username,
      avatar: null,
      balance: 80_000_000 - 10,
      escrow: 10,
      shareValue,
      totalValue: 80_000_000 + shareValue,
      dailyChangePercent: Math.round(((shareValue - atWeekly) / atWeekly) * 10_000) / 100,
      dailyChange: 0,
      unrealizedProfit: 7.66, // 50 − 2.34 − 40
      // The trades above were written without a realized profit (as before it was kept): none is counted.
      realizedProfit: 0,
    });
    expect(res.body.players).toEqual([
      {
        player_id: p.id,
        name: p.name,
        team_name: team.name,
        shares_owned: 100,
        listed_shares: 30,
        average_buy_price: 1.5,
        current_price: 2,
        weekly_avg_price: 2,
        min_sell_price: 1.65,
        salary: p.salary,
        is_top_holder: true,
        value: 200,
        // 100 × $2.00 − $150.00 paid; nothing moved against the weekly average; $200 of $250 of shares.
        unrealized_profit: 50,
        unrealized_percent: 33.33,
        today_change: 0,
        portfolio_percent: 80,
      },
      {
        player_id: q.id,
        name: q.name,
        team_name: expect.any(String),
        shares_owned: 10,
        listed_shares: 0,
        average_buy_price: 1.23,
        current_price: 1,
        weekly_avg_price: 1,
        min_sell_price: 2,
        salary: q.salary,
        is_top_holder: true,
        value: 10,
        // 10 × $1.00 − $12.34 = −$2.34, −18.96% of $12.34.
        unrealized_profit: -2.34,
        unrealized_percent: -18.96,
        today_change: 0,
        portfolio_percent: 4,
      },
    ]);
    expect(res.body.teams).toEqual([
      {
        id: team.id,
        name: team.name,
        code: team.code,
        conference: team.conference,
        shares_owned: 40,
        listed_shares: 0,
        min_sell_price: 2,
        locked_until: new Date(clock + 7 * DAY).toISOString(),
        average_buy_price: 2,
        current_price: 1,
        weekly_avg_price: 1,
        value: 40,
        // 40 × $1.00 − $80.00 = −$40.00, −50%.
        unrealized_profit: -40,
        unrealized_percent: -50,
        today_change: 0,
        portfolio_percent: 16,
      },
    ]);
    const rivalView = await api<PortfolioOut>(server.url, 'GET', `/portfolio/${rival.id}`, undefined, owner.token);
    expect(rivalView.body.players[0]).toMatchObject({ player_id: p.id, is_top_holder: false, value: 200 });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect(await api(server.url, 'GET', '/portfolio/999999')).toMatchObject({ status: 404, body: { error: 'User not found' } });
    const bad = await api<{ error: string }>(server.url, 'GET', '/portfolio/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('User id must be a number');
  });
});
