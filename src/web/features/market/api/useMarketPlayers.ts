import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mergePlayers } from '../../../../shared/players-since';
import type { PlayerOut } from '../../../../shared/schemas/market';
import { useLeague } from '../../../lib/league';
import { answerOwner, keptAnswerKey } from '../../../lib/offlineLink';
import { useSession } from '../../../lib/session';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { isNoAnswer } from '../../../pwa/connectivity';
import { keepAnswer } from '../../../pwa/keptAnswers';

/** The version of the players list each list in the cache was made from (lists are made only here). */
const versions = new WeakMap<readonly PlayerOut[], string>();

/**
 * The market's players list, kept under `market.players`'s own key (so the live plan refreshes it,
 * and every other view of the list shares it), but refreshed as changes: only the rows that changed
 * since the version held come over the wire, not the whole list again. The merged list is what is
 * kept for offline use, as `market.players`'s answer; with no answer at all, that is what shows.
 */
export function useMarketPlayers() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  const { leagueId } = useLeague();
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
      const rows = mergePlayers(since ? held : undefined, answer);
      versions.set(rows, answer.version);
      // The same key the offline link keeps market.players's answers under.
      void keepAnswer(keptAnswerKey(answerOwner(token, user?.id ?? null, leagueId), 'market.players', undefined), rows, Date.now());
      return rows;
    },
    // The list made here is the cache's: a copy would lose its version.
    structuralSharing: false,
  });
}
