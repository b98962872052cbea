import { skipToken, useQuery } from '@tanstack/react-query';
import { useSession } from './session';
import { useTRPC } from './trpc';

/**
 * The counts on the navigation badges: shares for sale (every open offer) and offers for the user
 * (asks on their holdings), from one small query (market.counts) that the live feed refreshes. A
 * badge with 0 is hidden.
 */
export interface NavCounts {
  sharesForSale: number;
  offersForYou: number;
}

export function useNavCounts(): NavCounts {
  const trpc = useTRPC();
  const { user } = useSession();
  const counts = useQuery(trpc.market.counts.queryOptions(user ? undefined : skipToken));
  return { sharesForSale: counts.data?.sharesForSale ?? 0, offersForYou: counts.data?.offersForYou ?? 0 };
}
