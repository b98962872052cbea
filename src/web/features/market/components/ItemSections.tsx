import type { ReactNode } from 'react';
import type { MarketDetail } from '../../../lib/apiTypes';
import { bookDepth } from '../../../lib/orderBook';
import { useSession } from '../../../lib/session';
import { useMoreAsks, useMoreOffers } from '../../../lib/useMoreOf';
import { useSellable } from '../../../lib/useSellable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMore } from '../../../components/LoadMore';
import { AsksTable } from '../../../components/trade/AsksTable';
import { OffersTable } from '../../../components/trade/OffersTable';
import { OrderBookDepth } from './OrderBookDepth';
import { PriceHistory } from './PriceHistory';
import { TradesTable } from '../../../components/market/TradesTable';
import type { InstrumentKind } from '../../../../shared/instrument';

function Section({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

interface ItemSectionsProps {
  itemType: InstrumentKind;
  itemId: number;
  name: string;
  /** Open-market shares, a level of their own at $1.00. */
  openMarket: number;
  detail: Pick<MarketDetail, 'asks' | 'offers' | 'trades' | 'depth' | 'pages' | 'totals'>;
  /** A retired player: no book any more, only his history (price and trades). */
  retired?: boolean;
}

/**
 * The market sections of a player or team page: price history, order book depth (summed by the
 * server from the whole book), and the asks and offers a page at a time, then the trades.
 */
export function ItemSections({ itemType, itemId, name, openMarket, detail, retired = false }: ItemSectionsProps) {
  const { isLoggedIn } = useSession();
  const { sellable, locks } = useSellable();
  const depth = bookDepth(detail.depth, openMarket);
  const asks = useMoreAsks(itemType, itemId, detail.asks, detail.pages.asks);
  const offers = useMoreOffers(itemType, itemId, detail.offers, detail.pages.offers);
  const count = (shown: number, total: number) => (total > shown ? <p className="muted small">{`${shown} of ${total} shown`}</p> : null);
  return (
    <>
      <Section id="price-history" title="Price history">
        <PriceHistory trades={detail.trades} name={name} />
      </Section>
      {retired ? null : (
        <>
          <Section id="order-book" title="Order book depth">
            <OrderBookDepth bids={depth.bids} sells={depth.sells} />
          </Section>
          <Section id="active-asks" title="Active asks">
            {asks.items.length === 0 ? (
              <EmptyState title="No open asks">
                <p>Bids for {name} that found no seller wait here for holders to accept.</p>
              </EmptyState>
            ) : (
              <>
                <AsksTable asks={asks.items} caption={`Open asks for ${name}`} sellable={sellable} locks={locks} showItem={false} actions={isLoggedIn} />
                {count(asks.items.length, detail.totals.asks)}
                <LoadMore hasMore={asks.hasMore} loading={asks.loading} onMore={asks.onMore} what="asks" />
              </>
            )}
          </Section>
          <Section id="offers" title={itemType === 'team' ? 'Team shares for sale' : 'Shares for sale'}>
            {offers.items.length === 0 ? (
              <EmptyState title="No shares listed for sale">
                <p>Holders can list their {name} shares at their own price.</p>
              </EmptyState>
            ) : (
              <>
                <OffersTable offers={offers.items} caption={`Offers of ${name} shares`} showItem={false} />
                {count(offers.items.length, detail.totals.offers)}
                <LoadMore hasMore={offers.hasMore} loading={offers.loading} onMore={offers.onMore} what="offers" />
              </>
            )}
          </Section>
        </>
      )}
      <Section id="recent-trades" title="Recent trades">
        {detail.trades.length === 0 ? (
          <EmptyState title="No trades yet" />
        ) : (
          <TradesTable trades={detail.trades.slice(0, 20)} showItem={false} caption={`Recent trades of ${name}`} />
        )}
      </Section>
    </>
  );
}
