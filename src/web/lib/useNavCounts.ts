import { skipToken, useQuery } from '@tanstack/react-query';
import { useSession } from './session';
import { useTRPC } from './trpc';

/**
 * The counts on the navigation badges: shares for sale (every open offer, market.offers) and
 * offers for the user (asks on their holdings, market.relevantAsks). The live feed invalidates
 * both queries on asksUpdated / offersUpdated / portfolioUpdated, so the badges follow by
 * themselves. A badge with 0 is hidden.
 */
export interface NavCounts {
  sharesForSale: number;
  offersForYou: number;
}

const count = (list: readonly unknown[]) => list.length;

export function useNavCounts(): NavCounts {
  const trpc = useTRPC();
  const { user } = useSession();
  const offers = useQuery({ ...trpc.market.offers.queryOptions(user ? undefined : skipToken), select: count });
  const asks = useQuery({ ...trpc.market.relevantAsks.queryOptions(user ? { userId: user.id } : skipToken), select: count });
  return { sharesForSale: offers.data ?? 0, offersForYou: asks.data ?? 0 };
}
