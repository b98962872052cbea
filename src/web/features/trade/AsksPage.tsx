import { skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '../../lib/leagueLinks';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { PageTitle } from '../../components/PageTitle';
import { AsksTable } from '../../components/trade/AsksTable';
import type { Ask } from '../../lib/apiTypes';
import { nextPage, PAGE_SIZE, usePagedItems } from '../../lib/pagedList';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useSellable } from '../../lib/useSellable';
import { LOAD_FAILED, TITLE } from '../../../shared/texts';
import { QueryState } from '../../components/QueryState';

const asksOf = (page: { items: Ask[] }) => page.items;
const askId = (a: Ask) => a.askId;

/** /asks, "Offers For You": bids from other fans for shares you hold, to accept or decline. */
export default function AsksPage() {
  const trpc = useTRPC();
  const { user } = useSession();
  const asks = useInfiniteQuery(
    trpc.market.relevantAsks.infiniteQueryOptions(user ? { userId: user.id, limit: PAGE_SIZE } : skipToken, { getNextPageParam: nextPage }),
  );
  const items = usePagedItems(asks.data, asksOf, askId);
  const { sellable, locks, isPending: sellablePending } = useSellable();
  return (
    <>
      <PageTitle
        title={TITLE.offersForYou}
        subtitle="Bids other fans made for shares you hold: accept one to sell at its price."
        actions={
          <Link className="button button-secondary button-small" to="/offers#my-orders">
            My orders
          </Link>
        }
      />
      <QueryState
        query={asks}
        waitFor={sellablePending}
        loading="Loading offers for you…"
        failed={LOAD_FAILED.asks}
        isEmpty={() => items.length === 0}
        empty={
          <EmptyState title="No offers for you right now" action={<Link to="/market">Browse the market</Link>}>
            <p>When someone bids for shares you hold, the bid shows here.</p>
          </EmptyState>
        }
      >
        {() => (
          <>
            <AsksTable asks={items} caption="Offers for you" sellable={sellable} locks={locks} canDecline />
            <LoadMore hasMore={asks.hasNextPage} loading={asks.isFetchingNextPage} onMore={() => void asks.fetchNextPage()} what="offers for you" />
          </>
        )}
      </QueryState>
    </>
  );
}
