/**
 * The counts on the navigation badges: shares for sale (open offers the user can buy) and offers
 * for the user (asks on their holdings). Placeholder until the market routers exist: then this
 * hook reads them (and refreshes them on the asksUpdated / offersUpdated live events).
 * A badge with 0 is hidden.
 */
export interface NavCounts {
  sharesForSale: number;
  offersForYou: number;
}

const NONE: NavCounts = { sharesForSale: 0, offersForYou: 0 };

export function useNavCounts(): NavCounts {
  return NONE;
}
