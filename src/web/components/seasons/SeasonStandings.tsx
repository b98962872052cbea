import './seasons.css';
import { Link } from '../../lib/leagueLinks';
import type { SeasonArchiveOut } from '../../../shared/schemas/seasons';
import { formatDollars, formatInteger } from '../../lib/format';
import { itemPath, userPath } from '../../lib/itemLinks';
import { NumHeader } from '../NumHeader';

type Standing = SeasonArchiveOut['standings'][number];

function Holdings({ row }: { row: Standing }) {
  if (row.holdings.length === 0) return <span className="muted">No shares</span>;
  return (
    <details>
      <summary>{row.holdings.length === 1 ? '1 holding' : `${row.holdings.length} holdings`}</summary>
      <ul className="season-holdings">
        {row.holdings.map((h) => (
          <li key={`${h.itemType}:${h.itemId}`}>
            <Link to={itemPath(h.itemType, h.itemId)}>{h.name}</Link>: {formatInteger(h.shares)} × {h.lastPrice === null ? 'cost' : formatDollars(h.lastPrice)}{' '}
            = {formatDollars(h.value)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** An ended season's final standings: every member, ranked by share value as the leaderboard ranks. */
export function SeasonStandings({ archive, meId }: { archive: SeasonArchiveOut; meId?: number | undefined }) {
  const { season, standings } = archive;
  if (standings.length === 0) return <p className="muted">Nobody played season {season.number}.</p>;
  return (
    <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label={`Season ${season.number} final standings`}>
      <table className="table table-stack leaderboard-table season-standings">
        <caption className="sr-only">Season {season.number} final standings</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <NumHeader>Share value</NumHeader>
            <NumHeader>Cash</NumHeader>
            <NumHeader>Total</NumHeader>
            <th scope="col">Holdings</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((row) => (
            <tr key={row.userId} className={row.userId === meId ? 'is-me' : undefined} data-testid="season-standing">
              <td data-label="Rank">
                <span className="rank">{row.rank}</span>
              </td>
              <td data-label="Player" className="stack-title">
                <Link to={userPath(row.userId)}>{row.username}</Link>
              </td>
              <td data-label="Share value" className="num strong">
                {formatDollars(row.shareValue)}
              </td>
              <td data-label="Cash" className="num">
                {formatDollars(row.cash)}
              </td>
              <td data-label="Total" className="num">
                {formatDollars(row.total)}
              </td>
              <td data-label="Holdings">
                <Holdings row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
