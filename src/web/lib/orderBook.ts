import { SELL_QUEUE_SIZE } from '../../shared/limits';
import type { DepthLevelOut, QueuedSell } from './apiTypes';
import { dollarsToCents, OPEN_MARKET_PRICE_CENTS } from '../../shared/money';

/**
 * The sell side of a player's (or team's) book as the server describes it (docs/rules.md §4 Matching):
 * the open market at $1.00, then the offers and holders' standing sells (their unlisted shares at
 * their minimum sell price) in the order a buy takes them. Used for the buy preview and the depth
 * table. Prices in cents here.
 */

export interface SellSource {
  kind: 'market' | 'offer' | 'standing';
  /** Who sells: 'Market', or the holder's username. */
  seller: string;
  /** Null for the open market. */
  userId: number | null;
  shares: number;
  priceCents: number;
}

export interface BookInput {
  /** Open-market shares (shares_remaining). */
  openMarket: number;
  /** The first sells a buy would take, in order (the detail's sellQueue). */
  sellQueue: readonly QueuedSell[];
  /** The sells summed by price, cheapest first (the detail's depth), for what lies past the queue. */
  sellLevels: readonly DepthLevelOut[];
}

/**
 * Every sell a buyer could meet, in the order the exchange fills them; `excludeUserId`'s own never.
 * The server names the first SELL_QUEUE_SIZE; when there are more, the price levels past the last
 * one named stand for the rest.
 */
export function sellSources({ openMarket, sellQueue, sellLevels }: BookInput, excludeUserId: number | null): SellSource[] {
  const market: SellSource[] =
    openMarket > 0 ? [{ kind: 'market', seller: 'Market', userId: null, shares: openMarket, priceCents: OPEN_MARKET_PRICE_CENTS }] : [];
  const named: SellSource[] = sellQueue
    .filter((s) => s.sellerId !== excludeUserId)
    .map((s) => ({
      kind: s.offerId === null ? 'standing' : 'offer',
      seller: s.sellerUsername,
      userId: s.sellerId,
      shares: s.shares,
      priceCents: dollarsToCents(s.price_per_share),
    }));
  const last = sellQueue.length >= SELL_QUEUE_SIZE ? dollarsToCents(sellQueue[sellQueue.length - 1]!.price_per_share) : Infinity;
  const rest: SellSource[] = sellLevels
    .filter((l) => dollarsToCents(l.price) > last)
    .map((l) => ({
      kind: 'offer',
      seller: `${l.orders} more seller${l.orders === 1 ? '' : 's'}`,
      userId: null,
      shares: l.shares,
      priceCents: dollarsToCents(l.price),
    }));
  return [...market, ...named, ...rest];
}

export interface PreviewFill {
  kind: SellSource['kind'];
  seller: string;
  shares: number;
  priceCents: number;
  totalCents: number;
}

export interface BuyPreview {
  fills: PreviewFill[];
  filledShares: number;
  totalCents: number;
  /** Average price of the filled shares, in cents (fractional), or null when nothing fills. */
  averageCents: number | null;
  /** Shares that would rest as an ask at the bid price. */
  restingShares: number;
  /** The cheapest sell there is, or null with no supply at all. */
  cheapestCents: number | null;
}

/** Which sellers a buy of `shares` at up to `priceCents` would meet, cheapest first. */
export function previewBuy(sources: readonly SellSource[], shares: number, priceCents: number): BuyPreview {
  const fills: PreviewFill[] = [];
  let left = shares;
  let totalCents = 0;
  for (const s of sources) {
    if (left <= 0 || s.priceCents > priceCents) break;
    const n = Math.min(left, s.shares);
    fills.push({ kind: s.kind, seller: s.seller, shares: n, priceCents: s.priceCents, totalCents: n * s.priceCents });
    totalCents += n * s.priceCents;
    left -= n;
  }
  const filledShares = shares - left;
  return {
    fills,
    filledShares,
    totalCents,
    averageCents: filledShares > 0 ? totalCents / filledShares : null,
    restingShares: left,
    cheapestCents: sources.length > 0 ? Math.min(...sources.map((s) => s.priceCents)) : null,
  };
}

export interface DepthLevel {
  priceCents: number;
  shares: number;
  /** How many orders (or holders) make up the level. */
  orders: number;
}

/** A price level of the server's depth, in cents. */
const level = (l: DepthLevelOut): DepthLevel => ({ priceCents: dollarsToCents(l.price), shares: l.shares, orders: l.orders });

/** The depth of the book as the server sums it, with the open market as a level of its own at $1.00. */
export function bookDepth(
  depth: { bids: readonly DepthLevelOut[]; sells: readonly DepthLevelOut[] },
  openMarket: number,
): { bids: DepthLevel[]; sells: DepthLevel[] } {
  const sells = depth.sells.map(level);
  if (openMarket > 0) {
    const at = sells.findIndex((l) => l.priceCents >= OPEN_MARKET_PRICE_CENTS);
    const market = { priceCents: OPEN_MARKET_PRICE_CENTS, shares: openMarket, orders: 1 };
    if (at >= 0 && sells[at]!.priceCents === OPEN_MARKET_PRICE_CENTS)
      sells[at] = { priceCents: OPEN_MARKET_PRICE_CENTS, shares: sells[at]!.shares + openMarket, orders: sells[at]!.orders + 1 };
    else sells.splice(at < 0 ? sells.length : at, 0, market);
  }
  return { bids: depth.bids.map(level), sells };
}
