import { PendingButton } from '../../../components/PendingButton';
import { formatDateTime } from '../../../lib/time';
import { useMutes, useUnmute } from '../api/useChat';
import styles from './MutedMembers.module.css';

/** Unmute for one member: locked from the click until the answer. */
function UnmuteButton({ userId, username }: { userId: number; username: string }) {
  const unmute = useUnmute();
  return (
    <PendingButton
      className="button button-secondary button-small"
      pending={unmute.pending}
      aria-label={`Unmute ${username}`}
      onClick={() => unmute.submit({ userId })}
    >
      Unmute
    </PendingButton>
  );
}

/** The commissioner's list of members muted now, each with Unmute. Nothing when nobody is. */
export function MutedMembers() {
  const mutes = useMutes(true);
  const list = mutes.data?.mutes ?? [];
  if (list.length === 0) return null;
  return (
    <section className={`card ${styles.muted}`} aria-labelledby="muted-title">
      <h2 id="muted-title">Muted members</h2>
      <ul className={styles.list}>
        {list.map((m) => (
          <li key={m.userId} className={styles.row}>
            <span className={styles.name}>
              <bdi>{m.username}</bdi>
            </span>
            <span className="muted">{m.until ? `until ${formatDateTime(m.until)}` : 'until unmuted'}</span>
            <UnmuteButton userId={m.userId} username={m.username} />
          </li>
        ))}
      </ul>
    </section>
  );
}
