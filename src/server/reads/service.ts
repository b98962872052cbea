import type { Db } from '../../db/client.js';
import { createMarketReadsRepo } from '../../db/repos/market-reads.js';
import { createPortfolioReadsRepo } from '../../db/repos/portfolio-reads.js';
import { createStatsReadsRepo } from '../../db/repos/stats-reads.js';
import { createTradeReadsRepo } from '../../db/repos/trade-reads.js';
import type {
  AskOut,
  LeaderboardRowOut,
  MarketDetail,
  MyOrders,
  OfferOut,
  PlayerOut,
  PortfolioOut,
  StatisticsOut,
  TradeOut,
  UserTradeOut,
} from '../../shared/schemas/market.js';
import { AppError } from '../errors.js';
import type { AppServices } from '../services.js';
import { toAsk, toLeaderboardRow, toOffer, toPlayer, toPortfolio, toShareholder, toStatistics, toTrade, toUserTrade } from './shape.js';

export const PLAYER_NOT_FOUND = 'Player not found';
export const USER_NOT_FOUND = 'User not found';
export const PLAYER_TRADES_SHOWN = 50;
export const USER_TRADES_SHOWN = 500;

/**
 * The read side of the market: each method is one procedure's answer, in API shape. Reads only;
 * every query is in the repositories. Callers have already checked who may read what.
 */
export function createReadService(db: Db, now: () => number) {
  const market = createMarketReadsRepo(db);
  const trades = createTradeReadsRepo(db);
  const portfolios = createPortfolioReadsRepo(db);
  const stats = createStatsReadsRepo(db);

  const activePlayer = (playerId: number, callerId: number | null) => {
    const row = market.player(playerId, callerId);
    if (!row) throw new AppError('NOT_FOUND', PLAYER_NOT_FOUND);
    return row;
  };

  return {
    players(callerId: number | null): PlayerOut[] {
      return market.players(callerId).map(toPlayer);
    },

    shareholders(playerId: number, callerId: number | null) {
      const player = activePlayer(playerId, callerId);
      return { player: toPlayer(player), shareholders: market.shareholders(playerId).map((h) => toShareholder(h, player.salary)) };
    },

    marketDetail(playerId: number, callerId: number | null): MarketDetail {
      const player = activePlayer(playerId, callerId);
      const offers = market.openOffers('player', playerId).map(toOffer);
      const prices = offers.map((o) => o.price_per_share);
      return {
        player: toPlayer(player),
        asks: market.openAsks('player', playerId).map(toAsk),
        offers,
        trades: trades.ofInstrument('player', playerId, PLAYER_TRADES_SHOWN).map(toTrade),
        shareholders: market.shareholders(playerId).map((h) => toShareholder(h, player.salary)),
        priceRange: prices.length > 0 ? { min_price: Math.min(...prices), max_price: Math.max(...prices) } : { min_price: null, max_price: null },
      };
    },

    offers(): OfferOut[] {
      return market.allOpenOffers().map(toOffer);
    },

    relevantAsks(userId: number): AskOut[] {
      return market.relevantAsks(userId).map(toAsk);
    },

    myOrders(userId: number): MyOrders {
      const rows = market.openOrdersOf(userId);
      return { asks: rows.filter((r) => r.side === 'ask').map(toAsk), offers: rows.filter((r) => r.side === 'offer').map(toOffer) };
    },

    portfolio(userId: number): PortfolioOut {
      const valuation = portfolios.portfolio(userId, now());
      if (!valuation) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      return toPortfolio(valuation);
    },

    recentTrades(limit: number): TradeOut[] {
      return trades.recent(limit).map(toTrade);
    },

    userTrades(userId: number): UserTradeOut[] {
      return trades.ofUser(userId, USER_TRADES_SHOWN).map((t) => toUserTrade(t, userId));
    },

    leaderboard(): LeaderboardRowOut[] {
      return stats.leaderboard().map(toLeaderboardRow);
    },

    statistics(): StatisticsOut {
      return toStatistics(stats.statistics(now()));
    },
  };
}
export type ReadService = ReturnType<typeof createReadService>;

/** The read service of these services. */
export function readsOf(services: AppServices): ReadService {
  return services.reads;
}
