import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLeague } from '../../lib/league';
import { useNavigateOutsideLeague } from '../../lib/leagueLinks';
import { leaguePath } from '../../lib/leaguePaths';
import { useLeaguesApi, type LeaguePublic } from '../../lib/leaguesApi';
import { errorMessage } from '../../lib/trpc';
import { Spinner } from '../Spinner';

/** Joins an open league (no invite link needed), then shows its market. */
export function JoinOpenButton({ league, className = 'button button-small' }: { league: LeaguePublic; className?: string }) {
  const api = useLeaguesApi();
  const { adopt } = useLeague();
  const navigate = useNavigateOutsideLeague();
  const join = useMutation(api.joinOpen.mutationOptions());
  const onJoin = () =>
    join.mutate(
      { leagueId: league.id },
      {
        onSuccess: ({ league: joined }) => {
          adopt(joined);
          toast.success(`Welcome to ${joined.name}!`);
          void navigate(leaguePath(joined.slug, '/market'));
        },
        onError: (error) => toast.error(errorMessage(error, 'You could not join the league. Try again in a moment.')),
      },
    );
  return (
    <button type="button" className={className} onClick={onJoin} disabled={join.isPending}>
      {join.isPending ? <Spinner size="sm" /> : null}
      Join<span className="sr-only"> {league.name}</span>
    </button>
  );
}
