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
 * A click handler that does nothing on the second (or third…) click of a multi-click, a click
 * whose `detail` counts more than one: a quick answer can come back, and unlock a write button,
 * before the second click of the same double-click lands. For every button that writes.
 */
export function singleClick<E extends MouseEvent<HTMLElement>>(handler?: (event: E) => void): (event: E) => void {
  return (event) => {
    if (event.detail > 1) {
      // A submit button's default is the form's submission: that is what is held back here.
      event.preventDefault();
      return;
    }
    handler?.(event);
  };
}

/**
 * A button that writes something: locked with a visible pending state from the first click until
 * the answer; the second click of a double-click does nothing either, even once unlocked (`singleClick`).
 */
export function PendingButton({ pending, pendingLabel, disabled, children, type = 'button', onClick, ...rest }: PendingButtonProps) {
  return (
    <button {...rest} type={type} onClick={singleClick(onClick)} disabled={disabled === true || pending} aria-busy={pending || undefined}>
      {pending ? <Spinner size="sm" /> : null}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
