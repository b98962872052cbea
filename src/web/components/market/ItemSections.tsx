import type { ReactNode } from 'react';
import type { Ask, ItemType, Offer, Trade } from '../../lib/apiTypes';
import { bookDepth, type BookInput } from '../../lib/orderBook';
import { useSession } from '../../lib/session';
import { useSellable } from '../../lib/useSellable';
import { EmptyState } from '../EmptyState';
import { AsksTable } from '../trade/AsksTable';
import { OffersTable } from '../trade/OffersTable';
import { OrderBookDepth } from './OrderBookDepth';
import { PriceHistory } from './PriceHistory';
import { TradesTable } from './TradesTable';

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
  itemType: ItemType;
  name: string;
  asks: readonly Ask[];
  offers: readonly Offer[];
  trades: readonly Trade[];
  book: BookInput;
}

/** The market sections of a player or team page: price history, order book depth, asks, offers, trades. */
export function ItemSections({ itemType, name, asks, offers, trades, book }: ItemSectionsProps) {
  const { isLoggedIn } = useSession();
  const { sellable } = useSellable();
  const depth = bookDepth(asks, book);
  return (
    <>
      <Section id="price-history" title="Price history">
        <PriceHistory trades={trades} name={name} />
      </Section>
      <Section id="order-book" title="Order book depth">
        <OrderBookDepth bids={depth.bids} sells={depth.sells} />
      </Section>
      <Section id="active-asks" title="Active asks">
        {asks.length === 0 ? (
          <EmptyState title="No open asks">
            <p>Bids for {name} that found no seller wait here for holders to accept.</p>
          </EmptyState>
        ) : (
          <AsksTable asks={asks} caption={`Open asks for ${name}`} sellable={sellable} showItem={false} actions={isLoggedIn} />
        )}
      </Section>
      <Section id="offers" title={itemType === 'team' ? 'Team shares for sale' : 'Shares for sale'}>
        {offers.length === 0 ? (
          <EmptyState title="No shares listed for sale">
            <p>Holders can list their {name} shares at their own price.</p>
          </EmptyState>
        ) : (
          <OffersTable offers={offers} caption={`Offers of ${name} shares`} showItem={false} />
        )}
      </Section>
      <Section id="recent-trades" title="Recent trades">
        {trades.length === 0 ? (
          <EmptyState title="No trades yet" />
        ) : (
          <TradesTable trades={trades.slice(0, 20)} showItem={false} caption={`Recent trades of ${name}`} />
        )}
      </Section>
    </>
  );
}
