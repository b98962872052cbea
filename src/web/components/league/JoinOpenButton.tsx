import { toast } from 'sonner';
import { useLeague } from '../../lib/league';
import { useNavigateOutsideLeague } from '../../lib/leagueLinks';
import { leaguePath } from '../../lib/leaguePaths';
import { useLeaguesApi, type LeaguePublic } from '../../lib/leaguesApi';
import { errorMessage } from '../../lib/trpc';
import { PendingButton } from '../PendingButton';
import { useCommand } from '../../lib/useCommand';

/** Joins an open league (no invite link needed), then shows its market. */
export function JoinOpenButton({ league, className = 'button button-small' }: { league: LeaguePublic; className?: string }) {
  const api = useLeaguesApi();
  const { adopt } = useLeague();
  const navigate = useNavigateOutsideLeague();
  const join = useCommand('leagues.joinOpen', api.joinOpen.mutationOptions());
  const onJoin = () =>
    join.submit(
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
    <PendingButton className={className} onClick={onJoin} pending={join.pending}>
      Join<span className="sr-only"> {league.name}</span>
    </PendingButton>
  );
}
