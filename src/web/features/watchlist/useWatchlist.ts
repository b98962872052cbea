import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useCommand } from '../../lib/useCommand';

const keyOf = (kind: 'player' | 'team', id: number) => `${kind}:${id}`;

/** The signed-in member's stars in this league, as a set of `player:12` keys (empty when signed out). */
export function useWatchlist(enabled: boolean): { starred: ReadonlySet<string>; ready: boolean } {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.watchlist.list.queryOptions(), enabled });
  const starred = useMemo(() => new Set((list.data?.items ?? []).map((i) => keyOf(i.kind, i.id))), [list.data]);
  return { starred, ready: !enabled || list.isSuccess };
}

export const isStarred = (starred: ReadonlySet<string>, kind: 'player' | 'team', id: number): boolean => starred.has(keyOf(kind, id));

/** Star or unstar one player or team: a command with its idempotency key, locked while it runs; the answer is the new list. */
export function useSetWatch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCommand(
    'watchlist.set',
    trpc.watchlist.set.mutationOptions({
      onSuccess: (list) => queryClient.setQueryData(trpc.watchlist.list.queryKey(), list),
      onError: (error) => {
        toast.error(errorMessage(error, 'Your watchlist could not be changed. Please try again.'));
        void queryClient.invalidateQueries(trpc.watchlist.list.pathFilter());
      },
    }),
  );
}
