import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { refreshLeagues } from '../../../lib/league';
import { useLeaguesApi, type LeagueMember, type LeagueView } from '../../../lib/leaguesApi';
import { useSession } from '../../../lib/session';
import { formatDate } from '../../../lib/time';
import { errorMessage } from '../../../lib/trpc';
import { userPath } from '../../../lib/itemLinks';
import { Link } from '../../../lib/leagueLinks';
import { LOAD_FAILED } from '../../../../shared/texts';
import { Avatar } from '../../../components/Avatar';
import { QueryState } from '../../../components/QueryState';
import { ConfirmDialog } from '../../../components/league/ConfirmDialog';
import { useCommand } from '../../../lib/useCommand';

/** The league's members; the commissioner can remove anyone but themselves. */
export function LeagueMembers({ league }: { league: LeagueView }) {
  const api = useLeaguesApi();
  const { user } = useSession();
  const members = useQuery(api.members.queryOptions({ leagueId: league.id }));
  const [removing, setRemoving] = useState<LeagueMember | null>(null);

  return (
    <QueryState query={members} loading="Loading the members…" failed={LOAD_FAILED.data}>
      {(data) => (
        <>
          <ul className="member-list" data-testid="league-members">
            {data.members.map((m) => (
              <li key={m.userId} className="member-row">
                <Avatar username={m.username} avatar={m.avatar} />
                <span className="member-main">
                  <Link to={userPath(m.userId)} className="member-name">
                    {m.username}
                  </Link>
                  <span className="member-facts">
                    {m.isCommissioner ? 'Commissioner · ' : ''}joined {formatDate(m.joinedAt)}
                  </span>
                </span>
                {league.isCommissioner && m.userId !== user?.id ? (
                  <button type="button" className="button button-small button-secondary" onClick={() => setRemoving(m)} aria-haspopup="dialog">
                    Remove<span className="sr-only"> {m.username}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          <RemoveMember league={league} member={removing} onClose={() => setRemoving(null)} />
        </>
      )}
    </QueryState>
  );
}

function RemoveMember({ league, member, onClose }: { league: LeagueView; member: LeagueMember | null; onClose: () => void }) {
  const api = useLeaguesApi();
  const queryClient = useQueryClient();
  const remove = useCommand('leagues.removeMember', api.removeMember.mutationOptions());
  const confirm = () => {
    if (!member) return;
    remove.submit(
      { leagueId: league.id, userId: member.userId },
      {
        onSuccess: ({ message }) => {
          onClose();
          toast.success(message || `${member.username} was removed from ${league.name}.`);
          void refreshLeagues(queryClient);
        },
        onError: (error) => toast.error(errorMessage(error, `${member.username} could not be removed. Try again in a moment.`)),
      },
    );
  };
  return (
    <ConfirmDialog
      open={member !== null}
      title={member ? `Remove ${member.username}?` : 'Remove member?'}
      confirmLabel={member ? `Remove ${member.username}` : 'Remove'}
      danger
      pending={remove.pending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>
        {member?.username} leaves {league.name}, and their open orders in this league are cancelled. Their shares stay in the league, on no leaderboard. Their
        account and their other leagues are not affected.
      </p>
      <p>They cannot join again, by the invite link or from the open leagues, until you let them back in from this page (Removed members).</p>
    </ConfirmDialog>
  );
}
