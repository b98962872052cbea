import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../../lib/leagueLinks';
import { toast } from 'sonner';
import { matchesSearch, TableSearch } from '../../components/TableSearch';
import { ADMIN_TEXT, LOAD_FAILED } from '../../../shared/texts';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Modal } from '../../components/Modal';
import { PageTitle } from '../../components/PageTitle';
import { Loading } from '../../components/Spinner';
import { PendingButton } from '../../components/PendingButton';
import { useCommand } from '../../lib/useCommand';
import type { Player, RouterOutputs } from '../../lib/apiTypes';
import { formatCents } from '../../../shared/money';
import { formatDollars, formatInteger } from '../../lib/format';
import { formatDateTime } from '../../lib/time';
import { errorMessage, errorStatus, useTRPC } from '../../lib/trpc';
import { retirementLines, salaryChangeLines } from '../../lib/contractPreview';
import type { ContractPreviewOut as ContractPreview } from '../../../shared/schemas/admin';
import { MAX_SALARY } from '../../../shared/limits';
import '../../pages/account.css';
import { NumHeader } from '../../components/table/NumHeader';

/** Rows shown at once in the players table; the search narrows the rest. */
const PAGE_ROWS = 50;
const AUDIT_ROWS = 20;

type AuditEntry = RouterOutputs['admin']['audit'][number];
type DraftStatus = RouterOutputs['admin']['draftStatus'];

/**
 * Every admin text of docs/screens.md §4 Texts, and — unlike the original — the failure text whenever the server
 * refused, never the success text: the server's reason goes with it.
 */
function useAdminFeedback() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (success: string, failure: string) => ({
    onSuccess: () => {
      toast.success(success);
      for (const filter of [
        trpc.market.pathFilter(),
        trpc.teams.pathFilter(),
        trpc.admin.pathFilter(),
        trpc.portfolio.pathFilter(),
        trpc.auth.me.pathFilter(),
      ]) {
        void queryClient.invalidateQueries(filter);
      }
    },
    onError: (error: unknown) => {
      // Another admin may have changed what the page shows (a draft that ran meanwhile).
      void queryClient.invalidateQueries(trpc.admin.pathFilter());
      const reason = errorMessage(error, '');
      toast.error(failure, reason && reason !== failure ? { description: reason } : undefined);
    },
  });
}

/** /admin: only admins reach this page (see RequireAdmin in App.tsx). */
export default function AdminPage() {
  return (
    <>
      <PageTitle title="Admin" subtitle="Run the rookie draft, change salaries and retire players. Every action is written to the audit log." />
      <DraftSection />
      <PlayersSection />
      <AuditSection />
    </>
  );
}

/**
 * When a confirmation closes: on success, and when the server refused (it would refuse again);
 * after a failed connection or a server error it stays open, and Confirm sends the same submission
 * again with the same idempotency key (useCommand keeps the key of an unanswered submission).
 */
const closeWhenAnswered = (close: () => void) => ({
  onSuccess: close,
  onError: (error: unknown) => {
    const status = errorStatus(error);
    if (status !== null && status >= 400 && status < 500) close();
  },
});

function DraftSection() {
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

function PlayersSection() {
  const trpc = useTRPC();
  const players = useQuery(trpc.market.players.queryOptions());
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [limit, setLimit] = useState(PAGE_ROWS);
  const [retiring, setRetiring] = useState<Player | null>(null);

  const matching = useMemo(() => (players.data ?? []).filter((p) => matchesSearch(query, [p.name, p.team_name, p.team_code])), [players.data, query]);
  const shown = matching.slice(0, limit);

  return (
    <section className="section" aria-labelledby="players-title">
      <h2 id="players-title">Players</h2>
      {players.isPending ? (
        <Loading label="Loading players…" />
      ) : players.isError ? (
        <ErrorMessage onRetry={() => void players.refetch()}>{LOAD_FAILED.players}</ErrorMessage>
      ) : (
        <>
          <TableSearch
            label="Search players"
            placeholder="Name or team"
            value={search}
            onChange={(v) => {
              setSearch(v);
              setLimit(PAGE_ROWS);
            }}
            status={`${formatInteger(shown.length)} of ${formatInteger(matching.length)} shown${matching.length < players.data.length ? ` (${formatInteger(players.data.length)} players in all)` : ''}`}
          />
          {matching.length === 0 ? (
            <EmptyState title="No players match your search" />
          ) : (
            <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label="Players">
              <table className="table admin-table table-stack">
                <caption className="sr-only">Players with their salary</caption>
                <thead>
                  <tr>
                    <th scope="col">Player</th>
                    <NumHeader>Salary</NumHeader>
                    <th scope="col">New salary</th>
                    <th scope="col">
                      <span className="sr-only">Retire</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((p) => (
                    <tr key={p.id}>
                      <th scope="row" className="holding-name stack-title">
                        <Link to={`/market/${p.id}`}>{p.name}</Link>
                        <div className="cell-note">{p.team_name}</div>
                      </th>
                      <td className="num stack-money" data-label="Salary">
                        ${formatInteger(p.salary)}
                      </td>
                      <td className="admin-salary-cell" data-label="New salary">
                        <SalaryForm player={p} />
                      </td>
                      <td className="admin-retire-cell stack-actions">
                        <button
                          type="button"
                          className="button button-small button-secondary button-danger-outline"
                          onClick={() => setRetiring(p)}
                          aria-label={`Retire ${p.name}`}
                          aria-haspopup="dialog"
                        >
                          Retire
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {matching.length > shown.length ? (
            <p className="table-more">
              <button type="button" className="button button-small button-secondary" onClick={() => setLimit((n) => n + PAGE_ROWS)}>
                Show {formatInteger(Math.min(PAGE_ROWS, matching.length - shown.length))} more
              </button>
            </p>
          ) : null}
        </>
      )}
      {retiring ? <RetireDialog player={retiring} onClose={() => setRetiring(null)} /> : null}
    </section>
  );
}

/**
 * The figures of a change, asked of the server before the admin confirms it: how many holdings in
 * how many leagues it rescales or buys back, and the orders it cancels.
 */
function PreviewLines({ playerId, newSalary, lines }: { playerId: number; newSalary?: number; lines: (p: ContractPreview) => string[] }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.admin.preview.queryOptions(newSalary === undefined ? { playerId } : { playerId, newSalary }, { staleTime: 0 }));
  if (preview.isPending) return <Loading label="Counting the holdings in every league…" />;
  if (preview.isError) return <ErrorMessage onRetry={() => void preview.refetch()}>{errorMessage(preview.error, LOAD_FAILED.data)}</ErrorMessage>;
  return (
    <ul className="admin-preview" data-testid="contract-preview">
      {lines(preview.data).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** A confirmation that shows the server's figures, and locks from the first click until the answer. */
function ContractDialog({
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

function RetireDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const trpc = useTRPC();
  const feedback = useAdminFeedback();
  const retire = useCommand('admin.retirePlayer', trpc.admin.retirePlayer.mutationOptions(feedback(ADMIN_TEXT.playerRetired, ADMIN_TEXT.retireFailed)));
  return (
    <ContractDialog
      title={`Retire ${player.name}?`}
      confirmLabel={`Retire ${player.name}`}
      danger
      pending={retire.pending}
      onClose={onClose}
      onConfirm={() => retire.submit({ playerId: player.id }, closeWhenAnswered(onClose))}
    >
      <p>Open orders on him are cancelled and every holder is paid {formatDollars(1)} a share, in every league. This cannot be undone.</p>
      <PreviewLines playerId={player.id} lines={retirementLines} />
    </ContractDialog>
  );
}

function SalaryForm({ player }: { player: Player }) {
  const trpc = useTRPC();
  const id = useId();
  const [text, setText] = useState('');
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
        setText('');
      },
    }),
  );
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const trimmed = text.trim().replace(/[,_\s$]/g, '');
    if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_SALARY) {
      toast.error(ADMIN_TEXT.updateFailed, { description: `Enter the new salary as a whole number of dollars from $1 to $${formatInteger(MAX_SALARY)}.` });
      return;
    }
    if (Number(trimmed) === player.salary) {
      toast.info(`${player.name}’s salary is already $${formatInteger(player.salary)}.`);
      return;
    }
    setConfirming(Number(trimmed));
  };
  return (
    <form className="min-price-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="sr-only">
        New salary for {player.name}
      </label>
      <span className="min-price-input salary-input">
        <span aria-hidden="true">$</span>
        <input
          id={id}
          name="newSalary"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={formatInteger(player.salary)}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
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

function auditSummary(entry: AuditEntry): string {
  const d = (typeof entry.details === 'object' && entry.details !== null ? entry.details : {}) as Record<string, unknown>;
  const name = typeof d.name === 'string' ? d.name : typeof d.username === 'string' ? d.username : null;
  switch (entry.action) {
    case 'player.salary':
      return `${name ?? 'Player'}: salary $${formatInteger(Number(d.oldSalary))} → $${formatInteger(Number(d.newSalary))}`;
    case 'player.retire':
      return `${name ?? 'Player'} retired; ${formatInteger(Number(d.holders ?? 0))} holders paid ${formatCents(Number(d.paidCents ?? 0))}`;
    case 'draft':
      return `Rookie draft: ${formatInteger(Number(d.picks ?? 0))} picks`;
    case 'admin.grant':
      return `${name ?? 'A user'} made an admin`;
    case 'admin.revoke':
      return `${name ?? 'A user'} is no longer an admin`;
    default:
      return name ?? '';
  }
}

function AuditSection() {
  const trpc = useTRPC();
  const audit = useQuery(trpc.admin.audit.queryOptions({ limit: AUDIT_ROWS }));
  return (
    <section className="section" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      {audit.isPending ? (
        <Loading label="Loading the audit log…" />
      ) : audit.isError ? (
        <ErrorMessage onRetry={() => void audit.refetch()}>{LOAD_FAILED.data}</ErrorMessage>
      ) : audit.data.length === 0 ? (
        <EmptyState title="No admin actions yet" />
      ) : (
        <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label="Audit log">
          <table className="table table-stack">
            <caption className="sr-only">The latest {AUDIT_ROWS} admin actions</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">
                    <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
                  </td>
                  <td data-label="Who">{e.actor}</td>
                  <td data-label="Action">
                    <code>{e.action}</code>
                  </td>
                  <td className="wrap" data-label="What">
                    {auditSummary(e)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
