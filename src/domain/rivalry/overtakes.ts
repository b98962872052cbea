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
  /** Who passed them, best placed first. */
  by: { userId: number; username: string }[];
  /** Their place now. */
  rank: number;
  /** Whether others share that place. */
  tied: boolean;
}

/**
 * Member X passed member Y when X was placed below Y before and is placed above Y now (a tie on
 * either side is no passing). Each member passed gets one overtaking naming everyone who passed
 * them since the standings before; members new to either list are left out.
 */
export function overtakes(before: readonly Placed[], after: readonly Placed[]): Overtaking[] {
  const was = new Map(before.map((p) => [p.userId, p.rank]));
  const known = after.filter((p) => was.has(p.userId));
  const shared = new Map<number, number>();
  for (const p of after) shared.set(p.rank, (shared.get(p.rank) ?? 0) + 1);
  const out: Overtaking[] = [];
  for (const y of known) {
    const by = known.filter((x) => x.userId !== y.userId && was.get(x.userId)! > was.get(y.userId)! && x.rank < y.rank).sort((a, b) => a.rank - b.rank);
    if (by.length > 0)
      out.push({ userId: y.userId, by: by.map((x) => ({ userId: x.userId, username: x.username })), rank: y.rank, tied: (shared.get(y.rank) ?? 0) > 1 });
  }
  return out;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${n % 10 > 3 ? 'th' : suffix}`;
}

/** "alice passed you — you are now 3rd" (with every passer, and "tied" when the place is shared). */
export function passedText(o: Overtaking): string {
  const names = o.by.map((b) => b.username);
  const who = names.length === 1 ? names[0]! : names.length === 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${who} passed you — you are now ${o.tied ? 'tied ' : ''}${ordinal(o.rank)}`;
}
