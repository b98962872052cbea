import { Link } from '../../../lib/leagueLinks';
import type { Shareholder } from '../../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../../lib/format';
import { userPath } from '../../../lib/itemLinks';
import { useSession } from '../../../lib/session';
import { NumHeader } from '../../../components/table/NumHeader';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/**
 * Who holds shares: user (to the public portfolio), shares, percent owned, minimum sell price. A
 * retired player's holders at retirement have no minimum price any more: the column goes.
 */
export function ShareholdersTable({
  shareholders,
  caption,
  atRetirement = false,
}: {
  shareholders: readonly Shareholder[];
  caption: string;
  atRetirement?: boolean;
}) {
  const { user } = useSession();
  return (
    <div className="table-wrap">
      <table className="table table-stack" data-testid="shareholders-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <NumHeader>Shares</NumHeader>
            <NumHeader>Percent owned</NumHeader>
            {atRetirement ? <NumHeader>Bought back for</NumHeader> : <NumHeader>Min sell price</NumHeader>}
          </tr>
        </thead>
        <tbody>
          {shareholders.map((h) => (
            <tr key={h.user_id}>
              <td data-label="User" className="stack-title">
                <Link to={userPath(h.user_id)}>{h.username}</Link>
                {h.user_id === user?.id ? <span className="tag">You</span> : null}
              </td>
              <td className="num stack-money" data-label="Shares">
                {formatInteger(h.shares_owned)}
              </td>
              <td className="num" data-label="Percent owned">
                {percent.format(h.percent_owned)}%
              </td>
              {atRetirement ? (
                <td className="num" data-label="Bought back for">
                  {formatDollars(h.shares_owned * h.min_sell_price)}
                </td>
              ) : (
                <td className="num" data-label="Min sell price">
                  {formatDollars(h.min_sell_price)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
