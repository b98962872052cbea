import { skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import { CHAT_PAGE_DEFAULT } from '../../../../shared/chat';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { useSession } from '../../../lib/session';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { oldestFirst, withMessage, withoutMessage, withReactions, type FeedData } from './chatCache';

/** One query of the feed for every screen of a tab (the page and the panel share it). */
const FEED_INPUT = { limit: CHAT_PAGE_DEFAULT };

/** Changes the cached feed in place (live events, the app's own writes). */
export function useFeedCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = useMemo(() => trpc.chat.list.infiniteQueryKey(FEED_INPUT), [trpc]);
  return useCallback((update: (data: FeedData | undefined) => FeedData | undefined) => queryClient.setQueryData(key, update as never), [queryClient, key]);
}

/** The league's feed, oldest first, with older pages on demand. */
export function useChatFeed(enabled = true) {
  const trpc = useTRPC();
  const query = useInfiniteQuery({
    ...trpc.chat.list.infiniteQueryOptions(FEED_INPUT, { getNextPageParam: (page) => page.nextCursor }),
    enabled,
  });
  const messages = useMemo(() => oldestFirst(query.data as FeedData | undefined), [query.data]);
  return { messages, query };
}

/** How many items of the tab's league the member has not read (0 when signed out or not a member). */
export function useUnread(enabled: boolean) {
  const trpc = useTRPC();
  const { user } = useSession();
  return useQuery({ ...trpc.chat.unread.queryOptions(user && enabled ? undefined : skipToken), staleTime: 30_000 });
}

/** Marks the feed read up to an item (a mark never goes back: sent again, nothing changes); the unread badge follows the answer. */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.chat.markRead.mutationOptions({
      onSuccess: (unread) => queryClient.setQueryData(trpc.chat.unread.queryKey(), unread),
    }),
  );
}

/*
 * The chat's commands (docs/chat.md): each sends the game's idempotency key and locks from the first
 * click until its answer (`useCommand`), so a double click or a retry does it once.
 */

/** Posts a message; the answer goes on top of the feed at once (the live feed's copy of it is then skipped). */
export function usePostMessage() {
  const trpc = useTRPC();
  const update = useFeedCache();
  return useCommand('chat.post', trpc.chat.post.mutationOptions({ onSuccess: ({ message }) => update((d) => withMessage(d, message)) }));
}

export function useDeleteMessage() {
  const trpc = useTRPC();
  const update = useFeedCache();
  return useCommand(
    'chat.delete',
    trpc.chat.delete.mutationOptions({
      onSuccess: ({ id, message }) => {
        update((d) => withoutMessage(d, id));
        toast.success(message);
      },
      onError: (error) => toast.error(errorMessage(error, 'The message could not be deleted. Try again in a moment.')),
    }),
  );
}

/** Reacts to one item (each item has its own, so a reaction waits only for its own answer). */
export function useReact() {
  const trpc = useTRPC();
  const update = useFeedCache();
  return useCommand(
    'chat.react',
    trpc.chat.react.mutationOptions({
      onSuccess: ({ id, reactions }) => update((d) => withReactions(d, id, reactions)),
      onError: (error) => toast.error(errorMessage(error, 'The reaction could not be saved. Try again in a moment.')),
    }),
  );
}

export function useMute() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCommand(
    'chat.mute',
    trpc.chat.mute.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success(message);
        void queryClient.invalidateQueries({ queryKey: trpc.chat.mutes.queryKey() });
      },
      onError: (error) => toast.error(errorMessage(error, 'The member could not be muted. Try again in a moment.')),
    }),
  );
}

export function useUnmute() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCommand(
    'chat.unmute',
    trpc.chat.unmute.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success(message);
        void queryClient.invalidateQueries({ queryKey: trpc.chat.mutes.queryKey() });
      },
      onError: (error) => toast.error(errorMessage(error, 'The member could not be unmuted. Try again in a moment.')),
    }),
  );
}

/** The members muted now (the moderator's view). */
export function useMutes(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.chat.mutes.queryOptions(enabled ? undefined : skipToken));
}

export type { ChatMessage };
