import { Link } from '../../lib/leagueLinks';
import type { Offer } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { itemPath, userPath } from '../../lib/itemLinks';
import { useSession } from '../../lib/session';
import { OfferActions } from './OfferActions';
import { NumHeader } from '../table/NumHeader';

interface OffersTableProps {
  offers: readonly Offer[];
  caption: string;
  /** Show which player or team (off on the item's own page). */
  showItem?: boolean;
}

/** Shares listed for sale: item, seller, shares, price, total, and Buy / Cancel. */
export function OffersTable({ offers, caption, showItem = true }: OffersTableProps) {
  const { user } = useSession();
  return (
    <div className="table-wrap">
      <table className="table table-stack" data-testid="offers-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {showItem ? <th scope="col">Player / team</th> : null}
            {showItem ? <th scope="col">Team</th> : null}
            <th scope="col">Seller</th>
            <NumHeader>Shares</NumHeader>
            <NumHeader>Price</NumHeader>
            <NumHeader>Total</NumHeader>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => (
            <tr key={o.offerId} data-testid={`offer-${o.offerId}`}>
              {showItem ? (
                <td data-label="Player / team" className="stack-title">
                  <Link to={itemPath(o.itemType, o.itemId)} className="cell-strong">
                    {o.playerName}
                  </Link>
                  {o.itemType === 'team' ? <span className="tag">Team</span> : null}
                </td>
              ) : null}
              {showItem ? <td data-label="Team">{o.itemType === 'team' ? <span className="muted">—</span> : o.teamName}</td> : null}
              <td data-label="Seller">
                <Link to={userPath(o.sellerId)}>{o.sellerUsername}</Link>
                {o.sellerId === user?.id ? <span className="tag">You</span> : null}
              </td>
              <td className="num" data-label="Shares">
                {formatInteger(o.shares_offered)}
              </td>
              <td className="num" data-label="Price">
                {formatDollars(o.price_per_share)}
              </td>
              <td className="num stack-money" data-label="Total">
                {formatDollars(o.totalCost)}
              </td>
              <td data-label="Action" className="stack-actions">
                <OfferActions offer={o} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
