import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useLeague } from '../../../lib/league';
import { renameLeagueForm, type RenameLeague } from '../../../lib/leagueForms';
import { useNavigateOutsideLeague } from '../../../lib/leagueLinks';
import { leaguePath } from '../../../lib/leaguePaths';
import { useLeaguesApi, type LeagueView } from '../../../lib/leaguesApi';
import { errorMessage } from '../../../lib/trpc';
import { Field } from '../../../components/Field';
import { PendingButton } from '../../../components/PendingButton';
import { Spinner } from '../../../components/Spinner';
import { useCommand } from '../../../lib/useCommand';
import { RANKING_LABEL, type Ranking } from '../../../../shared/ranking';

/** The commissioner's controls: the league's name, whether it is open to everyone, and what its leaderboard ranks by. */
export function LeagueDetailsForm({ league }: { league: LeagueView }) {
  return (
    <div className="league-details">
      <RenameForm league={league} />
      <OpenSwitch league={league} />
      <RankingChoice league={league} />
    </div>
  );
}

function useUpdate() {
  const api = useLeaguesApi();
  const { remember } = useLeague();
  return useCommand(
    'leagues.update',
    api.update.mutationOptions({
      onSuccess: ({ league }) => remember(league),
      onError: (error) => toast.error(errorMessage(error, 'The change was not saved. Try again in a moment.')),
    }),
  );
}

function RenameForm({ league }: { league: LeagueView }) {
  const update = useUpdate();
  const navigate = useNavigateOutsideLeague();
  const form = useForm<{ name: string }, unknown, RenameLeague>({ resolver: zodResolver(renameLeagueForm), values: { name: league.name } });
  const { field, fieldState } = useController({ control: form.control, name: 'name' });
  const onSubmit = ({ name }: RenameLeague) =>
    update.submit(
      { leagueId: league.id, name },
      {
        onSuccess: ({ league: renamed }) => {
          toast.success(`The league is now called ${renamed.name}.`);
          // A new name may come with a new address.
          if (renamed.slug !== league.slug) void navigate(leaguePath(renamed.slug, '/settings'), { replace: true });
        },
      },
    );
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="league-rename">
      <Field
        label="League name"
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
        hint="3 to 40 characters."
        autoComplete="off"
      />
      <PendingButton type="submit" className="button button-small" pending={update.pending} pendingLabel="Saving…" disabled={!form.formState.isDirty}>
        Save name
      </PendingButton>
    </form>
  );
}

function OpenSwitch({ league }: { league: LeagueView }) {
  const id = useId();
  const update = useUpdate();
  // The switch shows the asked-for state at once; it stays focusable (not disabled) while the server answers.
  const open = update.pending ? (update.variables?.open ?? league.open) : league.open;
  const toggle = () =>
    update.submit(
      { leagueId: league.id, open: !league.open },
      { onSuccess: ({ league: next }) => toast.success(next.open ? 'The league is now open: anyone can look at it.' : 'The league is now invite-only.') },
    );
  return (
    <div className="field league-open">
      <label className="league-switch">
        <input
          type="checkbox"
          role="switch"
          checked={open}
          onChange={toggle}
          aria-busy={update.pending || undefined}
          aria-describedby={`${id}-hint`}
          data-testid="league-open-switch"
        />
        <span className="league-switch-track" aria-hidden="true" />
        <span>Open league</span>
        {update.pending ? <Spinner size="sm" /> : null}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {open
          ? 'Anyone can look at its market and leaderboard and find it in the list of leagues. Only members can trade.'
          : 'Invite-only: only members can see its pages. People join with the invite link.'}
      </p>
    </div>
  );
}

const RANKING_HINT: Record<Ranking, string> = {
  netWorth: 'Cash, cash in open bids and shares: every dollar counts, so nobody wins by buying shares at any price.',
  shareValue: 'The value of shares only, as the original game ranked: cash left over does not count.',
};

/** What the league's leaderboard and season standings rank by (docs/rules.md §5); locked while the change is saved. */
function RankingChoice({ league }: { league: LeagueView }) {
  const id = useId();
  const update = useUpdate();
  const chosen = update.pending ? (update.variables?.ranking ?? league.ranking) : league.ranking;
  const choose = (ranking: Ranking) =>
    ranking !== league.ranking &&
    update.submit(
      { leagueId: league.id, ranking },
      { onSuccess: ({ league: next }) => toast.success(`The leaderboard now ranks by ${RANKING_LABEL[next.ranking].toLowerCase()}.`) },
    );
  return (
    <fieldset className="league-ranking" aria-describedby={`${id}-hint`} data-testid="league-ranking">
      <legend>Leaderboard ranks by</legend>
      {(['netWorth', 'shareValue'] as const).map((r) => (
        <label key={r} className="league-ranking-option">
          <input type="radio" name={`${id}-ranking`} value={r} checked={chosen === r} disabled={update.pending} onChange={() => choose(r)} />
          <span>
            <strong>{RANKING_LABEL[r]}</strong>
            {update.pending && update.variables?.ranking === r ? <Spinner size="sm" /> : null}
            <span className="field-hint">{RANKING_HINT[r]}</span>
          </span>
        </label>
      ))}
      <p id={`${id}-hint`} className="field-hint">
        Shown on the leaderboard; a season’s final standings use it too. Equal figures share a place.
      </p>
    </fieldset>
  );
}
