import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { MAX_SALARY } from '../../../../shared/limits';
import { updateSalaryInput } from '../../../../shared/schemas/admin';
import { ADMIN_TEXT } from '../../../../shared/texts';
import { PendingButton } from '../../../components/PendingButton';
import type { Player } from '../../../lib/apiTypes';
import { salaryChangeLines } from '../../../lib/contractPreview';
import { formatInteger } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { closeWhenAnswered, useAdminFeedback } from '../api/useAdminFeedback';
import { ContractDialog, PreviewLines } from './ContractDialog';
import '../../../components/controls.css';

/** The typed salary ("1,250,000", "$900000") read with the server's own rule; anything else is NaN, which it refuses. */
const salaryForm = z.object({
  newSalary: z
    .string()
    .transform((text) => {
      const digits = text.trim().replace(/[,_\s$]/g, '');
      return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
    })
    .pipe(updateSalaryInput.shape.newSalary),
});
type SalaryText = z.input<typeof salaryForm>;
type Salary = z.output<typeof salaryForm>;

const INVALID_SALARY = `Enter the new salary as a whole number of dollars from $1 to $${formatInteger(MAX_SALARY)}.`;

/** A player's new salary: checked as typed, then confirmed with the server's figures before it is sent. */
export function SalaryForm({ player }: { player: Player }) {
  const trpc = useTRPC();
  const id = useId();
  const form = useForm<SalaryText, unknown, Salary>({ resolver: zodResolver(salaryForm), defaultValues: { newSalary: '' } });
  // The salary waiting for confirmation.
  const [confirming, setConfirming] = useState<number | null>(null);
  const feedback = useAdminFeedback();
  const base = feedback(ADMIN_TEXT.salaryUpdated, ADMIN_TEXT.updateFailed);
  const update = useCommand(
    'admin.updateSalary',
    trpc.admin.updateSalary.mutationOptions({
      ...base,
      onSuccess: () => {
        base.onSuccess();
        form.reset();
      },
    }),
  );
  const onValid = ({ newSalary }: Salary) => {
    if (newSalary === player.salary) {
      toast.info(`${player.name}’s salary is already $${formatInteger(player.salary)}.`);
      return;
    }
    setConfirming(newSalary);
  };
  const onInvalid = () => toast.error(ADMIN_TEXT.updateFailed, { description: INVALID_SALARY });
  return (
    <form className="min-price-form" onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate>
      <label htmlFor={id} className="sr-only">
        New salary for {player.name}
      </label>
      <span className="min-price-input salary-input">
        <span aria-hidden="true">$</span>
        <input id={id} type="text" inputMode="numeric" autoComplete="off" placeholder={formatInteger(player.salary)} {...form.register('newSalary')} />
      </span>
      <PendingButton
        type="submit"
        className="button button-small"
        pending={update.pending}
        aria-label={`Update the salary of ${player.name}`}
        aria-haspopup="dialog"
      >
        Update
      </PendingButton>
      {confirming !== null ? (
        <ContractDialog
          title={`Change ${player.name}’s salary?`}
          confirmLabel="Change the salary"
          pending={update.pending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            update.submit(
              { id: player.id, newSalary: confirming },
              closeWhenAnswered(() => setConfirming(null)),
            )
          }
        >
          <p>
            From ${formatInteger(player.salary)} to ${formatInteger(confirming)}, in every league. Open orders on him and his team are cancelled and every
            holding is rescaled. This cannot be undone.
          </p>
          <PreviewLines playerId={player.id} newSalary={confirming} lines={salaryChangeLines} />
        </ContractDialog>
      ) : null}
    </form>
  );
}
