import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_TEXT } from '../../../../shared/texts';
import { Modal } from '../../../components/Modal';
import { PendingButton } from '../../../components/PendingButton';
import type { RouterOutputs } from '../../../lib/apiTypes';
import { formatDateTime } from '../../../lib/time';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { closeWhenAnswered, useAdminFeedback } from '../api/useAdminFeedback';
import '../../../components/controls.css';

type DraftStatus = RouterOutputs['admin']['draftStatus'];

/** The rookie draft: when it last ran, and the button (behind a confirmation) that runs the next. */
export function DraftSection() {
  const trpc = useTRPC();
  const feedback = useAdminFeedback();
  const status = useQuery(trpc.admin.draftStatus.queryOptions());
  const [confirming, setConfirming] = useState(false);
  const draft = useCommand('admin.draft', trpc.admin.draft.mutationOptions(feedback(ADMIN_TEXT.draftSimulated, ADMIN_TEXT.draftFailed)));
  const blocked = status.data ? !status.data.canRun : false;
  return (
    <section className="card admin-draft" aria-labelledby="draft-title">
      <div>
        <h2 id="draft-title">Rookie draft</h2>
        <p className="muted">Two rounds, 60 rookies, lowest payroll picks first. For 7 days only holders of a rookie’s team may buy his shares.</p>
        <p id="draft-status" className="admin-draft-status" data-testid="draft-status">
          {status.isPending ? 'Reading when the last draft ran…' : status.isError ? 'When the last draft ran could not be read.' : draftStatusText(status.data)}
        </p>
      </div>
      <PendingButton
        className="button"
        onClick={() => setConfirming(true)}
        pending={draft.pending}
        pendingLabel="Running the draft…"
        disabled={blocked}
        aria-haspopup="dialog"
        aria-describedby="draft-status"
      >
        Run rookie draft
      </PendingButton>
      <Modal open={confirming} onClose={() => !draft.pending && setConfirming(false)} title="Run the rookie draft?" size="sm">
        <p>60 new players join every league at once. This cannot be undone: the next draft can run 7 days after this one.</p>
        <div className="acct-actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} disabled={draft.pending}>
            Cancel
          </button>
          <PendingButton
            className="button"
            data-autofocus
            pending={draft.pending}
            onClick={() =>
              draft.submit(
                {},
                closeWhenAnswered(() => setConfirming(false)),
              )
            }
          >
            Run the draft
          </PendingButton>
        </div>
      </Modal>
    </section>
  );
}

/** "Last draft: Jan 3, 2026, 2:05 PM. The next can run from Jan 10, 2026, 2:05 PM." */
function draftStatusText(s: DraftStatus): string {
  if (s.lastDraftAt === null || s.nextDraftFrom === null) return 'No draft has run yet.';
  const last = `Last draft: ${formatDateTime(s.lastDraftAt)}.`;
  return s.canRun ? `${last} The next can run now.` : `${last} The next can run from ${formatDateTime(s.nextDraftFrom)}.`;
}
