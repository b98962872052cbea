import type { Db } from '../../db/client.js';
import { createTradeReadsRepo } from '../../db/repos/trade-reads.js';
import { centsToDollars } from '../../shared/money.js';
import type { PortfolioExport, TransactionsExport } from '../../shared/schemas/exports.js';
import type { ReadService } from './service.js';

/** One's own data to take away: every transaction, and the portfolio's holdings with prices and values. */
export function createExportService(db: Db, reads: ReadService, now: () => number) {
  const trades = createTradeReadsRepo(db);
  return {
    transactions(user: { id: number; username: string }): TransactionsExport {
      return {
        userId: user.id,
        username: user.username,
        exportedAt: new Date(now()).toISOString(),
        transactions: trades.allOfUser(user.id).map((t) => {
          const bought = t.buyerId === user.id;
          return {
            tradeId: t.id,
            date: new Date(t.createdAt).toISOString(),
            itemType: t.instrument,
            itemId: t.itemId,
            item: t.itemName,
            team: t.teamName,
            side: bought ? 'Bought' : 'Sold',
            shares: t.shares,
            price: centsToDollars(t.priceCents),
            total: centsToDollars(t.shares * t.priceCents),
            counterparty: (bought ? t.sellerUsername : t.buyerUsername) ?? 'Market',
            reason: t.reason,
            realizedProfit: !bought && t.realizedCents !== null ? centsToDollars(t.realizedCents) : null,
          };
        }),
      };
    },

    portfolio(userId: number): PortfolioExport {
      const p = reads.portfolio(userId);
      return {
        userId: p.userId,
        username: p.username,
        exportedAt: new Date(now()).toISOString(),
        cash: p.balance,
        escrow: p.escrow,
        shareValue: p.shareValue,
        totalValue: p.totalValue,
        holdings: [
          ...p.players.map((h) => ({
            itemType: 'player' as const,
            itemId: h.player_id,
            name: h.name,
            team: h.team_name,
            shares: h.shares_owned,
            listedShares: h.listed_shares,
            averagePrice: h.average_buy_price,
            currentPrice: h.current_price,
            value: h.value,
            minSellPrice: h.min_sell_price,
            lockedUntil: null,
          })),
          ...p.teams.map((h) => ({
            itemType: 'team' as const,
            itemId: h.id,
            name: h.name,
            team: h.conference,
            shares: h.shares_owned,
            listedShares: h.listed_shares,
            averagePrice: h.average_buy_price,
            currentPrice: h.current_price,
            value: h.value,
            minSellPrice: h.min_sell_price,
            lockedUntil: h.locked_until,
          })),
        ],
      };
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
