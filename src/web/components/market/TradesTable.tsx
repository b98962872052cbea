import { Link } from '../../lib/leagueLinks';
import type { Trade } from '../../lib/apiTypes';
import type { LiveTrade } from '../../../shared/live';
import { formatDollars, formatInteger } from '../../lib/format';
import { itemPath } from '../../lib/itemLinks';
import { TRADE_REASON_LABELS } from '../../../shared/instrument';
import { formatDateTime } from '../../lib/time';
import { UserLink } from './UserLink';
import { NumHeader } from '../table/NumHeader';

interface TradesTableProps {
  trades: readonly (Trade | LiveTrade)[];
  /** Show the player or team of each trade (off on a player's own page). */
  showItem?: boolean;
  caption: string;
}

/** Trades, newest first: time, item, buyer, seller ('Market' for the open market), shares, price, total. */
export function TradesTable({ trades, showItem = true, caption }: TradesTableProps) {
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {showItem ? <th scope="col">Player / team</th> : null}
            <th scope="col">Buyer</th>
            <th scope="col">Seller</th>
            <NumHeader>Shares</NumHeader>
            <NumHeader>Price</NumHeader>
            <NumHeader>Total</NumHeader>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <tr key={t.tradeId}>
              <td data-label="Time">
                <time dateTime={t.created_at}>{formatDateTime(t.created_at)}</time>
              </td>
              {showItem ? (
                <td data-label="Player / team">
                  <Link to={itemPath(t.itemType, t.playerId)}>{t.playerName}</Link>
                  {t.itemType === 'team' ? <span className="tag">Team</span> : null}
                </td>
              ) : null}
              <td data-label="Buyer">
                <UserLink id={t.buyer_id} username={t.buyerUsername} />
                {t.reason ? <div className="cell-note">{TRADE_REASON_LABELS[t.reason]}</div> : null}
              </td>
              <td data-label="Seller">
                <UserLink id={t.seller_id} username={t.sellerUsername} />
              </td>
              <td className="num" data-label="Shares">
                {formatInteger(t.shares_transferred)}
              </td>
              <td className="num" data-label="Price">
                {formatDollars(t.price_per_share)}
              </td>
              <td className="num stack-money" data-label="Total">
                {formatDollars(t.total_value)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
