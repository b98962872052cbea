import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../components/Spinner';
import { parseLeaguePath } from './leaguePaths';
import { useLeaguesApi, type LeaguePublic, type LeagueView } from './leaguesApi';
import { useSession } from './session';
import { errorStatus, leagueKeyPrefix, TRPCProvider } from './trpc';
import { useClients } from './useClients';

/** The league every visitor plays in; an anonymous visitor's pages without a prefix show it. */
export const DEFAULT_LEAGUE_ID = 1;

/** Why an address naming a league shows none of its pages. */
export type LeagueBlock = 'inviteOnly' | 'unknown' | 'failed';

export interface LeagueScopeValue {
  /** The league the pages show and every call names; null: the session's current one (it could not be found out). */
  leagueId: number | null;
  /** The shown league, when known (the signed-out visitor's default league is not). */
  league: LeaguePublic | null;
  /** The slug of the address's league (`/l/{slug}/…`), kept by every link; null on unprefixed pages. */
  slug: string | null;
  /** The address names a league whose pages cannot be shown, and why. */
  blocked: LeagueBlock | null;
  /** Whether the signed-in visitor plays in the shown league (null: not known, or signed out). */
  isMember: boolean | null;
  /** The signed-in visitor's leagues (empty while loading, and when signed out). */
  myLeagues: readonly LeagueView[];
  /** How the list of the visitor's leagues is coming along. */
  myLeaguesStatus: 'pending' | 'error' | 'success';
  refetchMyLeagues(): void;
  /** Makes `league` (just switched to, created or joined) this tab's own league: what unprefixed pages show from now on. */
  adopt(league: LeagueView): void;
  /** Keeps a league the server just answered (renamed, new invite link) in the user's list at once. */
  remember(league: LeagueView): void;
}

const LeagueContext = createContext<LeagueScopeValue>({
  leagueId: null,
  league: null,
  slug: null,
  blocked: null,
  isMember: null,
  myLeagues: [],
  myLeaguesStatus: 'pending',
  refetchMyLeagues: () => undefined,
  adopt: () => undefined,
  remember: () => undefined,
});

export function useLeague(): LeagueScopeValue {
  return useContext(LeagueContext);
}

function blockOf(error: unknown): LeagueBlock {
  const status = errorStatus(error);
  return status === 403 ? 'inviteOnly' : status === 404 ? 'unknown' : 'failed';
}

/** Marks every league list and league answer, in every league's part of the cache, out of date. */
export function refreshLeagues(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const path = queryKey[1];
      return Array.isArray(path) && path[0] === 'leagues';
    },
  });
}

/**
 * Finds the league the tab shows and gives everything below a tRPC client that names it on every
 * call (and a query-cache prefix of its own). The address names it (`/l/{slug}/…`); unprefixed
 * pages show the tab's own league: the session's current league when the tab opened, then
 * whichever league this tab switches to. Other tabs switching do not change it.
 */
export function LeagueScope({ children }: { children: ReactNode }) {
  const { slug } = parseLeaguePath(useLocation().pathname);
  const { token, user, isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const api = useLeaguesApi();
  const mine = useQuery({ ...api.mine.queryOptions(), enabled: isLoggedIn, staleTime: 30_000 });
  const named = useQuery({ ...api.bySlug.queryOptions({ slug: slug ?? '' }), enabled: slug !== null });

  // The tab's own league: pinned the first time the session's current league is known.
  const [own, setOwn] = useState<number | null>(null);
  if (own === null && mine.data) setOwn(mine.data.currentLeagueId);
  const ownId = !isLoggedIn ? DEFAULT_LEAGUE_ID : (own ?? mine.data?.currentLeagueId ?? null);
  const ownPending = isLoggedIn && ownId === null && mine.isPending;

  const blocked = slug !== null && named.isError ? blockOf(named.error) : null;
  const shown = slug !== null && named.data ? named.data : null;
  const leagueId = shown ? shown.id : ownId;
  const myLeagues = useMemo(() => mine.data?.leagues ?? [], [mine.data]);
  const myLeaguesStatus = mine.status;
  const { refetch } = mine;
  const refetchMyLeagues = useCallback(() => void refetch(), [refetch]);

  const mineKey = useMemo(() => api.mine.queryKey(), [api]);
  const remember = useCallback(
    (league: LeagueView, current?: number) => {
      queryClient.setQueryData(mineKey, (old) => {
        if (!old) return old;
        const known = old.leagues.some((l) => l.id === league.id);
        const leagues = known ? old.leagues.map((l) => (l.id === league.id ? league : l)) : [...old.leagues, league];
        return { currentLeagueId: current ?? old.currentLeagueId, leagues };
      });
      void refreshLeagues(queryClient);
    },
    [queryClient, mineKey],
  );
  const adopt = useCallback(
    (league: LeagueView) => {
      setOwn(league.id);
      remember(league, league.id);
    },
    [remember],
  );

  const value = useMemo<LeagueScopeValue>(() => {
    const league = shown ?? myLeagues.find((l) => l.id === leagueId) ?? null;
    const isMember = !isLoggedIn ? null : shown ? shown.isMember : league !== null;
    return { leagueId, league, slug: shown ? slug : null, blocked, isMember, myLeagues, myLeaguesStatus, refetchMyLeagues, adopt, remember };
  }, [shown, myLeagues, myLeaguesStatus, refetchMyLeagues, leagueId, isLoggedIn, slug, blocked, adopt, remember]);

  const clients = useClients(token, leagueId, user?.id ?? null);
  // Signed in, the user box needs the list of leagues too: both answers come before the pages.
  if ((slug !== null && named.isPending) || ownPending) return <Loading />;
  return (
    <TRPCProvider key={`${token ?? 'anonymous'}:${leagueId}`} trpcClient={clients.client} queryClient={queryClient} keyPrefix={leagueKeyPrefix(leagueId)}>
      <LeagueContext.Provider value={value}>{children}</LeagueContext.Provider>
    </TRPCProvider>
  );
}
