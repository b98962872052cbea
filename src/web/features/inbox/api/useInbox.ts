import { skipToken, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { INBOX_PAGE_DEFAULT } from '../../../../shared/inbox';
import { useCommand } from '../../../lib/useCommand';
import { useSession } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';

/** The member's inbox, a page at a time, newest first (live events with an entry refresh it). */
export function useInboxPages() {
  const trpc = useTRPC();
  const { user } = useSession();
  return useInfiniteQuery(
    trpc.inbox.list.infiniteQueryOptions(user ? { limit: INBOX_PAGE_DEFAULT } : skipToken, { getNextPageParam: (page) => page.nextCursor }),
  );
}

/** Marking read, one entry or all: each a command with its key; the inbox, its badge and the home refresh after. */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const one = useMutation(trpc.inbox.markRead.mutationOptions());
  const all = useMutation(trpc.inbox.markAllRead.mutationOptions());
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.inbox.pathFilter()), queryClient.invalidateQueries(trpc.home.pathFilter())]);
  const failed = (error: Error) => toast.error('Your inbox could not be marked read', { description: error.message });
  const markOne = useCommand('inbox.markRead', {
    mutationFn: (input: { entryId: number; idempotencyKey?: string | undefined }) => one.mutateAsync(input),
    onSuccess: refresh,
    onError: failed,
  });
  const markAll = useCommand('inbox.markAllRead', {
    mutationFn: (input: { idempotencyKey?: string | undefined }) => all.mutateAsync(input),
    onSuccess: refresh,
    onError: failed,
  });
  return { markOne, markAll };
}
