import type { MarketPlayerRow, OpenOrderRow, ShareholderRow } from '../../db/repos/market-reads.js';
import type { HoldingValuation, PortfolioValuation } from '../../db/repos/portfolio-reads.js';
import type { LeaderboardRow, StatisticsRows } from '../../db/repos/stats-reads.js';
import type { TradeRow } from '../../db/repos/trade-reads.js';
import { centsToDollars } from '../../shared/money.js';
import { splitOf, todayChange, unrealizedProfit } from '../../domain/market/pnl.js';
import type {
  AskOut,
  LeaderboardRowOut,
  OfferOut,
  PlayerOut,
  PortfolioOut,
  ShareholderOut,
  StatisticsOut,
  TradeOut,
  UserTradeOut,
} from '../../shared/schemas/market.js';

/**
 * The one place where read rows (integer cents, epoch ms) become API shapes (dollars, ISO strings,
 * the field names of docs/api.md §3 Fields).
 */

const dollars = centsToDollars;
const dollarsOrNull = (cents: number | null): number | null => (cents === null ? null : centsToDollars(cents));
const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

/** A player with its mark (docs/rules.md §5), the price its shares are valued at. */
export function toPlayer(row: MarketPlayerRow, markCents: number): PlayerOut {
  return {
    id: row.id,
    name: row.name,
    team_name: row.teamName,
    team_code: row.teamCode,
    salary: row.salary,
    total_shares: row.salary,
    shares_available: row.sharesRemaining,
    shares_remaining: row.sharesRemaining,
    total_distributed: row.salary - row.sharesRemaining,
    shareholder_count: row.shareholderCount,
    last_trade_price: dollarsOrNull(row.lastTradePriceCents),
    current_price: dollars(markCents),
    restricted_until: isoOrNull(row.restrictedUntil),
    owned: row.owned,
    retiredAt: isoOrNull(row.retiredAt ?? null),
  };
}

export function toShareholder(row: ShareholderRow, totalShares: number): ShareholderOut {
  return {
    user_id: row.userId,
    username: row.username,
    shares_owned: row.shares,
    min_sell_price: dollars(row.minSellPriceCents),
    percent_owned: totalShares > 0 ? (row.shares / totalShares) * 100 : 0,
  };
}

export function toAsk(row: OpenOrderRow): AskOut {
  return {
    ask_id: row.id,
    askId: row.id,
    askType: row.instrument,
    itemId: row.itemId,
    itemName: row.itemName,
    teamName: row.teamName,
    askerUsername: row.username,
    userId: row.userId,
    shares_available: row.sharesRemaining,
    price_per_share: dollars(row.priceCents),
    created_at: iso(row.createdAt),
  };
}

export function toOffer(row: OpenOrderRow): OfferOut {
  return {
    offerId: row.id,
    askType: row.instrument,
    itemType: row.instrument,
    itemId: row.itemId,
    playerName: row.itemName,
    teamName: row.teamName,
    sellerUsername: row.username,
    sellerId: row.userId,
    shares_offered: row.sharesRemaining,
    totalShares: row.holderShares,
    price_per_share: dollars(row.priceCents),
    totalCost: dollars(row.sharesRemaining * row.priceCents),
    created_at: iso(row.createdAt),
  };
}

export function toTrade(row: TradeRow): TradeOut {
  return {
    tradeId: row.id,
    itemType: row.instrument,
    itemId: row.itemId,
    playerId: row.itemId,
    playerName: row.itemName,
    teamName: row.teamName,
    buyer_id: row.buyerId,
    seller_id: row.sellerId,
    buyerUsername: row.buyerUsername,
    sellerUsername: row.sellerUsername,
    shares_transferred: row.shares,
    price_per_share: dollars(row.priceCents),
    total_value: dollars(row.shares * row.priceCents),
    created_at: iso(row.createdAt),
    reason: row.reason,
  };
}

/** A trade from `userId`'s point of view. */
export function toUserTrade(row: TradeRow, userId: number): UserTradeOut {
  const sold = row.buyerId !== userId;
  return { ...toTrade(row), side: sold ? 'Sold' : 'Bought', realized_profit: sold && row.realizedCents !== null ? dollars(row.realizedCents) : null };
}

/** A holding's unrealized profit at its mark (domain/market/pnl.ts). */
const unrealizedOf = (h: HoldingValuation) => unrealizedProfit(h, h.currentPriceCents);

function holdingPrices(h: HoldingValuation, percentOfPortfolio: number) {
  const unrealized = unrealizedOf(h);
  return {
    shares_owned: h.shares,
    listed_shares: h.listedShares,
    average_buy_price: dollars(h.averageBuyCents),
    current_price: dollars(h.currentPriceCents),
    weekly_avg_price: dollars(h.weeklyAvgCents),
    min_sell_price: dollars(h.minSellPriceCents),
    value: dollars(h.valueCents),
    unrealized_profit: dollars(unrealized.cents),
    unrealized_percent: unrealized.percent,
    today_change: dollars(todayChange(h.shares, h.currentPriceCents, h.weeklyAvgCents)),
    portfolio_percent: percentOfPortfolio / 100,
  };
}

/** A portfolio with its P&L: `realizedCents` is the season's realized profit. */
export function toPortfolio(v: PortfolioValuation, realizedCents: number): PortfolioOut {
  const holdings = [...v.players, ...v.teams];
  const parts = splitOf(holdings.map((h) => h.valueCents));
  const part = (i: number) => parts[i] ?? 0;
  return {
    userId: v.userId,
    username: v.username,
    avatar: v.avatar,
    balance: dollars(v.balanceCents),
    escrow: dollars(v.escrowCents),
    shareValue: dollars(v.shareValueCents),
    totalValue: dollars(v.totalValueCents),
    dailyChangePercent: v.dailyChangePercent,
    dailyChange: dollars(v.shareValueCents - v.shareValueAtWeeklyAvgCents),
    unrealizedProfit: dollars(holdings.reduce((sum, h) => sum + unrealizedOf(h).cents, 0)),
    realizedProfit: dollars(realizedCents),
    players: v.players.map((h, i) => ({
      player_id: h.playerId,
      name: h.name,
      team_name: h.teamName,
      salary: h.salary,
      is_top_holder: h.isTopHolder,
      ...holdingPrices(h, part(i)),
    })),
    teams: v.teams.map((h, i) => ({
      id: h.teamId,
      name: h.name,
      code: h.code,
      conference: h.conference,
      locked_until: iso(h.lockedUntil),
      ...holdingPrices(h, part(v.players.length + i)),
    })),
  };
}

export function toLeaderboardRow(row: LeaderboardRow): LeaderboardRowOut {
  return {
    rank: row.rank,
    tied: row.tied ?? false,
    userId: row.userId,
    username: row.username,
    avatar: row.avatar,
    portfolioValue: dollars(row.totalValueCents),
    cashBalance: dollars(row.balanceCents),
    shareValue: dollars(row.shareValueCents),
  };
}

export function toStatistics(s: StatisticsRows): StatisticsOut {
  return {
    mostValuable: s.mostValuable.map((r) => ({
      id: r.id,
      name: r.name,
      team_name: r.teamName,
      lowest_trade: dollars(r.lowCents),
      highest_trade: dollars(r.highCents),
      avg_price: dollars(r.avgCents),
    })),
    mostActive: s.mostActive.map((r) => ({ id: r.id, name: r.name, team_name: r.teamName, trade_count: r.tradeCount, avg_price: dollars(r.avgCents) })),
    mostShareholders: s.mostShareholders.map((r) => ({ id: r.id, name: r.name, team_name: r.teamName, holder_count: r.holderCount })),
    islands: s.islands.map((r) => ({ id: r.id, name: r.name, team_name: r.teamName, holder_count: r.holderCount })),
  };
}
