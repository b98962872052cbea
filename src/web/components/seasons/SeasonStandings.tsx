import './seasons.css';
import { Link } from '../../lib/leagueLinks';
import type { SeasonArchiveOut } from '../../../shared/schemas/seasons';
import { formatDollars, formatInteger } from '../../lib/format';
import { itemPath, userPath } from '../../lib/itemLinks';
import { FigureCells, FigureHeaders, MoreFigures } from '../standings/StandingFigures';
import { STANDING_COLUMNS } from '../../lib/standingColumns';
import { RankBadge } from '../RankBadge';
import '../figures.css';

type Standing = SeasonArchiveOut['standings'][number];

function Holdings({ row }: { row: Standing }) {
  if (row.holdings.length === 0) return <span className="muted">No shares</span>;
  return (
    <details>
      <summary>{row.holdings.length === 1 ? '1 holding' : `${formatInteger(row.holdings.length)} holdings`}</summary>
      <ul className="season-holdings">
        {row.holdings.map((h) => (
          <li key={`${h.itemType}:${h.itemId}`}>
            <Link to={itemPath(h.itemType, h.itemId)}>{h.name}</Link>: {formatInteger(h.shares)} × {formatDollars(h.price)} = {formatDollars(h.value)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** An ended season's final standings: every member, ranked by the league's rule as the leaderboard ranks, equal figures sharing a place. */
export function SeasonStandings({ archive, meId }: { archive: SeasonArchiveOut; meId?: number | undefined }) {
  const { season, standings } = archive;
  const columns = STANDING_COLUMNS[season.ranking];
  if (standings.length === 0) return <p className="muted">Nobody played season {season.number}.</p>;
  return (
    <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label={`Season ${season.number} final standings`}>
      <table className="table leaderboard-table season-standings">
        <caption className="sr-only">Season {season.number} final standings</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <FigureHeaders columns={columns} />
            <th scope="col" className="standing-more-col">
              Holdings
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((row) => (
            <tr key={row.userId} className={row.userId === meId ? 'is-me' : undefined} data-testid="season-standing">
              <td>
                <RankBadge rank={row.rank} tied={row.tied} />
              </td>
              <th scope="row">
                <Link className="leader-username" to={userPath(row.userId)}>
                  {row.username}
                </Link>
                <MoreFigures columns={columns} figures={row}>
                  <Holdings row={row} />
                </MoreFigures>
              </th>
              <FigureCells columns={columns} figures={row} />
              <td className="standing-more-col">
                <Holdings row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
