import { leaguePath } from '../../../lib/leaguePaths';
import { Link } from '../../../lib/leagueLinks';
import { formatInteger } from '../../../lib/format';
import type { LeaguePublic } from '../../../lib/leaguesApi';
import { JoinOpenButton } from '../../../components/league/JoinOpenButton';

export interface LeagueRow extends LeaguePublic {
  isCommissioner?: boolean;
}

const members = (n: number) => (n === 1 ? '1 member' : `${formatInteger(n)} members`);

/** Leagues as a list of cards: the name leads to the league's market; `joinable` offers to join the open ones. */
export function LeagueList({
  leagues,
  shownId,
  testId,
  joinable = false,
}: {
  leagues: readonly LeagueRow[];
  shownId?: number | null;
  testId: string;
  joinable?: boolean;
}) {
  return (
    <ul className="league-list" data-testid={testId}>
      {leagues.map((league) => (
        <li key={league.id} className="league-card">
          <div className="league-card-main">
            <Link to={leaguePath(league.slug, '/market')} className="league-card-name">
              {league.name}
            </Link>
            <span className="league-card-facts">
              {members(league.memberCount)}
              {league.isDefault ? ' · everyone plays here' : league.open ? ' · open' : ' · invite-only'}
            </span>
          </div>
          <div className="league-card-tags">
            {league.id === shownId ? <span className="tag">Current</span> : null}
            {joinable && league.open ? <JoinOpenButton league={league} /> : null}
            {league.isCommissioner ? (
              <Link to={leaguePath(league.slug, '/settings')} className="button button-small button-secondary">
                Settings
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
