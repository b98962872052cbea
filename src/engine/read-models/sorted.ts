/** A total order: negative when `a` comes first. */
export type Order<T> = (a: T, b: T) => number;

/** The first index whose element does not come before `probe` (in `order`). */
export function lowerBound<T, P>(items: readonly T[], probe: P, compare: (item: T, probe: P) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(items[mid]!, probe) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts `item` in its place; equal elements keep their order of insertion. */
export function insertSorted<T>(items: T[], item: T, order: Order<T>): void {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(items[mid]!, item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  items.splice(lo, 0, item);
}

/** Removes `item` (the same object), found by binary search in `order`. */
export function removeSorted<T>(items: T[], item: T, order: Order<T>): void {
  let at = lowerBound(items, item, order);
  while (at < items.length && items[at] !== item && order(items[at]!, item) === 0) at++;
  if (items[at] !== item) {
    // Not where its key says (its key changed in place): find it the slow way.
    at = items.indexOf(item);
    if (at < 0) return;
  }
  items.splice(at, 1);
}

/**
 * Changes `item`'s key with `update` and moves it to its new place, shifting only the elements it
 * passes: a small change of key (a rescale's rounding) costs a few steps, not two splices of the list.
 */
export function moveSorted<T>(items: T[], item: T, order: Order<T>, update: () => void): void {
  let at = lowerBound(items, item, order);
  while (at < items.length && items[at] !== item && order(items[at]!, item) === 0) at++;
  if (items[at] !== item) at = items.indexOf(item);
  update();
  if (at < 0) {
    insertSorted(items, item, order);
    return;
  }
  while (at > 0 && order(items[at - 1]!, item) > 0) {
    items[at] = items[at - 1]!;
    at--;
  }
  while (at < items.length - 1 && order(item, items[at + 1]!) >= 0) {
    items[at] = items[at + 1]!;
    at++;
  }
  items[at] = item;
}

/**
 * The first `limit` elements after `after` of several sorted lists, merged in `order`, skipping
 * those `skip` refuses: a page of a list kept in parts (every instrument's asks, say).
 */
export function mergePage<T, C>(
  lists: readonly (readonly T[])[],
  after: C | null,
  comesAfter: (item: T, cursor: C) => boolean,
  order: Order<T>,
  limit: number,
  skip: (item: T) => boolean,
): T[] {
  // A binary heap of [list, position], by the element at the position.
  const heads: { list: readonly T[]; at: number }[] = [];
  for (const list of lists) {
    if (list.length === 0) continue;
    let at = 0;
    if (after !== null) {
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (comesAfter(list[mid]!, after)) hi = mid;
        else lo = mid + 1;
      }
      at = lo;
    }
    if (at < list.length) heads.push({ list, at });
  }
  const less = (i: number, j: number) => order(heads[i]!.list[heads[i]!.at]!, heads[j]!.list[heads[j]!.at]!) < 0;
  const swap = (i: number, j: number) => {
    const t = heads[i]!;
    heads[i] = heads[j]!;
    heads[j] = t;
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heads.length && less(l, m)) m = l;
      if (r < heads.length && less(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (let i = (heads.length >>> 1) - 1; i >= 0; i--) down(i);
  const out: T[] = [];
  while (heads.length > 0 && out.length < limit) {
    const top = heads[0]!;
    const item = top.list[top.at]!;
    if (!skip(item)) out.push(item);
    top.at++;
    if (top.at >= top.list.length) {
      heads[0] = heads[heads.length - 1]!;
      heads.pop();
    }
    if (heads.length > 0) down(0);
  }
  return out;
}
