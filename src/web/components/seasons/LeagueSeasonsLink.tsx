import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { seasonPath } from '../../lib/seasonsApi';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

/** A link to the seasons page of the session's league (the default league for a visitor); its commissioner ends seasons there. */
export function LeagueSeasonsLink() {
  const trpc = useTRPC();
  const { user } = useSession();
  const mine = useQuery(trpc.leagues.mine.queryOptions(user ? undefined : skipToken));
  const listed = useQuery(trpc.leagues.browse.queryOptions(user ? skipToken : undefined));
  const league = user ? mine.data?.leagues.find((l) => l.id === mine.data.currentLeagueId) : listed.data?.leagues.find((l) => l.isDefault);
  if (!league) return null;
  const runs = ('isCommissioner' in league && league.isCommissioner) || (league.isDefault && user?.isAdmin === true);
  return (
    <Link to={seasonPath(league.slug)} className="button button-secondary">
      {runs ? 'Seasons' : 'Past seasons'}
    </Link>
  );
}
