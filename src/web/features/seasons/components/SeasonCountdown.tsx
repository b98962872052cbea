import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/time';
import { countdown, tickFor } from '../countdown';
import styles from './SeasonCountdown.module.css';

/** After the end time, how often the screens ask again until the season's end shows (it takes the writer a moment), and for how long. */
const AFTER_END_POLL_MS = 2_000;
const AFTER_END_POLLS = 30;

/**
 * How long until the season ends by itself, ticking; at the end time, "ending…" while the server
 * ends it, and the screens are read again until they show the new season.
 */
export function SeasonCountdown({ endsAt, compact = false }: { endsAt: string; compact?: boolean }) {
  const queryClient = useQueryClient();
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(Date.now()), tickFor(end, now));
    return () => window.clearTimeout(timer);
  }, [end, now]);
  const left = countdown(end, now);
  useEffect(() => {
    if (left !== null) return;
    let polls = 0;
    const poll = window.setInterval(() => {
      polls += 1;
      if (polls > AFTER_END_POLLS) window.clearInterval(poll);
      else void queryClient.invalidateQueries();
    }, AFTER_END_POLL_MS);
    return () => window.clearInterval(poll);
  }, [left, queryClient]);
  const when = formatDateTime(endsAt);
  return (
    <span
      className={compact ? `${styles.countdown} ${styles.compact}` : styles.countdown}
      title={`The season ends by itself at ${when}`}
      data-testid="season-countdown"
    >
      {left === null ? (
        'Season ending…'
      ) : (
        <>
          {compact ? 'ends in ' : 'Ends in '}
          <span className={styles.clock}>{left}</span>
        </>
      )}
    </span>
  );
}
