import '../../../components/seasons/seasons.css';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SEASON_TEXT } from '../../../../shared/schemas/seasons';
import { toast } from 'sonner';
import { seasonsApi } from '../../../lib/seasonsApi';
import { useSession } from '../../../lib/session';
import { Field } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { PendingButton } from '../../../components/PendingButton';
import { useCommand } from '../../../lib/useCommand';
import '../../../components/controls.css';

/**
 * Ends the league's current season (its commissioner; the default league's: an admin), behind a
 * confirmation that names the league and says what happens, with the league's name typed.
 */
export function SeasonEndCard({ league, season, onEnded }: { league: { id: number; name: string }; season: number; onEnded: (season: number) => void }) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The league's name typed as the server checks it; the button stays locked until it matches.
  const confirmForm = useMemo(
    () => z.object({ confirm: z.string().refine((text) => text.trim() === league.name, SEASON_TEXT.confirmMismatch) }),
    [league.name],
  );
  const form = useForm<z.infer<typeof confirmForm>>({ resolver: zodResolver(confirmForm), defaultValues: { confirm: '' } });
  const typed = useWatch({ control: form.control, name: 'confirm' });
  const end = useCommand('seasons.end', {
    mutationFn: ({ confirm, idempotencyKey }: { confirm: string; idempotencyKey?: string | undefined }) =>
      seasonsApi.end(league.id, confirm, season, token, idempotencyKey),
    onSuccess: (answer) => {
      setOpen(false);
      form.reset();
      toast.success(`Season ${answer.season.number} of ${league.name} has ended. Season ${answer.season.number + 1} starts now.`);
      void queryClient.invalidateQueries();
      onEnded(answer.season.number);
    },
    onError: (error: Error) => toast.error('The season could not be ended', { description: error.message }),
  });
  return (
    <section className="card season-end" aria-labelledby="season-end-title">
      <div>
        <h2 id="season-end-title">End season {season}</h2>
        <p className="muted">Archive the final standings and start season {season + 1} from the starting cash.</p>
      </div>
      <PendingButton className="button button-danger" onClick={() => setOpen(true)} pending={end.pending} aria-haspopup="dialog">
        End season {season}
      </PendingButton>
      <Modal open={open} onClose={() => setOpen(false)} title={`End season ${season} of ${league.name}?`} size="sm">
        <ul>
          <li>Trading in {league.name} pauses for a moment; every open ask and offer is cancelled and its escrow returned.</li>
          <li>The final standings, holdings, trades and statistics of season {season} are archived for good.</li>
          <li>
            Season {season + 1} starts: every member’s cash goes back to the starting cash, every share returns to the open market, and prices start empty.
          </li>
        </ul>
        <p>This cannot be undone.</p>
        <form onSubmit={form.handleSubmit(({ confirm }) => end.submit({ confirm }))} noValidate>
          <Field
            label={`Type “${league.name}” to confirm`}
            autoComplete="off"
            data-autofocus
            error={form.formState.errors.confirm?.message}
            {...form.register('confirm')}
          />
          <div className="acct-actions">
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <PendingButton type="submit" className="button button-danger" pending={end.pending} pendingLabel="Ending…" disabled={typed.trim() !== league.name}>
              End season {season}
            </PendingButton>
          </div>
        </form>
      </Modal>
    </section>
  );
}
