import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isNoAnswer, isOnline } from '../pwa/connectivity';
import { ErrorMessage } from './ErrorMessage';
import { Loading } from './Spinner';

/** What QueryState reads of a query (useQuery's and useInfiniteQuery's results both have it). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  fetchStatus: FetchStatus;
  refetch: () => unknown;
}

export const OFFLINE_NOT_LOADED = 'You are offline, and this has not been loaded on this device yet: it loads by itself when you reconnect.';

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Said while it loads: "Loading offers…". */
  loading: string;
  /** Said when it failed (docs/screens.md §4 Texts). */
  failed: string;
  /** Whether the answer has nothing to show; `empty` is shown instead. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Something else the content waits for (a second query). */
  waitFor?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * One way for every read to show its states: the answer when there is one (the last one kept,
 * while a refetch fails or the network is down); else a failure with Try again, a note that it
 * waits for the network, or a spinner; and the empty state when the answer has nothing in it.
 */
export function QueryState<T>({ query, loading, failed, isEmpty, empty, waitFor = false, children }: QueryStateProps<T>) {
  const { data, error } = query;
  if (data === undefined || waitFor) {
    // Offline, a read is tried once (the copy kept in the browser may answer it): a read with nothing kept waits for the network.
    const offline = data === undefined && (query.fetchStatus === 'paused' || (isNoAnswer(error) && !isOnline()));
    if (offline) return <p className="notice">{OFFLINE_NOT_LOADED}</p>;
    if (error) return <ErrorMessage onRetry={() => void query.refetch()}>{failed}</ErrorMessage>;
    return <Loading label={loading} />;
  }
  if (isEmpty?.(data)) return <>{empty ?? null}</>;
  return <>{children(data)}</>;
}
