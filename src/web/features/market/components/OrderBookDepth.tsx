import type { CSSProperties } from 'react';
import { formatCents } from '../../../../shared/money';
import { formatInteger } from '../../../lib/format';
import type { DepthLevel } from '../../../lib/orderBook';
import { NumHeader } from '../../../components/table/NumHeader';
import './OrderBookDepth.css';

/** Price levels shown on each side. */
const LEVELS = 10;

interface OrderBookDepthProps {
  bids: readonly DepthLevel[];
  sells: readonly DepthLevel[];
}

/**
 * The depth of the book: bids (asks to buy) summed by price, best first, beside the sells (open
 * market, offers and holders' minimum sell prices) summed by price, cheapest first. Bars show
 * each level's size against the largest level.
 */
export function OrderBookDepth({ bids, sells }: OrderBookDepthProps) {
  const shownBids = bids.slice(0, LEVELS);
  const shownSells = sells.slice(0, LEVELS);
  const largest = Math.max(1, ...shownBids.map((l) => l.shares), ...shownSells.map((l) => l.shares));
  return (
    <div className="depth" data-testid="order-book">
      <DepthSide title="Bids (asks to buy)" side="bid" levels={shownBids} total={bids.length} largest={largest} empty="No bids." />
      <DepthSide title="Sells (offers, min. prices, market)" side="sell" levels={shownSells} total={sells.length} largest={largest} empty="Nothing for sale." />
    </div>
  );
}

interface DepthSideProps {
  title: string;
  side: 'bid' | 'sell';
  levels: readonly DepthLevel[];
  total: number;
  largest: number;
  empty: string;
}

function DepthSide({ title, side, levels, total, largest, empty }: DepthSideProps) {
  return (
    <div className={`depth-side depth-${side}`}>
      <h3 className="subheading">{title}</h3>
      {levels.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="table table-compact depth-table">
          <caption className="sr-only">{title}, by price</caption>
          <thead>
            <tr>
              <NumHeader>Price</NumHeader>
              <NumHeader>Shares</NumHeader>
              <NumHeader>Orders</NumHeader>
            </tr>
          </thead>
          <tbody>
            {levels.map((l) => (
              <tr key={l.priceCents} style={{ '--depth': `${Math.max(2, (l.shares / largest) * 100)}%` } as CSSProperties}>
                <td className="num depth-price">{formatCents(l.priceCents)}</td>
                <td className="num">{formatInteger(l.shares)}</td>
                <td className="num">{formatInteger(l.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > levels.length ? <p className="muted small">and {total - levels.length} more price levels</p> : null}
    </div>
  );
}
