import { useQuery } from '@tanstack/react-query';
import { LOAD_FAILED } from '../../../../shared/texts';
import { EmptyState } from '../../../components/EmptyState';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/time';
import { useTRPC } from '../../../lib/trpc';
import { auditSummary } from '../auditSummary';

const AUDIT_ROWS = 20;

/** The latest admin actions, newest first. */
export function AuditSection() {
  const trpc = useTRPC();
  const audit = useQuery(trpc.admin.audit.queryOptions({ limit: AUDIT_ROWS }));
  return (
    <section className="section" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <QueryState
        query={audit}
        loading="Loading the audit log…"
        failed={LOAD_FAILED.data}
        isEmpty={(entries) => entries.length === 0}
        empty={<EmptyState title="No admin actions yet" />}
      >
        {(entries) => (
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
                {entries.map((e) => (
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
      </QueryState>
    </section>
  );
}
