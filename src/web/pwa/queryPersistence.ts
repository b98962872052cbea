import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { STORAGE_KEYS } from '../lib/storage';

/**
 * The answers the app last had, kept in this browser so that a page opened without a network (the
 * service worker serves the app itself) shows them, marked as of when they came, instead of a
 * spinner. Kept for a day and for one build of the app (an answer's shape may change with it); a
 * logout or a new login empties the query cache, and so this copy too.
 */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** localStorage, or nothing where the browser refuses it (a private window): the app then works without the copy. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const keep = (query: Query) => query.state.status === 'success';

export function queryPersistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage: storage(), key: STORAGE_KEYS.queryCache, throttleTime: 2_000 }),
    maxAge: MAX_AGE_MS,
    buster: __BUILD_ID__,
    dehydrateOptions: { shouldDehydrateQuery: keep },
  };
}

/** When the newest answer on hand arrived (ms since the epoch), or null when there is none. */
export function newestAnswerAt(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) if (query.state.status === 'success') newest = Math.max(newest, query.state.dataUpdatedAt);
  return newest > 0 ? newest : null;
}
