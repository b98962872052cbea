import { skipToken, useQuery } from '@tanstack/react-query';
import { useLeague } from '../../lib/league';
import { Link } from '../../lib/leagueLinks';
import { seasonPath } from '../../lib/seasonsApi';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

/** A link to the seasons page of the shown league (the default league for a visitor); its commissioner ends seasons there. */
export function LeagueSeasonsLink() {
  const trpc = useTRPC();
  const { user } = useSession();
  const { league: shown, myLeagues } = useLeague();
  const listed = useQuery(trpc.leagues.browse.queryOptions(shown ? skipToken : undefined));
  const league = shown ?? listed.data?.leagues.find((l) => l.isDefault);
  if (!league) return null;
  const mine = myLeagues.find((l) => l.id === league.id);
  const runs = mine?.isCommissioner === true || (league.isDefault && user?.isAdmin === true);
  return (
    <Link to={seasonPath(league.slug)} className="button button-secondary">
      {runs ? 'Seasons' : 'Past seasons'}
    </Link>
  );
}
