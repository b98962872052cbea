import { PageTitle } from '../../components/PageTitle';
import { useLeague } from '../../lib/league';
import { useSession } from '../../lib/session';
import { useChatLive } from './api/useChatLive';
import { ChatFeed } from './components/ChatFeed';
import { MutedMembers } from './components/MutedMembers';

/** /chat (and /l/{slug}/chat): the league's chat and moments; its commissioner also sees who is muted. */
export default function ChatPage() {
  const { league, isMember } = useLeague();
  const { user } = useSession();
  // Members follow the feed from the layout (for the unread badge); visitors of an open league here.
  useChatLive(isMember !== true);
  const moderator = league !== null && user !== null && (league.isDefault ? user.isAdmin : 'isCommissioner' in league && league.isCommissioner === true);
  return (
    <>
      <PageTitle
        title="Chat"
        documentTitle={league ? `Chat · ${league.name}` : 'Chat'}
        subtitle={league ? `${league.name}: the members’ talk, with the big trades, new leaders, new members and season ends as they happen.` : undefined}
      />
      <ChatFeed />
      {moderator ? <MutedMembers /> : null}
    </>
  );
}
