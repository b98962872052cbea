import type { InboxRow } from '../../db/repos/inbox.js';
import { formatShares } from '../../shared/counts.js';
import type { InboxData, InboxKind } from '../../shared/inbox.js';
import { formatCents } from '../../shared/money.js';
import { composeNotification } from '../push/messages.js';

/** An entry as a person reads it: what happened, in the words of its toast and push, and the page it is about. */
export interface InboxWords {
  title: string;
  body: string;
  url: string;
}

const item = (d: { itemType: 'player' | 'team'; itemId: number; itemName: string }) => ({ type: d.itemType, id: d.itemId, name: d.itemName });
const itemUrl = (d: { itemType: 'player' | 'team'; itemId: number }) => (d.itemType === 'player' ? `/market/${d.itemId}` : `/teams/${d.itemId}`);

type Worder<K extends InboxKind> = (data: InboxData[K], userId: number) => InboxWords;

const notice: Worder<'passed' | 'weeklyRecap' | 'seasonEnded'> = (d) => ({ title: d.title, body: d.body, url: d.url });

const WORDS: { [K in InboxKind]: Worder<K> } = {
  orderFilled: (d, userId) => {
    const { title, body } = composeNotification([
      {
        kind: 'orderFilled',
        userId,
        item: item(d),
        side: d.side,
        shares: d.shares,
        priceCents: d.priceCents,
        minSellPriceCents: d.automatic ? d.minSellPriceCents : null,
      },
    ]);
    return { title, body, url: itemUrl(d) };
  },
  outbid: (d, userId) => {
    const { title, body } = composeNotification([
      { kind: 'outbid', userId, item: item(d), yourPriceCents: d.yourPriceCents, bestPriceCents: d.bestPriceCents },
    ]);
    return { title, body, url: itemUrl(d) };
  },
  retired: (d, userId) => {
    const { title, body } = composeNotification([{ kind: 'retired', userId, item: item(d), shares: d.shares, priceCents: d.priceCents }]);
    return { title, body, url: itemUrl(d) };
  },
  newBid: (d) => ({
    title: `New bid: ${d.itemName}`,
    body: `${d.bidderUsername || 'A fan'} bids ${formatCents(d.priceCents)} a share for ${formatShares(d.shares)} of what you hold.`,
    url: itemUrl(d),
  }),
  seasonEnded: notice,
  passed: notice,
  weeklyRecap: notice,
};

/** The words of an entry (an entry of a kind this server no longer knows says so plainly). */
export function wordsOf(row: InboxRow, userId: number): InboxWords {
  const worder = WORDS[row.kind] as Worder<InboxKind> | undefined;
  if (!worder) return { title: 'Notice', body: '', url: '/inbox' };
  return worder(row.data as InboxData[InboxKind], userId);
}
