import type { LiveEvent } from '../../shared/live';
import { formatShares } from '../../shared/counts';
import { CENTS_PER_DOLLAR } from '../../shared/money';
import { retiredNotice, type NoticeKind } from '../../shared/notices';
import { formatDollars } from './format';

/**
 * What the app shows about an order of the user's that someone filled. A sale the holder's minimum
 * sell price made says so: the holder listed no offer.
 */
export function orderFilledText(event: Extract<LiveEvent, { type: 'orderFilled' }>): string {
  const shares = formatShares(event.shares);
  const price = formatDollars(event.price_per_share);
  if (event.side === 'ask') return `Your ask for ${shares} of ${event.itemName} filled at ${price}`;
  if (!event.automatic || event.min_sell_price === null) return `Your offer of ${shares} of ${event.itemName} sold at ${price}`;
  const min = formatDollars(event.min_sell_price);
  return event.price_per_share === event.min_sell_price
    ? `Sold automatically at your minimum price of ${min}: ${shares} of ${event.itemName}`
    : `Sold automatically: ${shares} of ${event.itemName} at ${price}, above your minimum price of ${min}`;
}

/** What the app shows when someone bids more than the user's resting ask. */
export function outbidText(event: Extract<LiveEvent, { type: 'outbid' }>): string {
  return `You were outbid on ${event.itemName}: the best bid is now ${formatDollars(event.best_price)} (yours ${formatDollars(event.your_price)})`;
}

/** What the app shows when a player the user held retired and the open market bought the shares back. */
export function retiredText(event: Extract<LiveEvent, { type: 'playerRetired' }>): string {
  return retiredNotice(event.itemName, event.shares, Math.round(event.price_per_share * CENTS_PER_DOLLAR));
}

/** The button of a notice's toast, to the page it is about. */
export const NOTICE_LINK: Record<NoticeKind, string> = {
  passed: 'Leaderboard',
  weeklyRecap: 'Chat',
  seasonEnded: 'See the archive',
};
