import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mergePlayers } from '../../../../shared/players-since';
import type { PlayerOut } from '../../../../shared/schemas/market';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';

/** The version of the players list each list in the cache was made from (lists are made only here). */
const versions = new WeakMap<readonly PlayerOut[], string>();

/**
 * The market's players list, kept under `market.players`'s own key (so the live plan refreshes it,
 * and every other view of the list shares it), but refreshed as changes: only the rows that changed
 * since the version held come over the wire, not the whole list again.
 */
export function useMarketPlayers() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const options = trpc.market.players.queryOptions();
  return useQuery({
    queryKey: options.queryKey,
    queryFn: async ({ signal }) => {
      const held = queryClient.getQueryData(options.queryKey);
      const since = held && versions.get(held);
      const answer = await client.market.playersSince.query(since ? { since } : {}, { signal });
      const rows = mergePlayers(since ? held : undefined, answer);
      versions.set(rows, answer.version);
      return rows;
    },
    // The list made here is the cache's: a copy would lose its version.
    structuralSharing: false,
  });
}
