import { useLeague } from '../../lib/league';
import { useSession } from '../../lib/session';
import { useChatLive } from './api/useChatLive';

/** Mounted once in the layout: a member follows their league's feed on every page (the unread badge moves live). */
export function ChatLive() {
  const { isLoggedIn } = useSession();
  const { isMember } = useLeague();
  useChatLive(isLoggedIn && isMember === true);
  return null;
}
