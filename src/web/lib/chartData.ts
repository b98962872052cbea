import type { Trade } from './apiTypes';

export interface PricePoint {
  /** Seconds since the epoch (the chart's UTCTimestamp). */
  time: number;
  /** The last price in that second, dollars. */
  price: number;
  /** Shares traded in that second. */
  volume: number;
}

/**
 * The price history of a player or team: trades between two users only (open-market buys and dumps
 * at $1.00 do not set the price, docs/rules.md §5 Prices and values), oldest first, one point per second (the chart needs
 * strictly increasing times): the last price of that second and the volume of all of them.
 */
export function pricePoints(trades: readonly Trade[]): PricePoint[] {
  const userTrades = trades
    .filter((t) => t.buyer_id !== null && t.seller_id !== null)
    .map((t) => ({ time: Math.floor(Date.parse(t.created_at) / 1000), id: t.tradeId, price: t.price_per_share, shares: t.shares_transferred }))
    .filter((t) => Number.isFinite(t.time))
    .sort((a, b) => a.time - b.time || a.id - b.id);
  const points: PricePoint[] = [];
  for (const t of userTrades) {
    const last = points[points.length - 1];
    if (last && last.time === t.time) {
      last.price = t.price;
      last.volume += t.shares;
    } else {
      points.push({ time: t.time, price: t.price, volume: t.shares });
    }
  }
  return points;
}
