import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { EmptyState } from '../EmptyState';
import { ErrorMessage } from '../ErrorMessage';
import { Loading } from '../Spinner';
import { AsksTable } from './AsksTable';
import { OffersTable } from './OffersTable';
import { LOAD_FAILED } from '../../../shared/texts';

/** "My orders": the user's open asks (bids, cash held) and offers (listings, shares held), each with Cancel. */
export function MyOrders() {
  const trpc = useTRPC();
  const orders = useQuery(trpc.market.myOrders.queryOptions());
  return (
    <section className="section" aria-labelledby="my-orders-title" id="my-orders">
      <h2 id="my-orders-title">My orders</h2>
      {orders.isPending ? (
        <Loading label="Loading your orders…" />
      ) : orders.isError ? (
        <ErrorMessage onRetry={() => void orders.refetch()}>{LOAD_FAILED.data}</ErrorMessage>
      ) : orders.data.asks.length === 0 && orders.data.offers.length === 0 ? (
        <EmptyState title="You have no open orders">
          <p>Bids that found no seller and shares you list for sale show here until they fill or you cancel them.</p>
        </EmptyState>
      ) : (
        <div className="stack">
          <div>
            <h3 className="subheading">My asks (bids to buy)</h3>
            {orders.data.asks.length === 0 ? (
              <p className="muted">No open asks.</p>
            ) : (
              <AsksTable asks={orders.data.asks} caption="My open asks" sellable={null} />
            )}
          </div>
          <div>
            <h3 className="subheading">My offers (shares for sale)</h3>
            {orders.data.offers.length === 0 ? <p className="muted">No open offers.</p> : <OffersTable offers={orders.data.offers} caption="My open offers" />}
          </div>
        </div>
      )}
    </section>
  );
}
