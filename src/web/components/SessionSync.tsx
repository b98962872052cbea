import { useEffect } from 'react';
import { toast } from 'sonner';
import { useSession } from '../lib/session';
import { errorCode } from '../lib/trpc';
import { useMe } from '../lib/useMe';

/**
 * Keeps the stored session in step with the server: a renamed user or a new avatar is saved, and a
 * session the server no longer knows (expired, or ended by a password reset) is forgotten here too.
 */
export function SessionSync() {
  const me = useMe();
  const { clear, updateUser } = useSession();

  useEffect(() => {
    if (me.data) updateUser(me.data.user);
  }, [me.data, updateUser]);

  useEffect(() => {
    if (me.error && errorCode(me.error) === 'UNAUTHORIZED') {
      clear();
      toast.info('Your session has ended. Please log in again.', { id: 'session-ended' });
    }
  }, [me.error, clear]);

  return null;
}
