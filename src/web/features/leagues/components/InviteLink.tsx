import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useLeague } from '../../../lib/league';
import { useLeaguesApi, type LeagueView } from '../../../lib/leaguesApi';
import { errorMessage } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { ConfirmDialog } from '../../../components/league/ConfirmDialog';
import { PendingButton } from '../../../components/PendingButton';
import '../../../components/controls.css';

/** The address that lets someone join the league. */
export function inviteUrl(code: string): string {
  return `${window.location.origin}/join/${encodeURIComponent(code)}`;
}

/** The league's invite link with a copy button; the commissioner can also replace it with a new one. */
export function InviteLink({ league }: { league: LeagueView }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const url = inviteUrl(league.inviteCode);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Invite link copied');
    } catch {
      // No clipboard access (an insecure page, or refused): select the text for a manual copy.
      field.current?.select();
      toast.info('Press Ctrl+C (or ⌘C) to copy the selected link');
    }
  };

  return (
    <div className="field invite-link">
      <label htmlFor={id}>Invite link</label>
      <div className="inline-form-row">
        <input ref={field} id={id} type="text" readOnly value={url} onFocus={(e) => e.target.select()} data-testid="invite-url" />
        <button type="button" className="button button-small button-secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="field-hint">Anyone with this link can join {league.name}.</p>
      {league.isCommissioner ? <NewInviteLink league={league} /> : null}
    </div>
  );
}

function NewInviteLink({ league }: { league: LeagueView }) {
  const api = useLeaguesApi();
  const { remember } = useLeague();
  const [asking, setAsking] = useState(false);
  const regenerate = useCommand('leagues.regenerateInviteCode', api.regenerateInviteCode.mutationOptions());
  const confirm = () =>
    regenerate.submit(
      { leagueId: league.id },
      {
        onSuccess: ({ league: renewed }) => {
          setAsking(false);
          remember(renewed);
          toast.success('New invite link made. The old one no longer works.');
        },
        onError: (error) => toast.error(errorMessage(error, 'No new link was made. Try again in a moment.')),
      },
    );
  return (
    <>
      <p>
        <PendingButton className="button button-small button-secondary" pending={regenerate.pending} onClick={() => setAsking(true)} aria-haspopup="dialog">
          New invite link
        </PendingButton>
      </p>
      <ConfirmDialog
        open={asking}
        title="Make a new invite link?"
        confirmLabel="Make a new link"
        pending={regenerate.pending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>The current link stops working: people who have it can no longer join with it. Members stay in the league.</p>
      </ConfirmDialog>
    </>
  );
}
