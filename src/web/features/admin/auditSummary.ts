import { formatCents } from '../../../shared/money';
import type { RouterOutputs } from '../../lib/apiTypes';
import { formatInteger } from '../../lib/format';

export type AuditEntry = RouterOutputs['admin']['audit'][number];

/** An audit entry in a line: "LeBron James: salary $1,000 → $2,000". */
export function auditSummary(entry: AuditEntry): string {
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
