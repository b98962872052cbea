import { Link } from '../../lib/leagueLinks';
import type { Ask } from '../../lib/apiTypes';
import { dollarsToCents, formatCents } from '../../../shared/money';
import { formatDollars, formatInteger } from '../../lib/format';
import { itemPath, userPath } from '../../lib/itemLinks';
import { formatDateTime } from '../../lib/time';
import { sellableKey } from '../../lib/useSellable';
import { AskActions } from './AskActions';
import { NumHeader } from '../table/NumHeader';

interface AsksTableProps {
  asks: readonly Ask[];
  caption: string;
  /** Shares of an ask's item the user could sell now, by `${askType}:${itemId}`; a missing key is 0. Null: unknown. */
  sellable: ReadonlyMap<string, number> | null;
  /** The user's team holdings locked now, by `${askType}:${itemId}` (why an ask cannot be accepted). */
  locks?: ReadonlyMap<string, string> | null;
  showItem?: boolean;
  canDecline?: boolean;
  /** Show the action column (logged in). */
  actions?: boolean;
}

/** Asks (bids to buy): item, asker, shares wanted, price, total, time, and Accept / Decline / Cancel. */
export function AsksTable({ asks, caption, sellable, locks = null, showItem = true, canDecline = false, actions = true }: AsksTableProps) {
  return (
    <div className="table-wrap">
      <table className="table table-stack" data-testid="asks-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {showItem ? <th scope="col">Player / team</th> : null}
            <th scope="col">Buyer</th>
            <NumHeader>Shares</NumHeader>
            <NumHeader>Price</NumHeader>
            <NumHeader>Total</NumHeader>
            <th scope="col">Posted</th>
            {actions ? <th scope="col">Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {asks.map((a) => (
            <tr key={a.askId} data-testid={`ask-${a.askId}`}>
              {showItem ? (
                <td data-label="Player / team" className="stack-title">
                  <Link to={itemPath(a.askType, a.itemId)} className="cell-strong">
                    {a.itemName}
                  </Link>
                  {a.askType === 'team' ? <span className="tag">Team</span> : <span className="muted small"> {a.teamName}</span>}
                </td>
              ) : null}
              <td data-label="Buyer">
                <Link to={userPath(a.userId)}>{a.askerUsername}</Link>
              </td>
              <td className="num" data-label="Shares">
                {formatInteger(a.shares_available)}
              </td>
              <td className="num" data-label="Price">
                {formatDollars(a.price_per_share)}
              </td>
              <td className="num stack-money" data-label="Total">
                {formatCents(dollarsToCents(a.price_per_share) * a.shares_available)}
              </td>
              <td data-label="Posted">
                <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
              </td>
              {actions ? (
                <td data-label="Action" className="stack-actions">
                  <AskActions
                    ask={a}
                    sellable={sellable ? (sellable.get(sellableKey(a.askType, a.itemId)) ?? 0) : null}
                    lockedUntil={locks?.get(sellableKey(a.askType, a.itemId)) ?? null}
                    canDecline={canDecline}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
