import { z } from 'zod';
import { instrumentType } from './market.js';
import { TRADE_REASONS } from '../instrument.js';

/**
 * "Take your data with you": one's transactions and portfolio, flat rows that are the same in the
 * JSON of the API and in the CSV the pages download. Money in dollars (2 decimals), times ISO.
 */

const int = z.number().int();
const count = z.number().int().nonnegative();
const dollars = z.number();
const isoTime = z.string();

export const transactionExportRow = z.object({
  tradeId: int,
  date: isoTime,
  itemType: instrumentType,
  itemId: int,
  /** The player's or team's name. */
  item: z.string(),
  /** The player's team, or the team itself. */
  team: z.string(),
  side: z.enum(['Bought', 'Sold']),
  shares: count,
  price: dollars,
  total: dollars,
  /** The other side's username, or "Market" for the open market. */
  counterparty: z.string(),
  /** `retirement`: the open market bought the shares back when the player retired; null for an ordinary trade. */
  reason: z.enum(TRADE_REASONS).nullable(),
  /** A sale's realized profit, kept when it happened; null for a purchase and for sales made before it was kept. */
  realizedProfit: dollars.nullable(),
});
export type TransactionExportRow = z.infer<typeof transactionExportRow>;

export const transactionsExport = z.object({
  userId: int,
  username: z.string(),
  exportedAt: isoTime,
  /** Every trade, newest first. */
  transactions: z.array(transactionExportRow),
});
export type TransactionsExport = z.infer<typeof transactionsExport>;

export const holdingExportRow = z.object({
  itemType: instrumentType,
  itemId: int,
  name: z.string(),
  /** The player's team, or the team's conference. */
  team: z.string(),
  shares: count,
  /** Shares in open offers (part of shares). */
  listedShares: count,
  averagePrice: dollars,
  /** The last price between users; null when never traded (the value is then what was paid). */
  currentPrice: dollars.nullable(),
  value: dollars,
  minSellPrice: dollars,
  /** Team shares bought in the last 7 days are locked until then; null for players. */
  lockedUntil: isoTime.nullable(),
});
export type HoldingExportRow = z.infer<typeof holdingExportRow>;

export const portfolioExport = z.object({
  userId: int,
  username: z.string(),
  exportedAt: isoTime,
  cash: dollars,
  /** Cash held in open asks. */
  escrow: dollars,
  shareValue: dollars,
  totalValue: dollars,
  /** Players, then teams, highest value first. */
  holdings: z.array(holdingExportRow),
});
export type PortfolioExport = z.infer<typeof portfolioExport>;
