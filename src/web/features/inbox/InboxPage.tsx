import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { LoadMore } from '../../components/LoadMore';
import { PageTitle } from '../../components/PageTitle';
import { PendingButton } from '../../components/PendingButton';
import { Loading } from '../../components/Spinner';
import { formatInteger } from '../../lib/format';
import { useInboxPages, useMarkRead } from './api/useInbox';
import { InboxEntries } from './components/InboxEntries';

/**
 * /inbox (docs/inbox.md): every notice of the last 30 days in this league, newest first, a page at
 * a time; "Mark all read". A toast's or a push notification's link (`?entry=ID`) shows its entry
 * outlined, and marks it read.
 */
export default function InboxPage() {
  const pages = useInboxPages();
  const { markOne, markAll } = useMarkRead();
  const [params] = useSearchParams();
  const wanted = Number(params.get('entry')) || null;
  const entries = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;
  const opened = useRef<number | null>(null);
  const target = wanted === null ? undefined : entries.find((e) => e.id === wanted);

  useEffect(() => {
    if (!target || opened.current === target.id) return;
    opened.current = target.id;
    document.getElementById(`entry-${target.id}`)?.scrollIntoView({ block: 'center' });
    if (!target.read) markOne.submit({ entryId: target.id });
  }, [target, markOne]);

  return (
    <>
      <PageTitle
        title="Inbox"
        subtitle="Everything that happened to you in this league, kept for 30 days."
        actions={
          unread > 0 ? (
            <PendingButton
              className="button button-small button-secondary"
              pending={markAll.pending}
              pendingLabel="Marking…"
              onClick={() => markAll.submit({})}
            >
              Mark all read
            </PendingButton>
          ) : undefined
        }
      />
      {pages.isPending ? (
        <Loading label="Loading your inbox…" />
      ) : pages.isError ? (
        <ErrorMessage onRetry={() => void pages.refetch()}>Failed to load your inbox</ErrorMessage>
      ) : entries.length === 0 ? (
        <EmptyState title="Nothing here yet">
          <p>Fills, bids for your shares, being outbid or passed, buy-backs and the end of a season will show here.</p>
        </EmptyState>
      ) : (
        <section aria-label="Notices">
          <p className="muted" role="status">
            {unread === 0 ? 'All read.' : `${formatInteger(unread)} unread.`}
          </p>
          {wanted !== null && !target && !pages.hasNextPage ? <p className="muted">That notice is older than 30 days, and no longer kept.</p> : null}
          <InboxEntries entries={entries} highlight={wanted} />
          <LoadMore hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onMore={() => void pages.fetchNextPage()} what="notices" />
        </section>
      )}
    </>
  );
}
