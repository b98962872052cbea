import { formatShares } from './counts.js';
import { formatCents } from './money.js';

/**
 * What a holder of a player who retired is told, in the toast and in the push notification alike
 * (docs/rules.md §7): "Amari Williams retired: 280,000 shares bought back at $1.00".
 */
export function retiredNotice(name: string, shares: number, priceCents: number): string {
  return `${name} retired: ${formatShares(shares)} bought back at ${formatCents(priceCents)}`;
}

/**
 * A notice for one member of one league (docs/chat.md, "Rivalry"): what the toast, the push
 * notification (for the kinds one can opt into) and an inbox show. One shape for every kind, so an
 * inbox can keep them all.
 */
export const NOTICE_KINDS = ['passed', 'weeklyRecap', 'seasonEnded'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  kind: NoticeKind;
  userId: number;
  leagueId: number;
  title: string;
  body: string;
  /** The page it is about (a path of the app). */
  url: string;
  /** When it happened, ISO. */
  at: string;
}
