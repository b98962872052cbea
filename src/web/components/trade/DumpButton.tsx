import { useMutation } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import type { TradeResult } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { dumpShares } from '../../lib/numbers';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useTradeFeedback } from '../../lib/useTradeFeedback';
import { Modal } from '../Modal';
import { Spinner } from '../Spinner';
import { FAILED } from '../../../shared/texts';
import type { InstrumentKind } from '../../../shared/instrument';

/** docs/screens.md §4 Texts */
/** Open-market price of a dump (docs/rules.md §10 Limits and constants). */
const DUMP_PRICE = 1;

export interface DumpProps {
  itemType: InstrumentKind;
  itemId: number;
  itemName: string;
  /** The shares the user holds and may dump (unlisted, and unlocked for a team). */
  shares: number;
  onDone?: (result: TradeResult) => void;
}

/**
 * Dumping shares to the open market at $1.00 each. `dump(text)` applies docs/rules.md §11 Input to what the
 * user typed: empty, non-numeric or ≤ 0 does nothing (returns false); more than held is capped.
 * Toasts: the server's 'Shares dumped' / 'Team shares dumped', or the error text / 'Dump failed'.
 */
export function useDump({ itemType, itemId, shares, onDone }: DumpProps) {
  const trpc = useTRPC();
  const { user } = useSession();
  const feedback = useTradeFeedback();
  const options = feedback({ fallback: FAILED.dump, ...(onDone ? { onSuccess: onDone } : {}) });
  const player = useMutation(trpc.trading.dump.mutationOptions(options));
  const team = useMutation(trpc.teamTrading.dump.mutationOptions(options));
  const { mutate: dumpPlayer } = player;
  const { mutate: dumpTeam } = team;

  const dump = useCallback(
    (text: string | number): boolean => {
      const n = dumpShares(String(text), shares);
      if (n === null || !user) return false;
      if (itemType === 'team') dumpTeam({ userId: user.id, teamId: itemId, shares: n });
      else dumpPlayer({ userId: user.id, playerId: itemId, shares: n });
      return true;
    },
    [dumpPlayer, dumpTeam, itemId, itemType, shares, user],
  );
  return { dump, isPending: player.isPending || team.isPending };
}

interface DumpButtonProps extends DumpProps {
  label?: string;
  buttonClassName?: string;
}

/** A Dump button that asks how many shares (all by default), then dumps them at $1.00 each. */
export function DumpButton({ label = 'Dump', buttonClassName = 'button button-small button-danger', ...props }: DumpButtonProps) {
  const [open, setOpen] = useState(false);
  const { dump, isPending } = useDump(props);
  const none = props.shares <= 0;
  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        onClick={() => setOpen(true)}
        disabled={none || isPending}
        title={none ? 'You have no unlisted shares to dump' : `Sell ${props.itemName} shares to the market at ${formatDollars(DUMP_PRICE)} each`}
        aria-haspopup="dialog"
      >
        {isPending ? <Spinner size="sm" /> : null}
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Dump ${props.itemName}`} size="sm">
        <DumpPrompt
          held={props.shares}
          onSubmit={(text) => {
            dump(text);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}

function DumpPrompt({ held, onSubmit, onCancel }: { held: number; onSubmit: (text: string) => void; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState(String(held));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(text);
  };
  return (
    <form onSubmit={submit} className="trade-form">
      <p>
        Dumped shares go back to the open market at <strong>{formatDollars(DUMP_PRICE)}</strong> a share, at once. You hold{' '}
        <strong>{formatInteger(held)}</strong> you can dump.
      </p>
      <div className="field">
        <label htmlFor={id}>Shares to dump</label>
        <input
          id={id}
          name="dumpShares"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-autofocus
        />
        <p className="field-hint">More than you hold dumps all of them.</p>
      </div>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-danger">
          Dump shares
        </button>
      </div>
    </form>
  );
}
