import { singleClick } from '../../../components/PendingButton';
import { useState } from 'react';
import { REACTIONS, MUTE_CHOICES } from '../../../../shared/chat';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { Avatar } from '../../../components/Avatar';
import { Link } from '../../../lib/leagueLinks';
import { formatDateTime } from '../../../lib/time';
import { useReact } from '../api/useChat';
import { MessageText } from './MessageText';
import styles from './ChatItem.module.css';

/** The mark beside each kind of moment. */
const MOMENT_ICON: Record<Exclude<ChatMessage['kind'], 'message'>, string> = {
  bigTrade: '💰',
  newLeader: '👑',
  newMember: '👋',
  seasonEnded: '🏆',
  weeklyRecap: '📰',
};

export interface ItemActions {
  /** The reader's id (null: signed out). */
  me: number | null;
  /** Whether the reader may react (a member). */
  canReact: boolean;
  /** The league's commissioner (the default league's admins): deletes anything, mutes others. */
  moderator: boolean;
  onDelete(message: ChatMessage): void;
  onMute(message: ChatMessage, minutes: number | null): void;
  /** A mute is under way: the mute choices wait for its answer. */
  muting: boolean;
}

type Reaction = (typeof REACTIONS)[number];

/** The item's reactions and the picker: each item's reaction is its own command, locked until its answer. */
function Reactions({ message, actions }: { message: ChatMessage; actions: ItemActions }) {
  const [picking, setPicking] = useState(false);
  const react = useReact();
  const busy = react.pending;
  const send = (emoji: Reaction, on: boolean) => react.submit({ messageId: message.id, emoji, on });
  if (message.reactions.length === 0 && !actions.canReact) return null;
  return (
    <div className={styles.reactions}>
      {message.reactions.map((r) => (
        <button
          key={r.emoji}
          type="button"
          className={r.mine ? `${styles.reaction} ${styles.mine}` : styles.reaction}
          aria-pressed={r.mine}
          aria-label={`${r.emoji} ${r.count}${r.mine ? ', yours: take it back' : ''}`}
          disabled={!actions.canReact || busy}
          aria-busy={busy || undefined}
          onClick={singleClick(() => send(r.emoji as Reaction, !r.mine))}
        >
          <span aria-hidden="true">{r.emoji}</span> {r.count}
        </button>
      ))}
      {actions.canReact ? (
        <span className={styles.picker}>
          <button
            type="button"
            className={styles.addReaction}
            aria-expanded={picking}
            aria-label="Add a reaction"
            onClick={() => setPicking((p) => !p)}
            disabled={busy}
          >
            ☺+
          </button>
          {picking ? (
            <span className={styles.choices} role="group" aria-label="Reactions">
              {REACTIONS.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  className={styles.choice}
                  onClick={() => {
                    setPicking(false);
                    const known = message.reactions.find((r) => r.emoji === emoji);
                    if (!known?.mine) send(emoji, true);
                  }}
                >
                  {emoji}
                </button>
              ))}
            </span>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

function Menu({ message, actions }: { message: ChatMessage; actions: ItemActions }) {
  const [open, setOpen] = useState(false);
  const mine = message.kind === 'message' && message.userId !== null && message.userId === actions.me;
  const canDelete = mine || actions.moderator;
  const canMute = actions.moderator && message.kind === 'message' && message.userId !== null && message.userId !== actions.me;
  if (!canDelete && !canMute) return null;
  return (
    <span className={styles.menu}>
      <button type="button" className={styles.menuButton} aria-expanded={open} aria-label="Message actions" onClick={() => setOpen((o) => !o)}>
        ⋯
      </button>
      {open ? (
        <span className={styles.menuList} role="menu">
          {canDelete ? (
            <button
              type="button"
              role="menuitem"
              className={styles.menuItem}
              onClick={() => {
                setOpen(false);
                actions.onDelete(message);
              }}
            >
              Delete
            </button>
          ) : null}
          {canMute
            ? MUTE_CHOICES.map((choice) => (
                <button
                  key={choice.label}
                  type="button"
                  role="menuitem"
                  className={styles.menuItem}
                  disabled={actions.muting}
                  onClick={() => {
                    setOpen(false);
                    actions.onMute(message, choice.minutes);
                  }}
                >
                  Mute {message.username} {choice.label}
                </button>
              ))
            : null}
        </span>
      ) : null}
    </span>
  );
}

/** One item of the feed: a member's message (name, time, text, reactions) or one of the league's moments. */
export function ChatItem({ message, actions }: { message: ChatMessage; actions: ItemActions }) {
  const time = (
    <time className={styles.time} dateTime={message.createdAt}>
      {formatDateTime(message.createdAt)}
    </time>
  );
  if (message.kind !== 'message') {
    return (
      <li className={styles.moment} data-kind={message.kind} data-testid="chat-moment">
        <span className={styles.momentIcon} aria-hidden="true">
          {MOMENT_ICON[message.kind]}
        </span>
        <div className={styles.body}>
          <MessageText text={message.text} />
          <div className={styles.meta}>
            {time}
            <Menu message={message} actions={actions} />
          </div>
          <Reactions message={message} actions={actions} />
        </div>
      </li>
    );
  }
  const name = message.username ?? 'A former member';
  return (
    <li className={message.userId === actions.me ? `${styles.message} ${styles.own}` : styles.message} data-testid="chat-message">
      <Avatar username={name} avatar={null} />
      <div className={styles.body}>
        <div className={styles.meta}>
          {message.userId !== null ? (
            <Link to={`/public/${message.userId}`} className={styles.author}>
              <bdi>{name}</bdi>
            </Link>
          ) : (
            <bdi className={styles.author}>{name}</bdi>
          )}
          {time}
          <Menu message={message} actions={actions} />
        </div>
        <MessageText text={message.text} />
        <Reactions message={message} actions={actions} />
      </div>
    </li>
  );
}
