import type { Ask, Offer, Shareholder } from './apiTypes';
import { toCents } from './numbers';

/**
 * The sell side of a player's (or team's) book as the browser can see it (RULES.md, Matching):
 * the open market at $1.00, the offers, and every holder's standing sell (their unlisted shares at
 * their minimum sell price). Used for the buy preview and the depth table. Prices in cents here.
 */

export const OPEN_MARKET_CENTS = 100;

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
  /** Open offers, lowest price first, then oldest (as market.detail sends them). */
  offers: readonly Offer[];
  shareholders: readonly Shareholder[];
}

/** Every sell a buyer could meet, in the order the exchange fills them; `excludeUserId`'s own never. */
export function sellSources({ openMarket, offers, shareholders }: BookInput, excludeUserId: number | null): SellSource[] {
  const listed = new Map<number, number>();
  for (const o of offers) listed.set(o.sellerId, (listed.get(o.sellerId) ?? 0) + o.shares_offered);

  const others: (SellSource & { order: number })[] = [];
  offers.forEach((o, i) => {
    if (o.sellerId === excludeUserId) return;
    others.push({ kind: 'offer', seller: o.sellerUsername, userId: o.sellerId, shares: o.shares_offered, priceCents: toCents(o.price_per_share), order: i });
  });
  shareholders.forEach((h, i) => {
    if (h.user_id === excludeUserId) return;
    const unlisted = h.shares_owned - (listed.get(h.user_id) ?? 0);
    if (unlisted <= 0) return;
    // Standing sells after offers at the same price: their time is not shown to the browser.
    others.push({ kind: 'standing', seller: h.username, userId: h.user_id, shares: unlisted, priceCents: toCents(h.min_sell_price), order: offers.length + i });
  });
  others.sort((a, b) => a.priceCents - b.priceCents || a.order - b.order);

  const market: SellSource[] = openMarket > 0 ? [{ kind: 'market', seller: 'Market', userId: null, shares: openMarket, priceCents: OPEN_MARKET_CENTS }] : [];
  return [...market, ...others.map(({ order: _order, ...s }) => s)];
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

/** Sums orders by price: bids highest first, sells lowest first. */
function levels(entries: readonly { priceCents: number; shares: number }[], descending: boolean): DepthLevel[] {
  const byPrice = new Map<number, DepthLevel>();
  for (const e of entries) {
    const level = byPrice.get(e.priceCents) ?? { priceCents: e.priceCents, shares: 0, orders: 0 };
    level.shares += e.shares;
    level.orders += 1;
    byPrice.set(e.priceCents, level);
  }
  return [...byPrice.values()].sort((a, b) => (descending ? b.priceCents - a.priceCents : a.priceCents - b.priceCents));
}

/** The depth of the book: the asks (bids to buy) and the sells, each summed by price. */
export function bookDepth(asks: readonly Ask[], book: BookInput): { bids: DepthLevel[]; sells: DepthLevel[] } {
  return {
    bids: levels(
      asks.map((a) => ({ priceCents: toCents(a.price_per_share), shares: a.shares_available })),
      true,
    ),
    sells: levels(sellSources(book, null), false),
  };
}
