import type { UserRowsRepo } from '../../db/repos/user-rows.js';
import type { OrderBook } from '../../domain/orderbook/index.js';
import { keyOf, type InstrumentView } from '../../engine/read-models/instruments.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';
import { centsToDollars } from '../../shared/money.js';
import { DEPTH_LEVELS, SELL_QUEUE_SIZE } from '../../shared/limits.js';
import type { MarketDetail } from '../../shared/schemas/market.js';
import { PAGE_DEFAULT } from '../../shared/schemas/pages.js';
import { pageOf } from './pages.js';
import { holderRows, orderRows } from './rows.js';
import { toAsk, toOffer, toShareholder } from './shape.js';

type ItemDetail = Omit<MarketDetail, 'player' | 'trades'>;

/**
 * What a player's and a team's pages share: the first page of asks, offers and holders, the book's
 * depth by price, and the first sells a buy would meet, all from memory.
 */
export function itemDetail(m: ReadModels, users: UserRowsRepo, book: OrderBook | undefined, i: InstrumentView): ItemDetail {
  const key = keyOf(i.kind, i.id);
  const request = { limit: PAGE_DEFAULT };
  const asks = pageOf(
    request,
    (limit) => m.orders.page(key, 'ask', null, limit),
    (o) => [o.priceCents, o.seq, o.id],
  );
  const offers = pageOf(
    request,
    (limit) => m.orders.page(key, 'offer', null, limit),
    (o) => [o.priceCents, o.seq, o.id],
  );
  const holders = pageOf(
    request,
    (limit) => m.holdings.page(key, null, limit),
    (h) => [h.shares, h.userId],
  );
  const all = m.orders.offers(key);
  const depth = book?.depth(DEPTH_LEVELS) ?? { asks: [], sells: [] };
  const queue = book?.sellQueue(SELL_QUEUE_SIZE) ?? [];
  const names = users.names(queue.map((s) => s.userId));
  const level = (l: { price: number; shares: number; orders: number }) => ({ price: centsToDollars(l.price), shares: l.shares, orders: l.orders });
  return {
    asks: orderRows(m, users, asks.items).map(toAsk),
    offers: orderRows(m, users, offers.items).map(toOffer),
    shareholders: holderRows(users, holders.items).map((h) => toShareholder(h, i.totalShares)),
    priceRange:
      all.length > 0
        ? { min_price: centsToDollars(all[0]!.priceCents), max_price: centsToDollars(all[all.length - 1]!.priceCents) }
        : { min_price: null, max_price: null },
    depth: { bids: depth.asks.map(level), sells: depth.sells.map(level) },
    sellQueue: queue.map((s) => ({
      sellerId: s.userId,
      sellerUsername: names.get(s.userId) ?? '',
      shares: s.shares,
      price_per_share: centsToDollars(s.price),
      offerId: s.offerId,
    })),
    pages: { asks: asks.nextCursor, offers: offers.nextCursor, shareholders: holders.nextCursor },
    totals: { asks: m.orders.asks(key).length, offers: all.length, shareholders: m.holdings.holderCount(key) },
  };
}
