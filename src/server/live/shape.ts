import type { PublishedEvent, TradeEvent } from '../../engine/events.js';
import type { LiveEventBody, LiveTrade } from '../../shared/live.js';
import { centsToDollars } from '../../shared/money.js';

/** A trade as the live feed sends it. */
export function liveTrade(t: TradeEvent): LiveTrade {
  return {
    tradeId: t.tradeId,
    itemType: t.itemType,
    playerId: t.itemId,
    playerName: t.itemName,
    teamCode: t.teamCode,
    buyer_id: t.buyerId,
    seller_id: t.sellerId,
    buyerUsername: t.buyerUsername,
    sellerUsername: t.sellerUsername,
    shares_transferred: t.shares,
    price_per_share: centsToDollars(t.priceCents),
    total_value: centsToDollars(t.shares * t.priceCents),
    created_at: new Date(t.at).toISOString(),
    reason: t.reason ?? null,
  };
}

/** The event's inbox entry, when it has one. */
const inbox = (event: { inboxId?: number }) => (event.inboxId === undefined ? {} : { inboxId: event.inboxId });

/** Any other event as `live.events` sends it. */
export function liveEvent(event: Exclude<PublishedEvent, { type: 'tradeCompleted' | 'offerPosted' }>): LiveEventBody {
  switch (event.type) {
    case 'portfolioUpdated':
      return { type: 'portfolioUpdated' };
    case 'leagueUpdated':
      return { type: 'leagueUpdated' };
    case 'orderFilled':
      return {
        type: 'orderFilled',
        side: event.side,
        orderId: event.orderId,
        automatic: event.automatic,
        min_sell_price: event.minSellPriceCents === null ? null : centsToDollars(event.minSellPriceCents),
        itemType: event.itemType,
        itemId: event.itemId,
        itemName: event.itemName,
        shares: event.shares,
        price_per_share: centsToDollars(event.priceCents),
        ...inbox(event),
      };
    case 'outbid':
      return {
        type: 'outbid',
        itemType: event.itemType,
        itemId: event.itemId,
        itemName: event.itemName,
        your_price: centsToDollars(event.yourPriceCents),
        best_price: centsToDollars(event.bestPriceCents),
        ...inbox(event),
      };
    case 'notice':
      return { type: 'notice', notice: event.notice, ...inbox(event) };
    case 'playerRetired':
      return {
        type: 'playerRetired',
        itemType: 'player',
        itemId: event.itemId,
        itemName: event.itemName,
        shares: event.shares,
        price_per_share: centsToDollars(event.priceCents),
        total_value: centsToDollars(event.shares * event.priceCents),
        retired_at: new Date(event.at).toISOString(),
        ...inbox(event),
      };
    default:
      return { type: event.type, itemType: event.itemType, itemId: event.itemId };
  }
}
