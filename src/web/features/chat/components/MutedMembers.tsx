import { formatDateTime } from '../../../lib/time';
import { newCommandKey } from '../api/commandKey';
import { useMutes, useUnmute } from '../api/useChat';
import styles from './MutedMembers.module.css';

/** The commissioner's list of members muted now, each with Unmute. Nothing when nobody is. */
export function MutedMembers() {
  const mutes = useMutes(true);
  const unmute = useUnmute();
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
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={unmute.isPending && unmute.variables?.userId === m.userId}
              onClick={() => unmute.mutate({ userId: m.userId, idempotencyKey: newCommandKey() })}
            >
              Unmute
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
