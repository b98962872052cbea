import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { SEASON_TEXT } from '../../../../shared/schemas/seasons';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field } from '../../../components/Field';
import { PendingButton } from '../../../components/PendingButton';
import { seasonsApi } from '../../../lib/seasonsApi';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { useCommand } from '../../../lib/useCommand';
import { toLocalInput } from '../countdown';
import { SeasonCountdown } from './SeasonCountdown';
import styles from './SeasonScheduleCard.module.css';

/** The form's one field, read as the server will: a time in the future (the server checks again with its own clock). */
const scheduleForm = z.object({
  endsAt: z
    .string()
    .min(1, 'Choose a date and time')
    .refine((text) => !Number.isNaN(new Date(text).getTime()), SEASON_TEXT.endsAtFormat)
    .refine((text) => new Date(text).getTime() > Date.now(), SEASON_TEXT.endsAtPast),
});
type ScheduleForm = z.infer<typeof scheduleForm>;

interface Props {
  league: { id: number; name: string };
  season: { number: number; endsAt?: string | undefined };
  /** Whether the reader may set it (the commissioner; the default league's admins). */
  canSet: boolean;
}

/**
 * The running season's end time: a countdown for everyone; for the commissioner, the date and time
 * it ends by itself (their own time zone), or none. The buttons lock from the click until the
 * answer, and the change's idempotency key (`useCommand`) makes a retry set it once.
 */
export function SeasonScheduleCard({ league, season, canSet }: Props) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<ScheduleForm>({ resolver: zodResolver(scheduleForm), defaultValues: { endsAt: season.endsAt ? toLocalInput(season.endsAt) : '' } });
  const endsAt = useController({ control: form.control, name: 'endsAt' });
  const save = useCommand('seasons.schedule', {
    mutationFn: ({ endsAt, idempotencyKey }: { endsAt: string | null; idempotencyKey?: string | undefined }) =>
      seasonsApi.schedule(league.id, endsAt, token, idempotencyKey),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries();
      toast.success(
        answer.season.endsAt
          ? `Season ${answer.season.number} of ${league.name} ends by itself at ${formatDateTime(answer.season.endsAt)}.`
          : `Season ${answer.season.number} of ${league.name} has no end time: it ends when you end it.`,
      );
    },
  });
  if (!canSet && !season.endsAt) return null;
  return (
    <section className={`card ${styles.card}`} aria-labelledby="season-schedule-title" data-testid="season-schedule">
      <div className={styles.head}>
        <h2 id="season-schedule-title">Season {season.number}’s finale</h2>
        {season.endsAt ? (
          <p className={styles.when}>
            <SeasonCountdown endsAt={season.endsAt} /> <span className="muted">({formatDateTime(season.endsAt)})</span>
          </p>
        ) : (
          <p className="muted">No end time yet: the season ends when its commissioner ends it.</p>
        )}
      </div>
      {canSet ? (
        <form className={styles.form} onSubmit={form.handleSubmit((v) => save.submit({ endsAt: new Date(v.endsAt).toISOString() }))} noValidate>
          <Field
            type="datetime-local"
            label="Ends by itself at"
            hint="Your time zone. At that moment the season ends for everyone: orders are cancelled, the standings archived, the next season starts."
            error={endsAt.fieldState.error?.message}
            name={endsAt.field.name}
            value={endsAt.field.value}
            onChange={endsAt.field.onChange}
            onBlur={endsAt.field.onBlur}
          />
          <div className="form-actions">
            <PendingButton type="submit" className="button" pending={save.pending && save.variables?.endsAt !== null} disabled={save.pending}>
              {season.endsAt ? 'Change the end time' : 'Set the end time'}
            </PendingButton>
            {season.endsAt ? (
              <PendingButton
                className="button button-secondary"
                pending={save.pending && save.variables?.endsAt === null}
                disabled={save.pending}
                onClick={() => save.submit({ endsAt: null })}
              >
                Clear it
              </PendingButton>
            ) : null}
          </div>
          <ErrorMessage>{save.error instanceof Error ? save.error.message : null}</ErrorMessage>
        </form>
      ) : null}
    </section>
  );
}
