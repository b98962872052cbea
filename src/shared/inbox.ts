import type { InstrumentKind } from './instrument.js';

/**
 * A member's inbox (docs/inbox.md): every notice they were sent in a league, kept 30 days. An entry
 * keeps its kind and figures; the server words it (the same words as its toast and push).
 */
export const INBOX_KINDS = ['orderFilled', 'outbid', 'newBid', 'retired', 'seasonEnded', 'passed', 'weeklyRecap'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** How long an entry is kept. */
export const INBOX_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
export const INBOX_PAGE_DEFAULT = 20;
export const INBOX_PAGE_MAX = 50;
/** At most this many holders (the largest) are told of a new best bid on what they hold. */
export const NEW_BID_HOLDERS = 50;

interface About {
  itemType: InstrumentKind;
  itemId: number;
  itemName: string;
}

/** What each kind of entry keeps (money in cents). */
export interface InboxData {
  orderFilled: About & { side: 'ask' | 'offer'; shares: number; priceCents: number; automatic: boolean; minSellPriceCents: number | null };
  outbid: About & { yourPriceCents: number; bestPriceCents: number };
  newBid: About & { bidderUsername: string; shares: number; priceCents: number };
  retired: About & { shares: number; priceCents: number };
  /** Notices the league words itself (a season's end with the member's finish, being passed, the weekly recap). */
  seasonEnded: { title: string; body: string; url: string };
  passed: { title: string; body: string; url: string };
  weeklyRecap: { title: string; body: string; url: string };
}

export type InboxEntryOf<K extends InboxKind> = { kind: K; userId: number; data: InboxData[K] };
export type NewInboxEntry = { [K in InboxKind]: InboxEntryOf<K> }[InboxKind];

/** The link of an entry (a toast's and a push notification's "see it in the inbox"). */
export const inboxEntryPath = (id: number) => `/inbox?entry=${id}`;
