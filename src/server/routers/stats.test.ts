import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../db/schema.js';
import { addOrder, addTrade, holdPlayer, setLastTradePrice } from '../../db/test-support/fixtures.js';
import type { LeaderboardRowOut, StatisticsOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
const clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

describe('GET /leaderboard and GET /statistics', () => {
  it('ranks the top 10 by share value at the marks, equal figures sharing a place, and fills the four statistics tables', async () => {
    const [p, q] = server.db.select().from(players).where(isNull(players.retiredAt)).orderBy(players.id).limit(2).all() as [
      typeof players.$inferSelect,
      typeof players.$inferSelect,
    ];
    const users = [];
    for (let i = 0; i < 12; i += 1) users.push(await registerUser(server.url));
    const [rich, middle, poor] = users as [(typeof users)[number], (typeof users)[number], (typeof users)[number]];
    holdPlayer(server.db, rich.id, p.id, 1_000, 1_000);
    holdPlayer(server.db, middle.id, q.id, 50, 5_000);
    holdPlayer(server.db, poor.id, p.id, 10, 10);
    setLastTradePrice(server.db, p.id, 200);
    addOrder(server.db, { side: 'ask', instrumentId: q.id, userId: middle.id, priceCents: 100, shares: 25 });
    addTrade(server.db, { instrumentId: p.id, buyerId: rich.id, sellerId: poor.id, shares: 10, priceCents: 200, at: clock - 1 });
    addTrade(server.db, { instrumentId: p.id, buyerId: rich.id, sellerId: poor.id, shares: 10, priceCents: 100, at: clock - 2 });
    addTrade(server.db, { instrumentId: q.id, buyerId: middle.id, sellerId: null, shares: 50, priceCents: 100, at: clock - 3 });
    addTrade(server.db, { instrumentId: q.id, buyerId: middle.id, sellerId: poor.id, shares: 1, priceCents: 9_999, at: clock - 2 * DAY });

    const board = await api<LeaderboardRowOut[]>(server.url, 'GET', '/leaderboard');
    expect(board.status).toBe(200);
    expect(board.body).toHaveLength(10);
    // The open markets still sell: every share is worth $1.00, whatever the last trades between users said.
    expect(board.body.slice(0, 3)).toEqual([
      { rank: 1, tied: false, userId: rich.id, username: rich.username, avatar: null, portfolioValue: 80_001_000, cashBalance: 80_000_000, shareValue: 1_000 },
      {
        rank: 2,
        tied: false,
        userId: middle.id,
        username: middle.username,
        avatar: null,
        portfolioValue: 80_000_050,
        cashBalance: 80_000_000 - 25,
        shareValue: 50,
      },
      { rank: 3, tied: false, userId: poor.id, username: poor.username, avatar: null, portfolioValue: 80_000_010, cashBalance: 80_000_000, shareValue: 10 },
    ]);
    // Members without shares share fourth place, listed by id.
    expect(board.body.slice(3).map((r) => [r.rank, r.tied, r.userId])).toEqual(users.slice(3, 10).map((u) => [4, true, u.id]));

    const stats = await api<StatisticsOut>(server.url, 'GET', '/statistics');
    expect(stats.status).toBe(200);
    expect(stats.body.mostValuable).toEqual([{ id: p.id, name: p.name, team_name: expect.any(String), lowest_trade: 1, highest_trade: 2, avg_price: 1.5 }]);
    expect(stats.body.mostActive).toEqual([
      { id: p.id, name: p.name, team_name: expect.any(String), trade_count: 2, avg_price: 1.5 },
      { id: q.id, name: q.name, team_name: expect.any(String), trade_count: 1, avg_price: 1 },
    ]);
    expect(stats.body.mostShareholders).toEqual([
      { id: p.id, name: p.name, team_name: expect.any(String), holder_count: 2 },
      { id: q.id, name: q.name, team_name: expect.any(String), holder_count: 1 },
    ]);
    expect(stats.body.islands.map((r) => [r.id, r.holder_count])).toEqual([
      [q.id, 1],
      [p.id, 2],
    ]);
  });
});
