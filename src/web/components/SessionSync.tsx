import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { useNavigate } from '../lib/leagueLinks';
import { useSession } from '../lib/session';
import { isSessionEnded, onSessionEnded, reportSessionEnded } from '../lib/sessionEnd';
import { useMe } from '../lib/useMe';

/** What a member whose session ended is told: once, however many calls were refused. */
export const SESSION_ENDED_TEXT = 'Your session has ended. Log in again to go on: what you were typing is kept.';

/**
 * Keeps the stored session in step with the server: a renamed user or a new avatar is saved, and a
 * session the server no longer knows (expired, or ended by a password reset) is forgotten here too,
 * whichever call found out (the user box's read, or a command: lib/sessionEnd.ts).
 */
export function SessionSync() {
  const me = useMe();
  const { clear, updateUser, isLoggedIn } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (me.data) updateUser(me.data.user);
  }, [me.data, updateUser]);

  useEffect(() => {
    if (me.error && isSessionEnded(me.error)) reportSessionEnded();
  }, [me.error]);

  const ended = useCallback(() => {
    if (!isLoggedIn) return;
    const from = `${pathname}${search}`;
    clear();
    toast.info(SESSION_ENDED_TEXT, {
      id: 'session-ended',
      duration: 10_000,
      action: { label: 'Log in', onClick: () => void navigate('/login', { state: { from } }) },
    });
  }, [isLoggedIn, clear, navigate, pathname, search]);
  useEffect(() => onSessionEnded(ended), [ended]);

  return null;
}
