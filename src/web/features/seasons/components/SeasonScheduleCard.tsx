import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { SEASON_TEXT } from '../../../../shared/schemas/seasons';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { newCommandKey } from '../../chat/api/commandKey';
import { scheduleSeason } from '../api/seasonsCalls';
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
 * it ends by itself (their own time zone), or none. The buttons wait for the answer; one key per
 * change makes a retry set it once.
 */
export function SeasonScheduleCard({ league, season, canSet }: Props) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newCommandKey);
  const form = useForm<ScheduleForm>({ resolver: zodResolver(scheduleForm), defaultValues: { endsAt: season.endsAt ? toLocalInput(season.endsAt) : '' } });
  const endsAt = useController({ control: form.control, name: 'endsAt' });
  const save = useMutation({
    mutationFn: (endsAt: string | null) => scheduleSeason(league.id, endsAt, token, key),
    onSuccess: (answer) => {
      setKey(newCommandKey());
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
        <form className={styles.form} onSubmit={form.handleSubmit((v) => save.mutate(new Date(v.endsAt).toISOString()))} noValidate>
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
            <button type="submit" className="button" disabled={save.isPending}>
              {save.isPending && save.variables !== null ? <Spinner size="sm" /> : null}
              {season.endsAt ? 'Change the end time' : 'Set the end time'}
            </button>
            {season.endsAt ? (
              <button type="button" className="button button-secondary" disabled={save.isPending} onClick={() => save.mutate(null)}>
                {save.isPending && save.variables === null ? <Spinner size="sm" /> : null}
                Clear it
              </button>
            ) : null}
          </div>
          <ErrorMessage>{save.isError ? save.error.message : null}</ErrorMessage>
        </form>
      ) : null}
    </section>
  );
}
