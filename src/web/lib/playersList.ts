import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { PlayersChange } from '../../shared/live';
import { followChange, mergeChange } from '../../shared/players-since';
import type { PlayerOut } from '../../shared/schemas/market';
import { keepAnswer } from '../pwa/keptAnswers';
import { useLeague } from './league';
import { answerOwner, keptAnswerKey } from './offlineLink';
import { useSession } from './session';
import { useTRPC } from './trpc';

/** The version of the players list each list in the cache was made from (features/market/api/useMarketPlayers.ts makes them, and the ticker's changes). */
export const playersListVersions = new WeakMap<readonly PlayerOut[], string>();

/** How often, at most, a list brought up to date by the ticker is kept again for offline use (each answer asked for is kept at once). */
const KEEP_CHANGES_EVERY_MS = 30_000;

/** Keeps a players list for offline use, as `market.players`'s answer (the same key the offline link keeps it under). */
export function useKeepPlayers(): (rows: PlayerOut[]) => void {
  const { token, user } = useSession();
  const { leagueId } = useLeague();
  const userId = user?.id ?? null;
  return useCallback(
    (rows) => void keepAnswer(keptAnswerKey(answerOwner(token, userId, leagueId), 'market.players', undefined), rows, Date.now()),
    [token, userId, leagueId],
  );
}

/**
 * Follows the players list's changes that the ticker brings (`LiveTicker.players`): the list held
 * in the cache is brought up to date without asking. The function answers false when the list must
 * be asked for again (a version the change cannot bring up to date); a list not held is left to be
 * asked for when it is shown.
 */
export function useFollowPlayersChange(): (change: PlayersChange) => boolean {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keep = useKeepPlayers();
  // A busy market brings changes several times a second: the copy kept for offline use follows at most every KEEP_CHANGES_EVERY_MS.
  const keptAt = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (change) => {
      const queryKey = trpc.market.players.queryKey();
      const held = queryClient.getQueryData(queryKey);
      if (!held) return true;
      const next = followChange(playersListVersions.get(held), change);
      if (next !== 'merge') return next === 'keep';
      const rows = mergeChange(held, change);
      playersListVersions.set(rows, change.version);
      queryClient.setQueryData(queryKey, rows);
      const now = Date.now();
      if (now - keptAt.current >= KEEP_CHANGES_EVERY_MS) {
        keptAt.current = now;
        keep(rows);
      }
      return true;
    },
    [trpc, queryClient, keep],
  );
}
