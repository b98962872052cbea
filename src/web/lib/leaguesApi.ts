import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useMemo } from 'react';
import type { LeaguesRouter } from './leaguesContract';
import { useTRPC } from './trpc';

export type { LeagueMember, LeaguePublic, LeagueView } from './leaguesContract';

/** The tRPC hooks of the leagues router (`leagues.*`), on the tab's client like every other call. */
export function useLeaguesApi() {
  const trpc = useTRPC() as unknown as TRPCOptionsProxy<LeaguesRouter, { keyPrefix: true }>;
  return useMemo(() => trpc.leagues, [trpc]);
}
