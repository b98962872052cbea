import type { InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PAGE_DEFAULT } from '../../shared/limits';

/** Items a page of the lists that grow with the league asks for (the server's default). */
export const PAGE_SIZE = PAGE_DEFAULT;

/** Where a page ends: React Query's next page param (null: the last page). */
export const nextPage = (page: { nextCursor: string | null }) => page.nextCursor;

/** Every item of the pages loaded so far, in order, each once. */
export function usePagedItems<T, P>(
  data: InfiniteData<P> | undefined,
  items: (page: P) => readonly T[],
  id: (item: T) => number,
  first: readonly T[] = [],
): T[] {
  return useMemo(() => {
    const seen = new Set<number>();
    const out: T[] = [];
    for (const item of [...first, ...(data?.pages.flatMap(items) ?? [])]) {
      if (seen.has(id(item))) continue;
      seen.add(id(item));
      out.push(item);
    }
    return out;
  }, [data, items, id, first]);
}

/** A list kept in pages in React Query's cache (infinite or one page), without one item. */
export function withoutItem<T>(data: unknown, isItem: (item: T) => boolean): unknown {
  if (typeof data !== 'object' || data === null) return data;
  if ('pages' in data && Array.isArray(data.pages)) {
    return { ...data, pages: data.pages.map((p: unknown) => withoutItem(p, isItem)) };
  }
  if ('items' in data && Array.isArray(data.items)) return { ...data, items: (data.items as T[]).filter((i) => !isItem(i)) };
  return data;
}
