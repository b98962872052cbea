import { cents, centsToDollars, OPEN_MARKET_PRICE_CENTS } from '../../../shared/money';
import type { DepthLevelOut, MarketDetail, QueuedSell, TeamDetail } from '../../lib/apiTypes';
import type { SellSource } from '../../lib/orderBook';
import type { InstrumentKind } from '../../../shared/instrument';

/** What the buy form needs to know about a player or a team. */
export interface BuyTarget {
  itemType: InstrumentKind;
  id: number;
  name: string;
  /** Open-market shares at $1.00. */
  openMarket: number;
  /** Salary (player) or payroll (team): the total number of shares. */
  totalShares: number;
  /** The caller's shares. */
  owned: number;
  /** A drafted rookie: only holders of the rookie's team may buy until then. */
  restrictedUntil: string | null;
  /** The first sells a buy would take, in order, and the sells by price (for the preview). */
  sellQueue: readonly QueuedSell[];
  sellLevels: readonly DepthLevelOut[];
  priceRange: { min_price: number | null; max_price: number | null };
}

export function playerTarget(detail: MarketDetail): BuyTarget {
  const p = detail.player;
  return {
    itemType: 'player',
    id: p.id,
    name: p.name,
    openMarket: p.shares_remaining,
    totalShares: p.total_shares,
    owned: p.owned,
    restrictedUntil: p.restricted_until,
    sellQueue: detail.sellQueue,
    sellLevels: detail.depth.sells,
    priceRange: detail.priceRange,
  };
}

export function teamTarget(detail: TeamDetail): BuyTarget {
  const t = detail.team;
  return {
    itemType: 'team',
    id: t.id,
    name: t.name,
    openMarket: t.shares_remaining,
    totalShares: t.total_shares,
    owned: t.owned,
    restrictedUntil: null,
    sellQueue: detail.sellQueue,
    sellLevels: detail.depth.sells,
    priceRange: detail.priceRange,
  };
}

/** docs/rules.md §11 Input: the Max button fills in the remaining supply, or else salary minus owned. */
export function maxBuyShares(target: BuyTarget): number {
  return target.openMarket > 0 ? target.openMarket : Math.max(0, target.totalShares - target.owned);
}

/**
 * The prices of what is for sale to the buyer beside the open market, in cents: offers and holders'
 * standing sells at their minimum prices (`sources` from sellSources, which leaves out the buyer's
 * own); null when nothing is.
 */
export function forSaleRange(sources: readonly SellSource[]): { minCents: number; maxCents: number } | null {
  const prices = sources.filter((s) => s.kind !== 'market').map((s) => s.priceCents);
  return prices.length > 0 ? { minCents: Math.min(...prices), maxCents: Math.max(...prices) } : null;
}

/** The default price in dollars (the form's text): $1.00 while the open market has shares, else the cheapest sell there is, else $2.00. */
export function defaultBuyPrice(target: BuyTarget, sources: readonly SellSource[]): number {
  if (target.openMarket > 0) return centsToDollars(OPEN_MARKET_PRICE_CENTS);
  return centsToDollars(forSaleRange(sources)?.minCents ?? DEFAULT_ASK_PRICE_CENTS);
}

/** docs/rules.md §10 Limits and constants: the ask price range shown when nothing is for sale. */
export const DEFAULT_ASK_PRICE_CENTS = cents(200);

/** True while a drafted rookie is open to his team's shareholders only. */
export function isRestricted(target: { restrictedUntil: string | null }, now: number): boolean {
  return target.restrictedUntil !== null && Date.parse(target.restrictedUntil) > now;
}
