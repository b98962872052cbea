import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, type Control } from 'react-hook-form';
import { useLeague } from '../../../lib/league';
import { createLeagueForm, type CreateLeague, type CreateLeagueText } from '../../../lib/leagueForms';
import { useNavigateOutsideLeague } from '../../../lib/leagueLinks';
import { leaguePath } from '../../../lib/leaguePaths';
import { useLeaguesApi } from '../../../lib/leaguesApi';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { toast } from 'sonner';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field } from '../../../components/Field';
import { PendingButton } from '../../../components/PendingButton';
import { useCommand } from '../../../lib/useCommand';

type CreateControl = Control<CreateLeagueText, unknown, CreateLeague>;

function TextField({ control, name, ...props }: { control: CreateControl; name: keyof CreateLeagueText; label: string; hint: string; inputMode?: 'numeric' }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field
      {...props}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      autoComplete="off"
    />
  );
}

/** Create a league (name, optional starting cash); its creator runs it and is taken to its settings. */
export function CreateLeagueForm() {
  const api = useLeaguesApi();
  const { adopt } = useLeague();
  const navigate = useNavigateOutsideLeague();
  const form = useForm<CreateLeagueText, unknown, CreateLeague>({ resolver: zodResolver(createLeagueForm), defaultValues: { name: '', startingCash: '' } });
  const create = useCommand('leagues.create', api.create.mutationOptions());
  const serverFields = create.isError ? fieldErrors(create.error) : {};

  const onSubmit = (values: CreateLeague) => {
    create.submit(
      { name: values.name, ...(values.startingCash !== undefined ? { startingCash: values.startingCash } : {}) },
      {
        onSuccess: ({ league }) => {
          adopt(league);
          toast.success(`${league.name} is ready. Share its invite link to bring people in.`);
          void navigate(leaguePath(league.slug, '/settings'));
        },
      },
    );
  };

  return (
    <form className="card form-card league-create" onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="create-league">
      <TextField control={form.control} name="name" label="League name" hint={serverFields.name ?? '3 to 40 characters. You can change it later.'} />
      <TextField
        control={form.control}
        name="startingCash"
        label="Starting cash (optional)"
        inputMode="numeric"
        hint={serverFields.startingCash ?? 'In dollars, for every member. Leave it empty for the usual $80,000,000.'}
      />
      <ErrorMessage>{create.isError ? errorMessage(create.error, 'The league could not be created. Try again in a moment.') : null}</ErrorMessage>
      <div className="form-actions">
        <PendingButton type="submit" className="button" pending={create.pending} pendingLabel="Creating…">
          Create the league
        </PendingButton>
      </div>
    </form>
  );
}
