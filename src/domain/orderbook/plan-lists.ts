/** The lists of a plan being made: one shared empty list, and lists grown without waste. */

/** The empty list of every plan, shared. */
export const NONE: readonly never[] = Object.freeze([]);

/**
 * `list` with `item` added (a new list when `list` is null). The first four items make arrays of
 * their exact length, rather than push growing a short array to seventeen slots or more (a call
 * into V8's runtime): most plans list one or two trades, and the users of up to three.
 */
export function append<T>(list: T[] | null, item: T): T[] {
  if (list === null) return [item];
  switch (list.length) {
    case 1:
      return [list[0]!, item];
    case 2:
      return [list[0]!, list[1]!, item];
    case 3:
      return [list[0]!, list[1]!, list[2]!, item];
  }
  list.push(item);
  return list;
}
