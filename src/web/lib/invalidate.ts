import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { useCallback } from 'react';
import { matchesQuery, type QueryFilter } from '../../shared/live-plan';
import { useLeague } from './league';
import { leagueKeyPrefix } from './trpc';

/**
 * Where the plan of src/shared/live-plan.ts (what a live message or one of the user's actions makes
 * stale) meets the query cache: its filters as React Query's, for the queries of the league shown.
 */

/** The key prefix of the session's own queries (session.tsx): the list of the user's leagues is kept there, for every league. */
const SESSION_PREFIX = 'session';

/**
 * A filter of the plan as React Query's, for one league's queries: tRPC keys are
 * `[[prefix], path, { input, type }]`. The `leagues` calls match the session's copies too.
 */
export function toQueryFilters(filter: QueryFilter, prefix: string): QueryFilters {
  const prefixes = filter.path[0] === 'leagues' ? [prefix, SESSION_PREFIX] : [prefix];
  return {
    predicate: (query) => {
      const [keyPrefix, path, meta] = query.queryKey as [unknown, unknown, { input?: unknown } | undefined];
      return (
        Array.isArray(keyPrefix) && prefixes.includes(keyPrefix[0] as string) && Array.isArray(path) && matchesQuery(filter, path as string[], meta?.input)
      );
    },
  };
}

/** Marks what the filters name out of date in the league `leagueId`'s part of the cache: what is on screen refetches. */
export function invalidatePlan(queryClient: QueryClient, leagueId: number | null, filters: readonly QueryFilter[]): void {
  for (const filter of filters) void queryClient.invalidateQueries(toQueryFilters(filter, leagueKeyPrefix(leagueId)));
}

/** Sets what the filter names in the league `leagueId`'s part of the cache, where it is cached: figures a live message brought. */
export function patchPlan<T>(queryClient: QueryClient, leagueId: number | null, filter: QueryFilter, update: (cached: T) => T): void {
  queryClient.setQueriesData<T>(toQueryFilters(filter, leagueKeyPrefix(leagueId)), (cached) => (cached === undefined ? cached : update(cached)));
}

/** invalidatePlan for the league shown. */
export function useInvalidatePlan(): (filters: readonly QueryFilter[]) => void {
  const queryClient = useQueryClient();
  const { leagueId } = useLeague();
  return useCallback((filters) => invalidatePlan(queryClient, leagueId, filters), [queryClient, leagueId]);
}
