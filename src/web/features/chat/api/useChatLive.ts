import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect } from 'react';
import type { ChatLiveEvent } from '../../../../shared/schemas/chat';
import { useSession } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';
import { withMessage, withoutMessage, withReaction } from './chatCache';
import { useFeedCache } from './useChat';

/** After the subscription fails (a refusal, the server away), try again after this long. */
const RETRY_MS = 5_000;

/**
 * The feed live (docs/chat.md): each new message or moment, deletion and reaction changes the cached
 * feed in place, and another's message raises the unread badge. Whenever the subscription starts
 * (the first time, and back after a break), the feed and the count are read again.
 */
export function useChatLive(enabled: boolean): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useFeedCache();
  const { user } = useSession();
  const readerId = user?.id ?? null;

  const refreshAll = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.chat.list.infiniteQueryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.chat.unread.queryKey() });
  }, [queryClient, trpc]);

  const onData = useCallback(
    (tracked: { data: ChatLiveEvent }) => {
      const event = tracked.data;
      if (event.type === 'posted') {
        update((d) => withMessage(d, event.message));
        if (event.message.userId !== readerId || event.message.kind !== 'message') {
          void queryClient.invalidateQueries({ queryKey: trpc.chat.unread.queryKey() });
        }
        // A season's end changes everything the league shows: its seasons, cash, holdings, markets.
        if (event.message.kind === 'seasonEnded') void queryClient.invalidateQueries();
      } else if (event.type === 'deleted') update((d) => withoutMessage(d, event.id));
      else update((d) => withReaction(d, event, readerId));
    },
    [update, readerId, queryClient, trpc],
  );
  // Read again at every start, the first included: a message posted after the page's first reads
  // and before the subscription began would reach neither (only the feed on screen and the count refetch).
  const onStarted = refreshAll;

  const subscription = useSubscription(trpc.chat.live.subscriptionOptions(undefined, { enabled, onData, onStarted }));
  const failed = subscription.status === 'error';
  useEffect(() => {
    if (!failed) return;
    const retry = window.setTimeout(() => subscription.reset(), RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [failed, subscription]);
}
