import { z } from 'zod';
import { id } from './common.js';
import { page, pageInput } from './pages.js';
import { INSTRUMENT_KINDS, TRADE_REASONS } from '../instrument.js';

/**
 * Inputs and outputs of the market's read calls (docs/api.md §3 Fields and §2 Paths). Field names are the original product's;
 * money is in dollars (integer cents / 100), shares are whole numbers, times are ISO strings.
 */

const int = z.number().int();
const count = z.number().int().nonnegative();
const dollars = z.number();
/** Dollars that may be negative (a loss, a fall). */
const signedDollars = z.number();
const isoTime = z.string();

export const instrumentType = z.enum(INSTRUMENT_KINDS);

// ── inputs ────────────────────────────────────────────────────────────────────────────────────

export const playerIdInput = z.object({ id: id('Player id') });
export const marketDetailInput = z.object({ playerId: id('Player id') });
export const userIdInput = z.object({ userId: id('User id') });

/** A page of a list (see pages.ts); the whole input may be left out. */
export const pageOnlyInput = z.object(pageInput).prefault({});
export const shareholdersInput = playerIdInput.extend(pageInput);
export const userPageInput = userIdInput.extend(pageInput);
/** A page of one player's or team's asks, offers or shareholders. */
export const itemPageInput = z.object({ itemType: instrumentType, itemId: id('Item id'), ...pageInput });
export const playerPageInput = z.object({ playerId: id('Player id'), ...pageInput });

export const RECENT_TRADES_DEFAULT = 10;
export const RECENT_TRADES_MAX = 50;
/** `limit` may come as a query string (`?limit=5`) from the REST shim. */
export const recentTradesInput = z
  .object({
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(RECENT_TRADES_MAX, `Limit must be at most ${RECENT_TRADES_MAX}`)
      .default(RECENT_TRADES_DEFAULT),
  })
  .prefault({});

// ── outputs ───────────────────────────────────────────────────────────────────────────────────

export const playerOut = z.object({
  id: int,
  name: z.string(),
  team_name: z.string(),
  team_code: z.string(),
  /** Salary in whole dollars: the player's total shares. */
  salary: count,
  total_shares: count,
  /** Open-market shares (sold at $1.00). */
  shares_available: count,
  shares_remaining: count,
  total_distributed: count,
  shareholder_count: count,
  /** The latest price between two users (SPEC's "Last Price"); null before the first. */
  last_trade_price: dollars.nullable(),
  /** The mark (docs/rules.md §5): the price every valuation uses. */
  current_price: dollars,
  /** A drafted rookie: until then only holders of the player's team may buy. */
  restricted_until: isoTime.nullable(),
  /** The caller's shares; 0 when not logged in. */
  owned: count,
  /** When the player retired (his shares were bought back at $1.00); null while he plays. */
  retiredAt: isoTime.nullable(),
});
export type PlayerOut = z.infer<typeof playerOut>;
export const playerList = z.array(playerOut);

/** `market.playersSince`: the version of the players list the client holds, if it holds one. */
export const playersSinceInput = z.object({ since: z.string().max(40, 'Version too long').optional() }).prefault({});
export const playersSinceResult = z.object({
  /** The version of the list now: what the client asks `since` next time. */
  version: z.string(),
  /** True: `rows` is the whole list; false: only the rows that changed since the version asked about. */
  full: z.boolean(),
  /** Rows as everyone sees them (`owned` 0). */
  rows: playerList,
  /** Every player the caller holds and their shares of each: `owned` of the list. */
  owned: z.array(z.tuple([int, count])),
});
export type PlayersSinceResult = z.infer<typeof playersSinceResult>;

export const shareholderOut = z.object({
  user_id: int,
  username: z.string(),
  shares_owned: count,
  min_sell_price: dollars,
  /** Shares owned / total shares × 100. */
  percent_owned: z.number(),
});
export type ShareholderOut = z.infer<typeof shareholderOut>;

export const shareholdersResult = z.object({
  player: playerOut,
  /** The first page, most shares first: `nextCursor` continues it (null when it is the whole list). */
  shareholders: z.array(shareholderOut),
  nextCursor: z.string().nullable(),
});
export const shareholderPage = page(shareholderOut);

/** A buyer's resting order (cash in escrow), shown to holders as an "offer for you". */
export const askOut = z.object({
  ask_id: int,
  askId: int,
  askType: instrumentType,
  itemId: int,
  itemName: z.string(),
  teamName: z.string(),
  askerUsername: z.string(),
  userId: int,
  shares_available: count,
  price_per_share: dollars,
  created_at: isoTime,
});
export type AskOut = z.infer<typeof askOut>;

/** A holder's listing ("Shares for Sale"). */
export const offerOut = z.object({
  offerId: int,
  askType: instrumentType,
  itemType: instrumentType,
  itemId: int,
  /** The player's name, or the team's for a team offer. */
  playerName: z.string(),
  teamName: z.string(),
  sellerUsername: z.string(),
  sellerId: int,
  shares_offered: count,
  /** The seller's total shares of the player or team. */
  totalShares: count,
  price_per_share: dollars,
  totalCost: dollars,
  created_at: isoTime,
});
export type OfferOut = z.infer<typeof offerOut>;

/** One fill. A null buyer or seller is the open market (the UI shows 'Market'). */
export const tradeOut = z.object({
  tradeId: int,
  itemType: instrumentType,
  itemId: int,
  /** The item id (a team's id for a team trade), under its name in docs/api.md §3 Fields. */
  playerId: int,
  /** The player's name, or the team's for a team trade. */
  playerName: z.string(),
  teamName: z.string(),
  buyer_id: int.nullable(),
  seller_id: int.nullable(),
  buyerUsername: z.string().nullable(),
  sellerUsername: z.string().nullable(),
  shares_transferred: count,
  price_per_share: dollars,
  total_value: dollars,
  created_at: isoTime,
  /** `retirement`: the open market bought a retiring player's shares back at $1.00; null for an ordinary trade. */
  reason: z.enum(TRADE_REASONS).nullable(),
});
export type TradeOut = z.infer<typeof tradeOut>;
export const tradeList = z.array(tradeOut);

export const userTradeOut = tradeOut.extend({
  side: z.enum(['Bought', 'Sold']),
  /** A sale's realized profit (docs/rules.md §5), kept when it happened; null for a purchase, and for sales made before it was kept. */
  realized_profit: dollars.nullable(),
});
export type UserTradeOut = z.infer<typeof userTradeOut>;
export const userTradeList = z.array(userTradeOut);

export const priceRangeOut = z.object({ min_price: dollars.nullable(), max_price: dollars.nullable() });

/** Shares and orders resting at one price. */
export const depthLevelOut = z.object({ price: dollars, shares: count, orders: count });
/** The book by price: bids (asks to buy) highest first, sells (offers and minimum sell prices) lowest first; the open market is shares_remaining at $1.00. */
export const depthOut = z.object({ bids: z.array(depthLevelOut), sells: z.array(depthLevelOut) });
/** A sell as a buy takes it, after the open market: an offer (offerId) or a holder's minimum sell price (offerId null). */
export const queuedSellOut = z.object({ sellerId: int, sellerUsername: z.string(), shares: count, price_per_share: dollars, offerId: int.nullable() });
/** Where the lists of a detail page continue, and how long they are. */
export const detailPagesOut = z.object({
  asks: z.string().nullable(),
  offers: z.string().nullable(),
  shareholders: z.string().nullable(),
});
export const detailTotalsOut = z.object({ asks: count, offers: count, shareholders: count });

export const marketDetailResult = z.object({
  player: playerOut,
  /** Open asks on the player, highest price first, then oldest: the first page. */
  asks: z.array(askOut),
  /** Open offers on the player, lowest price first, then oldest: the first page. */
  offers: z.array(offerOut),
  /** The latest 50 trades of the player. */
  trades: z.array(tradeOut),
  /** Most shares first: the first page (of a retired player: his holders at retirement, whose shares were bought back). */
  shareholders: z.array(shareholderOut),
  /** Lowest and highest price of the open offers; null when there are none (the UI shows $2.00). */
  priceRange: priceRangeOut,
  depth: depthOut,
  /** The first sells a buy would take, in order (for the buy preview). */
  sellQueue: z.array(queuedSellOut),
  /** The next page of each list (null when the first page holds it all). */
  pages: detailPagesOut,
  totals: detailTotalsOut,
});
export type MarketDetail = z.infer<typeof marketDetailResult>;

export const askList = z.array(askOut);
export const offerList = z.array(offerOut);
export const askPage = page(askOut);
export const offerPage = page(offerOut);
export const userTradePage = page(userTradeOut);

/** The navigation badges: every open offer ("Shares for Sale"), and the asks shown to the caller ("Offers For You"). */
export const countsResult = z.object({ sharesForSale: count, offersForYou: count });
export type CountsOut = z.infer<typeof countsResult>;
export const myOrdersResult = z.object({ asks: askList, offers: offerList });
export type MyOrders = z.infer<typeof myOrdersResult>;

export const portfolioPlayerOut = z.object({
  player_id: int,
  name: z.string(),
  team_name: z.string(),
  shares_owned: count,
  /** Shares in open offers (part of shares_owned). */
  listed_shares: count,
  average_buy_price: dollars,
  /** The mark (docs/rules.md §5): the price the holding is valued at. */
  current_price: dollars,
  /** Volume-weighted average of trades between users in the last 7 days, else the mark. */
  weekly_avg_price: dollars,
  min_sell_price: dollars,
  salary: count,
  /** The largest single shareholder of the player (ties: the lower user id). */
  is_top_holder: z.boolean(),
  /** shares × (mark − average buy price): the cost basis against the value at the mark. */
  unrealized_profit: signedDollars,
  /** Of the cost basis, to 2 decimals. */
  unrealized_percent: z.number(),
  /** Value at the mark against value at the weekly average price (as dailyChangePercent). */
  today_change: signedDollars,
  /** The holding's part of the share value, in percent to 2 decimals (all parts add up to 100). */
  portfolio_percent: z.number(),
  value: dollars,
});

export const portfolioTeamOut = z.object({
  id: int,
  name: z.string(),
  code: z.string(),
  conference: z.enum(['East', 'West']),
  shares_owned: count,
  listed_shares: count,
  min_sell_price: dollars,
  locked_until: isoTime,
  average_buy_price: dollars,
  /** The mark (docs/rules.md §5): the price the holding is valued at. */
  current_price: dollars,
  weekly_avg_price: dollars,
  /** shares × (mark − average buy price): the cost basis against the value at the mark. */
  unrealized_profit: signedDollars,
  /** Of the cost basis, to 2 decimals. */
  unrealized_percent: z.number(),
  /** Value at the mark against value at the weekly average price (as dailyChangePercent). */
  today_change: signedDollars,
  /** The holding's part of the share value, in percent to 2 decimals (all parts add up to 100). */
  portfolio_percent: z.number(),
  value: dollars,
});

export const portfolioResult = z.object({
  userId: int,
  username: z.string(),
  avatar: z.string().nullable(),
  /** Cash available. */
  balance: dollars,
  /** Cash held in open asks. */
  escrow: dollars,
  shareValue: dollars,
  /** balance + escrow + shareValue. */
  totalValue: dollars,
  dailyChangePercent: z.number(),
  /** Share value − value at weekly averages, in dollars (the daily change's amount). */
  dailyChange: signedDollars,
  /** Σ the holdings' unrealized profit. */
  unrealizedProfit: signedDollars,
  /** Σ realized profit of the current season's sales. */
  realizedProfit: signedDollars,
  players: z.array(portfolioPlayerOut),
  teams: z.array(portfolioTeamOut),
});
export type PortfolioOut = z.infer<typeof portfolioResult>;

export const leaderboardRowOut = z.object({
  /** The place by the league's ranking rule: equal figures share it. */
  rank: z.number().int().positive(),
  /** Another member has the same figure: the place is shared ("T-2"). */
  tied: z.boolean(),
  userId: int,
  username: z.string(),
  avatar: z.string().nullable(),
  /** Cash + escrowed cash + share value. */
  portfolioValue: dollars,
  cashBalance: dollars,
  shareValue: dollars,
});
export type LeaderboardRowOut = z.infer<typeof leaderboardRowOut>;
export const leaderboardResult = z.array(leaderboardRowOut);

const statPlayer = { id: int, name: z.string(), team_name: z.string() };
export const statisticsResult = z.object({
  mostValuable: z.array(z.object({ ...statPlayer, lowest_trade: dollars, highest_trade: dollars, avg_price: dollars })),
  mostActive: z.array(z.object({ ...statPlayer, trade_count: count, avg_price: dollars })),
  mostShareholders: z.array(z.object({ ...statPlayer, holder_count: count })),
  islands: z.array(z.object({ ...statPlayer, holder_count: count })),
});
export type StatisticsOut = z.infer<typeof statisticsResult>;

// ── the market at a glance ────────────────────────────────────────────────────────────────────

/** How many instruments each strip above the market table names. */
export const GLANCE_STRIP_SIZE = 5;

/** One player or team at a glance: its mark's 24-hour change and 7-day sparkline, its trades today and holders. */
export const glanceRowOut = z.object({
  kind: instrumentType,
  id: int,
  /** The mark now (dollars). */
  mark: dollars,
  /** The mark's change since 24 hours ago, in basis points (hundredths of a percent). */
  change_bp: int,
  /**
   * The mark in cents at each 4-hour step of the last 7 days (aligned on UTC), the last point being
   * now: at most 42. Empty when the mark did not move all week (a flat line at `mark`).
   */
  spark_cents: z.array(int),
  /** Trades in the last 24 hours. */
  trades_24h: count,
  /** Users who hold shares. */
  holder_count: count,
});
export type GlanceRowOut = z.infer<typeof glanceRowOut>;

/** An instrument named in a strip above the market table. */
export const glanceItemOut = z.object({
  kind: instrumentType,
  id: int,
  name: z.string(),
  /** The player's team's code, or the team's own. */
  team_code: z.string(),
  mark: dollars,
  change_bp: int,
  trades_24h: count,
  holder_count: count,
});
export type GlanceItemOut = z.infer<typeof glanceItemOut>;

/** `market.glance`: every active player and every team at a glance in one answer, and the strips above the table. */
export const marketGlanceOut = z.object({
  as_of: isoTime,
  rows: z.array(glanceRowOut),
  /** Most up since 24 hours ago, then most down (at most GLANCE_STRIP_SIZE each; none that did not move). */
  movers_up: z.array(glanceItemOut),
  movers_down: z.array(glanceItemOut),
  /** Most trades in the last 24 hours. */
  most_traded: z.array(glanceItemOut),
  /** Most holders in this league. */
  most_held: z.array(glanceItemOut),
});
export type MarketGlanceOut = z.infer<typeof marketGlanceOut>;
