import type { ReactNode } from 'react';

/** An error announced to screen readers as soon as it appears. Renders nothing without a message. */
export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div className="message message-error" role="alert">
      <span>{children}</span>
      {onRetry ? (
        <button type="button" className="button button-small button-secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A success or information message, announced politely (the live region stays in place, so it is heard). */
export function StatusMessage({ children }: { children: ReactNode }) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <div role="status" className="status-region">
      {empty ? null : <div className="message message-success">{children}</div>}
    </div>
  );
}
