import { useMemo } from 'react';
import type { RouterOutputs } from './apiTypes';
import { useTRPC } from './trpc';

export type { LeaguePublic, LeagueView } from '../../shared/schemas/leagues';
export type LeagueMember = RouterOutputs['leagues']['members']['members'][number];

/** The tRPC hooks of the leagues router (`leagues.*`), on the tab's client like every other call. */
export function useLeaguesApi() {
  const trpc = useTRPC();
  return useMemo(() => trpc.leagues, [trpc]);
}
