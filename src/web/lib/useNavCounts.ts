import { skipToken, useQuery } from '@tanstack/react-query';
import { useSession } from './session';
import { useTRPC } from './trpc';

/**
 * The counts on the navigation badges: shares for sale (every open offer) and offers for the user
 * (asks on their holdings), from one small query (market.counts) that the live feed refreshes, and
 * the chat's unread items (chat.unread). A badge with 0 is hidden.
 */
export interface NavCounts {
  sharesForSale: number;
  offersForYou: number;
  /** Items of the league's chat the member has not read (counted up to 100). */
  chatUnread: number;
  /** Entries of the member's inbox not read yet (docs/inbox.md). */
  inboxUnread: number;
}

export function useNavCounts(): NavCounts {
  const trpc = useTRPC();
  const { user } = useSession();
  const counts = useQuery(trpc.market.counts.queryOptions(user ? undefined : skipToken));
  // The chat's live feed (features/chat) refreshes this one.
  const unread = useQuery({ ...trpc.chat.unread.queryOptions(user ? undefined : skipToken), staleTime: 30_000 });
  // Live events with an inbox entry refresh it (shared/live-plan.ts).
  const inbox = useQuery({ ...trpc.inbox.unread.queryOptions(user ? undefined : skipToken), staleTime: 30_000 });
  return {
    sharesForSale: counts.data?.sharesForSale ?? 0,
    offersForYou: counts.data?.offersForYou ?? 0,
    chatUnread: unread.data?.count ?? 0,
    inboxUnread: inbox.data?.unread ?? 0,
  };
}
