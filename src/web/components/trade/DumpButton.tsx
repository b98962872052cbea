import { useId, useState, type FormEvent } from 'react';
import { DUMP_PRICE_CENTS, formatCents } from '../../../shared/money';
import type { CommandResult } from '../../../shared/schemas/trading';
import type { InstrumentKind } from '../../../shared/instrument';
import { useDump } from '../../features/trade/api';
import { lockedText } from '../../features/trade/texts';
import { formatInteger } from '../../lib/format';
import { readDumpShares } from '../../lib/numbers';
import { Modal } from '../Modal';
import { PendingButton } from '../PendingButton';
import './trade.css';
import './DumpButton.css';

export interface DumpProps {
  itemType: InstrumentKind;
  itemId: number;
  itemName: string;
  /** The shares the user holds and may dump (unlisted, and unlocked for a team). */
  shares: number;
  /** A team holding's lock (ISO time), while it runs: the reason there is nothing to dump. */
  lockedUntil?: string | null;
  onDone?: (result: CommandResult) => void;
}

interface DumpButtonProps extends DumpProps {
  label?: string;
  buttonClassName?: string;
}

/**
 * A Dump button that asks how many shares, then sells them to the open market at $1.00 each. The
 * dialog stays open, its button locked and busy, until the server answers.
 */
export function DumpButton({ label = 'Dump', buttonClassName = 'button button-small button-danger', lockedUntil = null, ...props }: DumpButtonProps) {
  const [open, setOpen] = useState(false);
  const dump = useDump({
    onDone: (result) => {
      setOpen(false);
      props.onDone?.(result);
    },
  });
  const none = props.shares <= 0;
  const title = lockedUntil
    ? lockedText(lockedUntil)
    : none
      ? 'You have no unlisted shares to dump'
      : `Sell ${props.itemName} shares to the market at ${formatCents(DUMP_PRICE_CENTS)} each`;
  return (
    <>
      <PendingButton className={buttonClassName} onClick={() => setOpen(true)} disabled={none} pending={dump.pending} title={title} aria-haspopup="dialog">
        {label}
      </PendingButton>
      <Modal open={open} onClose={() => setOpen(false)} title={`Dump ${props.itemName}`} size="sm">
        <DumpPrompt
          held={props.shares}
          pending={dump.pending}
          onSubmit={(shares) => dump.submit({ instrument: { kind: props.itemType, id: props.itemId }, shares })}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}

/** How many shares to dump: typed ("1,000" is a thousand) or All; anything that is not a number of shares is refused with a message. */
function DumpPrompt({ held, pending, onSubmit, onCancel }: { held: number; pending: boolean; onSubmit: (shares: number) => void; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = text.trim() === '' ? null : readDumpShares(text, held);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const read = readDumpShares(text, held);
    if (!read.ok) return setRefusal(read.message);
    setRefusal(null);
    onSubmit(read.shares);
  };
  const hint =
    answer?.ok && answer.capped
      ? `You hold ${formatInteger(held)} you can dump: all ${formatInteger(held)} will be dumped.`
      : answer?.ok
        ? `You get ${formatCents(answer.shares * DUMP_PRICE_CENTS)}.`
        : 'More than you hold dumps all of them.';
  return (
    <form onSubmit={submit} className="trade-form dump-form" noValidate>
      <p className="dump-explain">
        Dumped shares go back to the open market at <strong>{formatCents(DUMP_PRICE_CENTS)}</strong> a share, at once. You hold{' '}
        <strong>{formatInteger(held)}</strong> you can dump.
      </p>
      <div className="field">
        <label htmlFor={id}>Shares to dump</label>
        <div className="input-row">
          <input
            id={id}
            name="dumpShares"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={formatInteger(Math.min(held, 1_000))}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setRefusal(null);
            }}
            aria-invalid={refusal !== null || undefined}
            aria-describedby={`${id}-hint`}
            data-autofocus
          />
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setText(formatInteger(held));
              setRefusal(null);
            }}
          >
            All ({formatInteger(held)})
          </button>
        </div>
        {refusal ? (
          <p id={`${id}-hint`} className="field-error" role="alert">
            {refusal}
          </p>
        ) : (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <PendingButton type="submit" className="button button-danger" pending={pending} pendingLabel="Dumping…">
          Dump shares
        </PendingButton>
      </div>
    </form>
  );
}
