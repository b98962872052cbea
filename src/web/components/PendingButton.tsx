import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Spinner } from './Spinner';
import './Spinner.css';

interface PendingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** From the first click until the answer: locked, busy, with a spinner. */
  pending: boolean;
  /** What the button says while pending ("Buying…"); its usual text otherwise. */
  pendingLabel?: ReactNode;
}

/**
 * A button that writes something: locked with a visible pending state from the first click until
 * the answer. The second click of a double-click (a click whose `detail` counts more than one) does
 * nothing either, even once unlocked: a quick answer can come back, and unlock the button, before
 * the second click of the same double-click lands.
 */
export function PendingButton({ pending, pendingLabel, disabled, children, type = 'button', onClick, ...rest }: PendingButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail > 1) {
      // A submit button's default is the form's submission: that is what is held back here.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button {...rest} type={type} onClick={click} disabled={disabled === true || pending} aria-busy={pending || undefined}>
      {pending ? <Spinner size="sm" /> : null}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
