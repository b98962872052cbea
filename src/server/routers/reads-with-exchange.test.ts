import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardRowOut, MarketDetail, PlayerOut, PortfolioOut, StatisticsOut, TradeOut, UserTradeOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

// The reads after real trades through the exchange (not rows written by hand).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the read side after trades through the exchange', () => {
  it('shows an open-market buy, an offer and a user-to-user fill everywhere they belong', async () => {
    const list = await api<PlayerOut[]>(server.url, 'GET', '/players');
    const player = [...list.body].sort((a, b) => a.salary - b.salary)[0]!;
    const seller = await registerUser(server.url);
    const buyer = await registerUser(server.url);
    const post = <T>(path: string, body: unknown, token: string) => api<T>(server.url, 'POST', path, body, token);

    expect((await post('/trade/ask', { userId: seller.id, playerId: player.id, shares: 1_000, pricePerShare: 1 }, seller.token)).status).toBe(200);
    const offer = await post<{ offer: { offerId: number } }>(
      '/offers',
      { userId: seller.id, playerId: player.id, shares: 100, pricePerShare: 3 },
      seller.token,
    );
    expect(offer.status).toBe(200);
    const offerId = offer.body.offer.offerId;
    expect((await post('/offers/accept', { buyerId: buyer.id, offerId, shares: 40 }, buyer.token)).status).toBe(200);

    const players = await api<PlayerOut[]>(server.url, 'GET', '/players', undefined, seller.token);
    expect(players.body.find((p) => p.id === player.id)).toMatchObject({
      shareholder_count: 2,
      owned: 960,
      last_trade_price: 3,
      // The open market still sells at $1.00: a trade between two users at $3.00 sets the last price, not what shares are worth.
      current_price: 1,
      total_distributed: 1_000,
      shares_remaining: player.salary - 1_000,
    });

    const detail = await api<MarketDetail>(server.url, 'GET', `/market/${player.id}`);
    expect(detail.body.offers.map((o) => [o.offerId, o.shares_offered, o.totalShares, o.price_per_share])).toEqual([[offerId, 60, 960, 3]]);
    expect(detail.body.priceRange).toEqual({ min_price: 3, max_price: 3 });
    expect(detail.body.trades.map((t) => [t.buyer_id, t.seller_id, t.shares_transferred, t.price_per_share])).toEqual([
      [buyer.id, seller.id, 40, 3],
      [seller.id, null, 1_000, 1],
    ]);
    expect(detail.body.shareholders.map((h) => [h.user_id, h.shares_owned])).toEqual([
      [seller.id, 960],
      [buyer.id, 40],
    ]);

    const mine = await api<PortfolioOut>(server.url, 'GET', `/portfolio/${seller.id}`);
    expect(mine.body).toMatchObject({
      balance: 80_000_000 - 1_000 + 120,
      escrow: 0,
      shareValue: 960,
      totalValue: 80_000_000 - 1_000 + 120 + 960,
      // Against the week's trades between users at $3.00.
      dailyChangePercent: -66.67,
    });
    expect(mine.body.players).toEqual([
      expect.objectContaining({
        player_id: player.id,
        shares_owned: 960,
        listed_shares: 60,
        average_buy_price: 1,
        current_price: 1,
        weekly_avg_price: 3,
        is_top_holder: true,
        value: 960,
      }),
    ]);
    const theirs = await api<PortfolioOut>(server.url, 'GET', `/portfolio/${buyer.id}`);
    expect(theirs.body.players[0]).toMatchObject({ shares_owned: 40, average_buy_price: 3, value: 40, is_top_holder: false });

    const trades = await api<UserTradeOut[]>(server.url, 'GET', `/trades/user/${seller.id}`, undefined, seller.token);
    expect(trades.body.map((t) => [t.side, t.shares_transferred, t.sellerUsername])).toEqual([
      ['Sold', 40, seller.username],
      ['Bought', 1_000, null],
    ]);
    const recent = await api<TradeOut[]>(server.url, 'GET', '/trades/recent');
    expect(recent.body.slice(0, 2).map((t) => t.playerId)).toEqual([player.id, player.id]);

    const board = await api<LeaderboardRowOut[]>(server.url, 'GET', '/leaderboard');
    expect(board.body.slice(0, 2).map((r) => [r.userId, r.shareValue])).toEqual([
      [seller.id, 960],
      [buyer.id, 40],
    ]);
    const stats = await api<StatisticsOut>(server.url, 'GET', '/statistics');
    expect(stats.body.mostValuable).toEqual([expect.objectContaining({ id: player.id, lowest_trade: 3, highest_trade: 3, avg_price: 3 })]);
    expect(stats.body.mostActive[0]).toMatchObject({ id: player.id, trade_count: 2 });
  });
});
