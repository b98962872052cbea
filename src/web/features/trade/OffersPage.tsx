import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '../../lib/leagueLinks';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { PageTitle } from '../../components/PageTitle';
import { MyOrders } from '../../components/trade/MyOrders';
import { OffersTable } from '../../components/trade/OffersTable';
import type { Offer } from '../../lib/apiTypes';
import { nextPage, PAGE_SIZE, usePagedItems } from '../../lib/pagedList';
import { useTRPC } from '../../lib/trpc';
import { LOAD_FAILED, TITLE } from '../../../shared/texts';
import { QueryState } from '../../components/QueryState';

const offersOf = (page: { items: Offer[] }) => page.items;
const offerId = (o: Offer) => o.offerId;

/** /offers, "Shares for Sale": every open offer of player and team shares, a page at a time, and the user's own orders. */
export default function OffersPage() {
  const trpc = useTRPC();
  const offers = useInfiniteQuery(trpc.market.offers.infiniteQueryOptions({ limit: PAGE_SIZE }, { getNextPageParam: nextPage }));
  const items = usePagedItems(offers.data, offersOf, offerId);
  return (
    <>
      <PageTitle
        title={TITLE.sharesForSale}
        subtitle="Shares other fans are selling, each at the price its seller set."
        actions={
          <a className="button button-secondary button-small" href="#my-orders">
            My orders
          </a>
        }
      />
      <QueryState
        query={offers}
        loading="Loading offers…"
        failed={LOAD_FAILED.offers}
        isEmpty={() => items.length === 0}
        empty={
          <EmptyState title="No shares for sale right now" action={<Link to="/market">Browse the market</Link>}>
            <p>When a fan lists shares for sale, they show here at once.</p>
          </EmptyState>
        }
      >
        {() => (
          <>
            <OffersTable offers={items} caption="Shares for sale" />
            <LoadMore hasMore={offers.hasNextPage} loading={offers.isFetchingNextPage} onMore={() => void offers.fetchNextPage()} what="offers" />
          </>
        )}
      </QueryState>
      <MyOrders />
    </>
  );
}
