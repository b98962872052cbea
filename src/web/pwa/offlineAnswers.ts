import type { Query, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * Which of the app's queries show a kept answer (keptAnswers.ts) because the network call failed,
 * and as of when. The tRPC link marks the answer objects it served from the kept copy
 * (markKeptAnswer); the query cache notes, on each success, whether the query now holds one
 * (noteQueryAnswer). The offline notice reads the oldest time among the queries on screen.
 */

const servedFromKept = new WeakMap<object, number>();
// Queries are only told apart here, whatever their data and error types.
const keptQueries = new WeakMap<object, number>();

/** The link answered with `data` from the answers kept at `at` (objects only: that is every answer the app shows). */
export function markKeptAnswer(data: unknown, at: number): void {
  if (typeof data === 'object' && data !== null) servedFromKept.set(data, at);
}

/** When a query's new data was kept, if it came from the kept answers: an infinite query's oldest page counts. */
function keptAt(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const at = servedFromKept.get(data);
  if (at !== undefined) return at;
  const pages: unknown = (data as { pages?: unknown }).pages;
  if (!Array.isArray(pages)) return null;
  let oldest: number | null = null;
  for (const page of pages) {
    const pageAt = typeof page === 'object' && page !== null ? servedFromKept.get(page) : undefined;
    if (pageAt !== undefined) oldest = oldest === null ? pageAt : Math.min(oldest, pageAt);
  }
  return oldest;
}

/**
 * The query cache's onSuccess: a query that got a kept answer is dated as of when that answer came
 * (so it is stale, and refetched as soon as the network is back), and noted; a real answer clears the note.
 */
export function noteQueryAnswer(data: unknown, query: Query<unknown, unknown>): void {
  const at = keptAt(data);
  if (at === null) {
    keptQueries.delete(query);
    return;
  }
  keptQueries.set(query, at);
  query.setState({ dataUpdatedAt: at });
}

/** Whether `query` holds a kept answer (not yet replaced by a real one). */
export function holdsKeptAnswer(query: object): boolean {
  return keptQueries.has(query);
}

/** The oldest time among the kept answers that queries on screen (with an observer) show, or null when none does. */
export function oldestShownKeptAt(cache: QueryCache): number | null {
  let oldest: number | null = null;
  for (const query of cache.getAll()) {
    const at = keptQueries.get(query);
    if (at !== undefined && query.getObserversCount() > 0) oldest = oldest === null ? at : Math.min(oldest, at);
  }
  return oldest;
}

/** The server answers again: every query that holds a kept answer asks again (those on screen at once). */
export function refetchKeptAnswers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: holdsKeptAnswer }, { cancelRefetch: false });
}
