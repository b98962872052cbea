import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ContractPreviewOut as ContractPreview } from '../../../../shared/schemas/admin';
import { LOAD_FAILED } from '../../../../shared/texts';
import { Modal } from '../../../components/Modal';
import { PendingButton } from '../../../components/PendingButton';
import { QueryState } from '../../../components/QueryState';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import '../../../components/controls.css';

/**
 * The figures of a change, asked of the server before the admin confirms it: how many holdings in
 * how many leagues it rescales or buys back, and the orders it cancels.
 */
export function PreviewLines({ playerId, newSalary, lines }: { playerId: number; newSalary?: number; lines: (p: ContractPreview) => string[] }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.admin.preview.queryOptions(newSalary === undefined ? { playerId } : { playerId, newSalary }, { staleTime: 0 }));
  return (
    <QueryState query={preview} loading="Counting the holdings in every league…" failed={errorMessage(preview.error, LOAD_FAILED.data)}>
      {(figures) => (
        <ul className="admin-preview" data-testid="contract-preview">
          {lines(figures).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** A confirmation that shows the server's figures, and locks from the first click until the answer. */
export function ContractDialog({
  title,
  confirmLabel,
  danger = false,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open onClose={() => !pending && onClose()} title={title} size="sm">
      {children}
      <div className="acct-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={pending} data-autofocus>
          Cancel
        </button>
        <PendingButton className={danger ? 'button button-danger-solid' : 'button'} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </PendingButton>
      </div>
    </Modal>
  );
}
