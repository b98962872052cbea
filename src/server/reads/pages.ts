import { decodeCursor, encodeCursor, INVALID_CURSOR, PAGE_DEFAULT, type Page } from '../../shared/schemas/pages.js';
import { AppError } from '../errors.js';

/** What a page input holds once validated. */
export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | null | undefined;
}

/** The sort key of `length` numbers a cursor holds, null without one; a cursor that is not one is refused with 400. */
export function cursorKey(request: PageRequest, length: number): number[] | null {
  if (!request.cursor) return null;
  const key = decodeCursor(request.cursor, length);
  if (!key) throw new AppError('BAD_REQUEST', INVALID_CURSOR);
  return key;
}

/**
 * One page: `fetch` is asked for one more item than the page holds, so that the cursor is given
 * only when another page follows.
 */
export function pageOf<T>(request: PageRequest, fetch: (limit: number) => T[], keyOf: (item: T) => number[]): Page<T> {
  const limit = request.limit ?? PAGE_DEFAULT;
  const got = fetch(limit + 1);
  const items = got.length > limit ? got.slice(0, limit) : got;
  return { items, nextCursor: got.length > limit ? encodeCursor(keyOf(items[items.length - 1]!)) : null };
}

/** The items of a page in another shape, with the same cursor. */
export function mapPage<T, U>(p: Page<T>, map: (items: T[]) => U[]): Page<U> {
  return { items: map(p.items), nextCursor: p.nextCursor };
}
