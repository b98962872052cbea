import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_MAX } from '../limits.js';

/**
 * Pages of the lists that grow with the league (keyset pagination): `limit` items (50 unless asked,
 * at most 200) after `cursor`, an opaque string the previous page gave as `nextCursor` (null on the
 * last page). Both may come as query strings from the REST shim.
 */

export { PAGE_DEFAULT, PAGE_MAX };
export const INVALID_CURSOR = 'Invalid cursor: use the nextCursor a previous page gave';

export const pageInput = {
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PAGE_MAX, `Limit must be at most ${PAGE_MAX}`)
    .optional()
    .describe(`Items per page: ${PAGE_DEFAULT} unless given, at most ${PAGE_MAX}`),
  cursor: z
    .string()
    .max(200, INVALID_CURSOR)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR)
    .nullish()
    .describe('Where the page starts: the nextCursor (or X-Next-Cursor header) of the page before; none for the first page'),
};

/** One page of `item`s and where the next one starts. */
export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor is the sort key of a page's last item: whole numbers, as base64url JSON. */
export function encodeCursor(key: readonly number[]): string {
  return btoa(JSON.stringify(key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The sort key a cursor holds, or null when it is not one of `length` whole numbers. */
export function decodeCursor(cursor: string, length: number): number[] | null {
  try {
    const padded = cursor.replace(/-/g, '+').replace(/_/g, '/');
    const key: unknown = JSON.parse(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4)));
    if (!Array.isArray(key) || key.length !== length || !key.every((n) => Number.isSafeInteger(n))) return null;
    return key as number[];
  } catch {
    return null;
  }
}
