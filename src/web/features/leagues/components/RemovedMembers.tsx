import { singleClick } from '../../../components/PendingButton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { refreshLeagues } from '../../../lib/league';
import { useLeaguesApi, type LeagueView } from '../../../lib/leaguesApi';
import { formatDate } from '../../../lib/time';
import { useCommand } from '../../../lib/useCommand';
import { errorMessage } from '../../../lib/trpc';
import { LOAD_FAILED } from '../../../../shared/texts';
import { Avatar } from '../../../components/Avatar';
import { QueryState } from '../../../components/QueryState';
import { Spinner } from '../../../components/Spinner';

/**
 * Members the commissioner removed: they cannot join again, by the invite link or from the list of
 * open leagues, until the commissioner lets them back in here.
 */
export function RemovedMembers({ league }: { league: LeagueView }) {
  const api = useLeaguesApi();
  const queryClient = useQueryClient();
  const removed = useQuery(api.removed.queryOptions({ leagueId: league.id }));
  // Locked from the first click, with an idempotency key: a retried or doubled request lets them back in once.
  const readmit = useCommand('leagues.readmit', api.readmit.mutationOptions());
  const [chosen, setChosen] = useState<number | null>(null);
  const pending = readmit.pending ? chosen : null;

  const letBackIn = (userId: number, username: string) => {
    if (readmit.pending) return;
    setChosen(userId);
    readmit.submit(
      { leagueId: league.id, userId },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          void refreshLeagues(queryClient);
        },
        onError: (error) => toast.error(errorMessage(error, `${username} could not be let back in. Try again in a moment.`)),
      },
    );
  };

  return (
    <QueryState
      query={removed}
      loading="Loading the removed members…"
      failed={LOAD_FAILED.data}
      isEmpty={(data) => data.removed.length === 0}
      empty={<p className="muted">Nobody has been removed from {league.name}.</p>}
    >
      {(data) => (
        <>
          <p className="muted">They cannot join again, by the invite link or from the open leagues, until you let them back in.</p>
          <ul className="member-list" data-testid="league-removed">
            {data.removed.map((m) => (
              <li key={m.userId} className="member-row">
                <Avatar username={m.username} avatar={m.avatar} />
                <span className="member-main">
                  <span className="member-name">{m.username}</span>
                  <span className="member-facts">removed {formatDate(m.removedAt)}</span>
                </span>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  onClick={singleClick(() => letBackIn(m.userId, m.username))}
                  disabled={readmit.pending}
                  aria-busy={pending === m.userId}
                >
                  {pending === m.userId ? <Spinner size="sm" /> : null}
                  Let back in<span className="sr-only"> {m.username}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}
