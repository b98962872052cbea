import type { InboxEntryOut } from '../../../../shared/schemas/inbox';
import { PendingButton } from '../../../components/PendingButton';
import { Link } from '../../../lib/leagueLinks';
import { formatDateTime } from '../../../lib/time';
import { useMarkRead } from '../api/useInbox';
import './InboxEntries.css';

const KIND_LABELS: Record<InboxEntryOut['kind'], string> = {
  orderFilled: 'Fill',
  outbid: 'Outbid',
  newBid: 'New bid',
  retired: 'Retired',
  seasonEnded: 'Season',
  passed: 'Standings',
  weeklyRecap: 'Recap',
};

function MarkReadButton({ entry }: { entry: InboxEntryOut }) {
  const { markOne } = useMarkRead();
  return (
    <PendingButton
      className="button button-small button-secondary"
      pending={markOne.pending}
      pendingLabel="Marking…"
      onClick={() => markOne.submit({ entryId: entry.id })}
      aria-label={`Mark read: ${entry.title}`}
    >
      Mark read
    </PendingButton>
  );
}

/** Inbox entries, newest first: what happened, when, a link to the page it is about, and "Mark read" for those unread. */
export function InboxEntries({ entries, highlight = null }: { entries: readonly InboxEntryOut[]; highlight?: number | null }) {
  return (
    <ul className="inbox-list">
      {entries.map((e) => (
        <li
          key={e.id}
          id={`entry-${e.id}`}
          className={`inbox-entry card${e.read ? '' : ' is-unread'}${highlight === e.id ? ' is-highlighted' : ''}`}
          data-testid="inbox-entry"
        >
          <div className="inbox-entry-text">
            <p className="inbox-entry-meta">
              <span className="inbox-kind">{KIND_LABELS[e.kind]}</span>
              {e.read ? null : <span className="sr-only">Unread.</span>}
              <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
            </p>
            <p className="inbox-entry-title">
              <Link to={e.url}>{e.title}</Link>
            </p>
            {e.body ? <p className="inbox-entry-body">{e.body}</p> : null}
          </div>
          {e.read ? null : <MarkReadButton entry={e} />}
        </li>
      ))}
    </ul>
  );
}
