import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/league/ConfirmDialog';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Loading, Spinner } from '../../../components/Spinner';
import { useLeague } from '../../../lib/league';
import { Link } from '../../../lib/leagueLinks';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/trpc';
import { useChatFeed, useDeleteMessage, useMarkRead, useMute, type ChatMessage } from '../api/useChat';
import { ChatComposer } from './ChatComposer';
import { ChatItem, type ItemActions } from './ChatItem';
import styles from './ChatFeed.module.css';

/** How close to the bottom (px) still counts as reading the newest items. */
const NEAR_BOTTOM = 80;

/** Whether the tab's reader moderates the league's chat: its commissioner; the default league's admins. */
function useModerator(): boolean {
  const { league } = useLeague();
  const { user } = useSession();
  if (!league || !user) return false;
  if (league.isDefault) return user.isAdmin;
  return 'isCommissioner' in league && league.isCommissioner === true;
}

/**
 * The league's chat and moments, oldest at the top and the newest at the bottom as chats read,
 * with older items a page at a time, the composer for members, and each item's reactions and
 * actions. It follows the newest items while the reader is at the bottom, and marks them read.
 */
export function ChatFeed({ compact = false }: { compact?: boolean }) {
  const { user, isLoggedIn } = useSession();
  const { isMember } = useLeague();
  const moderator = useModerator();
  const { messages, query } = useChatFeed();
  const remove = useDeleteMessage();
  const mute = useMute();
  const markRead = useMarkRead();
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keptHeight = useRef<number | null>(null);
  const lastMarked = useRef(0);
  const newest = messages.at(-1)?.id ?? 0;

  // New items keep the reader at the bottom if they were there; older ones keep what they were reading in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keptHeight.current !== null) {
      el.scrollTop += el.scrollHeight - keptHeight.current;
      keptHeight.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages]);

  const markSeen = useCallback(() => {
    if (!isMember || newest <= lastMarked.current || document.visibilityState !== 'visible' || !atBottom.current) return;
    lastMarked.current = newest;
    markRead.mutate({ lastReadId: newest });
  }, [isMember, newest, markRead]);
  useEffect(() => {
    const timer = window.setTimeout(markSeen, 400);
    document.addEventListener('visibilitychange', markSeen);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', markSeen);
    };
  }, [markSeen]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    if (atBottom.current) markSeen();
  };
  const loadEarlier = () => {
    keptHeight.current = scroller.current?.scrollHeight ?? null;
    void query.fetchNextPage();
  };

  const actions: ItemActions = {
    me: user?.id ?? null,
    canReact: isMember === true,
    moderator,
    onDelete: (message) => setDeleting(message),
    onMute: (message, minutes) => {
      if (message.userId !== null) mute.submit({ userId: message.userId, minutes });
    },
    muting: mute.pending,
  };

  return (
    <section className={compact ? `${styles.feed} ${styles.compact}` : styles.feed} aria-label="League chat" data-testid={compact ? 'chat-panel' : 'chat-feed'}>
      <div className={styles.scroller} ref={scroller} onScroll={onScroll} role="log" aria-live="polite" aria-relevant="additions" tabIndex={0}>
        {query.isPending ? (
          <Loading label="Loading the chat…" />
        ) : query.isError ? (
          <ErrorMessage onRetry={() => void query.refetch()}>{errorMessage(query.error, 'The chat could not be loaded.')}</ErrorMessage>
        ) : (
          <>
            {query.hasNextPage ? (
              <div className={styles.earlier}>
                <button type="button" className="button button-secondary button-small" onClick={loadEarlier} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? <Spinner size="sm" /> : null}
                  {query.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
                </button>
              </div>
            ) : messages.length > 0 ? (
              <p className={styles.start}>The start of the league’s chat</p>
            ) : null}
            {messages.length === 0 ? (
              <p className={styles.empty}>No messages yet. Say hello to the league!</p>
            ) : (
              <ol className={styles.list}>
                {messages.map((m) => (
                  <ChatItem key={m.id} message={m} actions={actions} />
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      {isMember ? (
        <ChatComposer compact={compact} />
      ) : (
        <p className={styles.readOnly}>
          {isLoggedIn ? (
            'Only the league’s members can post here.'
          ) : (
            <>
              <Link to="/login">Log in</Link> to post in the chat.
            </>
          )}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this message?"
        confirmLabel="Delete"
        danger
        pending={remove.pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.submit({ messageId: deleting.id }, { onSuccess: () => setDeleting(null), onError: () => setDeleting(null) });
        }}
      >
        <p>Nobody will see it any more. This cannot be undone.</p>
        {deleting ? <blockquote className={styles.quote}>{deleting.text}</blockquote> : null}
      </ConfirmDialog>
    </section>
  );
}
