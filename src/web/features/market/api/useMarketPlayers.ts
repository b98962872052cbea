import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isLaterList, mergePlayers } from '../../../../shared/players-since';
import { playersListVersions as versions, useKeepPlayers } from '../../../lib/playersList';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { isNoAnswer } from '../../../pwa/connectivity';

/**
 * The market's players list, kept under `market.players`'s own key (so the live plan refreshes it,
 * and every other view of the list shares it), but refreshed as changes: only the rows that changed
 * since the version held come over the wire, not the whole list again; between answers, the ticker
 * brings the list's changes (lib/playersList.ts). The merged list is what is kept for offline use,
 * as `market.players`'s answer; with no answer at all, that is what shows.
 */
export function useMarketPlayers() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const keep = useKeepPlayers();
  const options = trpc.market.players.queryOptions();
  return useQuery({
    queryKey: options.queryKey,
    queryFn: async ({ signal }) => {
      const held = queryClient.getQueryData(options.queryKey);
      const since = held && versions.get(held);
      let answer;
      try {
        answer = await client.market.playersSince.query(since ? { since } : {}, { signal });
      } catch (error) {
        // Offline: the list as last kept (the offline link answers market.players from its copy).
        if (isNoAnswer(error)) return client.market.players.query(undefined, { signal });
        throw error;
      }
      // The ticker may have brought the list past this answer while it was on its way: those rows stay, with the caller's shares from the answer.
      const now = queryClient.getQueryData(options.queryKey);
      const nowVersion = now && versions.get(now);
      if (now && isLaterList(nowVersion, answer.version)) {
        const rows = mergePlayers(now, { ...answer, full: false, rows: [] });
        versions.set(rows, nowVersion!);
        return rows;
      }
      const rows = mergePlayers(since ? held : undefined, answer);
      versions.set(rows, answer.version);
      keep(rows);
      return rows;
    },
    // The list made here is the cache's: a copy would lose its version.
    structuralSharing: false,
  });
}
