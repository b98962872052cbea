import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import './Spinner.css';

interface PendingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** From the first click until the answer: locked, busy, with a spinner. */
  pending: boolean;
  /** What the button says while pending ("Buying…"); its usual text otherwise. */
  pendingLabel?: ReactNode;
}

/** A button that writes something: locked with a visible pending state from the first click until the answer. */
export function PendingButton({ pending, pendingLabel, disabled, children, type = 'button', ...rest }: PendingButtonProps) {
  return (
    <button {...rest} type={type} disabled={disabled === true || pending} aria-busy={pending || undefined}>
      {pending ? <Spinner size="sm" /> : null}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
