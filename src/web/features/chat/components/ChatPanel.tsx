import { useSyncExternalStore, type ReactNode } from 'react';
import { useLeague } from '../../../lib/league';
import { Link } from '../../../lib/leagueLinks';
import { useNavCounts } from '../../../lib/useNavCounts';
import { useChatLive } from '../api/useChatLive';
import { ChatFeed } from './ChatFeed';
import styles from './ChatPanel.module.css';

/** Wide enough for the market's whole table (every column, its actions in view) and the chat side by side. */
const WIDE = '(min-width: 1540px)';

function useWide(): boolean {
  return useSyncExternalStore(
    (change) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', change);
      return () => query.removeEventListener('change', change);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/** Whether the tab may read its league's chat (a member, or anyone in the default or an open league), and whether the screen has room for the panel. */
function usePanel() {
  const wide = useWide();
  const { isMember, league, blocked } = useLeague();
  const readable = isMember === true || (league !== null && blocked === null && (league.isDefault || league.open));
  return { wide, readable, isMember };
}

/**
 * The market with the league's chat beside it on wide screens, the two wider together than the
 * page's usual column; on narrower ones the market alone (ChatShortcut leads to the chat).
 */
export function WithChatPanel({ children }: { children: ReactNode }) {
  const { wide, readable, isMember } = usePanel();
  // Members follow the feed from the layout; a visitor of an open league follows it here.
  useChatLive(wide && readable && isMember !== true);
  if (!wide || !readable) return <>{children}</>;
  return (
    <div className={styles.layout}>
      <div className={styles.main}>{children}</div>
      <aside className={styles.panel} aria-label="League chat">
        <div className={styles.head}>
          <h2 className={styles.title}>Chat</h2>
          <Link to="/chat" className={styles.open}>
            Open the chat
          </Link>
        </div>
        <ChatFeed compact />
      </aside>
    </div>
  );
}

/** Where the panel does not fit: a link to the chat, with its unread count. */
export function ChatShortcut() {
  const { wide, readable } = usePanel();
  const { chatUnread } = useNavCounts();
  if (wide || !readable) return null;
  return (
    <Link to="/chat" className="button button-secondary button-small" data-testid="chat-shortcut">
      <span aria-hidden="true">💬</span> League chat{chatUnread > 0 ? ` (${chatUnread >= 100 ? '99+' : chatUnread} new)` : ''}
    </Link>
  );
}
