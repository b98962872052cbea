/**
 * Who passed whom in a league's standings (docs/chat.md, "Rivalry"). Pure: the server keeps the
 * standings it last saw and tells these to the ones passed.
 */

export interface Placed {
  userId: number;
  username: string;
  rank: number;
}

export interface Overtaking {
  /** The member passed, to be told. */
  userId: number;
  /** The best placed of those who passed them, best first: at most `NAMED_PASSERS`. */
  by: { userId: number; username: string }[];
  /** How many passed them. */
  passers: number;
  /** Their place now. */
  rank: number;
  /** Whether others share that place. */
  tied: boolean;
}

/** How many of those who passed a member a notice names; the others are counted. */
export const NAMED_PASSERS = 3;

/**
 * Member X passed member Y when X was placed below Y before and is placed above Y now (a tie on
 * either side is no passing). Each member passed gets one overtaking naming the best placed of
 * those who passed them since the standings before, and counting them all; members new to either
 * list are left out.
 *
 * The members are taken from the worst placed before to the best, each looking among those placed
 * below them before (kept ordered by their place now) for the ones above them now: what it costs is
 * the members' count times its logarithm, not every pair of members nor every passing (a salary
 * change in a league of 2,000 makes tens of thousands).
 */
export function overtakes(before: readonly Placed[], after: readonly Placed[]): Overtaking[] {
  const was = new Map(before.map((p) => [p.userId, p.rank]));
  const known = after.filter((p) => was.has(p.userId));
  const shared = new Map<number, number>();
  for (const p of after) shared.set(p.rank, (shared.get(p.rank) ?? 0) + 1);
  // Those placed below before, ordered by place now (then by their order in `after`): indexes into `known`.
  const below: number[] = [];
  /** How many of `below` are placed above `known[y]` now (they come first). */
  const aboveNow = (y: number) => {
    let lo = 0;
    let hi = below.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (known[below[mid]!]!.rank < known[y]!.rank) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const insert = (x: number) => {
    let lo = 0;
    let hi = below.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = known[below[mid]!]!;
      if (m.rank < known[x]!.rank || (m.rank === known[x]!.rank && below[mid]! < x)) lo = mid + 1;
      else hi = mid;
    }
    below.splice(lo, 0, x);
  };
  const passedBy = new Map<number, { named: number[]; count: number }>();
  const wasOf = (i: number) => was.get(known[i]!.userId)!;
  const worstFirst = known.map((_, i) => i).sort((a, b) => wasOf(b) - wasOf(a));
  for (let g = 0; g < worstFirst.length; ) {
    // Members sharing a place before pass none of each other: the whole place looks before any of it is added.
    let end = g;
    while (end < worstFirst.length && wasOf(worstFirst[end]!) === wasOf(worstFirst[g]!)) end++;
    for (let k = g; k < end; k++) {
      const y = worstFirst[k]!;
      const count = aboveNow(y);
      if (count > 0) passedBy.set(y, { named: below.slice(0, Math.min(count, NAMED_PASSERS)), count });
    }
    for (let k = g; k < end; k++) insert(worstFirst[k]!);
    g = end;
  }
  const out: Overtaking[] = [];
  for (const [i, y] of known.entries()) {
    const passed = passedBy.get(i);
    if (passed)
      out.push({
        userId: y.userId,
        by: passed.named.map((x) => ({ userId: known[x]!.userId, username: known[x]!.username })),
        passers: passed.count,
        rank: y.rank,
        tied: (shared.get(y.rank) ?? 0) > 1,
      });
  }
  return out;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${n % 10 > 3 ? 'th' : suffix}`;
}

/**
 * "alice passed you — you are now 3rd", "alice, bob and cleo passed you — …", "alice, bob, cleo and
 * 297 others passed you — you are now 340th" ("tied" when the place is shared).
 */
export function passedText(o: Overtaking): string {
  const names = o.by.map((b) => b.username);
  const others = o.passers - names.length;
  if (others > 0) names.push(others === 1 ? '1 other' : `${others.toLocaleString('en-US')} others`);
  const who = names.length === 1 ? names[0]! : names.length === 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${who} passed you — you are now ${o.tied ? 'tied ' : ''}${ordinal(o.rank)}`;
}
