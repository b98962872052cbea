import type { ReactNode } from 'react';
import { Modal } from '../Modal';
import { PendingButton } from '../PendingButton';
import './ConfirmDialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be taken back. Focus starts on Cancel. */
export function ConfirmDialog({ open, title, children, confirmLabel, pending = false, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} size="sm">
      <div className="confirm-text">{children}</div>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <PendingButton className={danger ? 'button button-danger' : 'button'} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </PendingButton>
      </div>
    </Modal>
  );
}
