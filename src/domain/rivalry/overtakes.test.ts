import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAMED_PASSERS, ordinal, overtakes, passedText, type Placed } from './overtakes.js';

const p = (userId: number, rank: number): Placed => ({ userId, username: `u${userId}`, rank });

describe('passing in the standings', () => {
  it('tells only the one passed, once, naming who passed them and their place now', () => {
    const moves = overtakes([p(1, 1), p(2, 2), p(3, 3)], [p(1, 1), p(3, 2), p(2, 3)]);
    expect(moves).toEqual([{ userId: 2, by: [{ userId: 3, username: 'u3' }], passers: 1, rank: 3, tied: false }]);
    expect(passedText(moves[0]!)).toBe('u3 passed you — you are now 3rd');
  });

  it('names everyone who passed a member, and tells each member passed', () => {
    const moves = overtakes([p(1, 1), p(2, 2), p(3, 3)], [p(3, 1), p(1, 2), p(2, 3)]);
    expect(moves.map((m) => [m.userId, m.by.map((b) => b.userId), m.rank])).toEqual([
      [1, [3], 2],
      [2, [3], 3],
    ]);
  });

  it('counts no passing from or into a tie, nor of a member new to the standings', () => {
    expect(overtakes([p(1, 1), p(2, 1)], [p(2, 1), p(1, 2)])).toEqual([]);
    expect(overtakes([p(1, 1), p(2, 2)], [p(2, 1), p(1, 1)])).toEqual([]);
    expect(overtakes([p(1, 1)], [p(2, 1), p(1, 2)])).toEqual([]);
    expect(
      passedText({
        userId: 1,
        by: [
          { userId: 2, username: 'a' },
          { userId: 3, username: 'b' },
        ],
        passers: 2,
        rank: 2,
        tied: true,
      }),
    ).toBe('a and b passed you — you are now tied 2nd');
  });

  it('names the three best placed of those who passed a member and counts the others', () => {
    const named = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: i + 2, username: `n${i + 1}` }));
    const text = (passers: number) => passedText({ userId: 1, by: named(Math.min(passers, NAMED_PASSERS)), passers, rank: passers + 1, tied: false });
    expect(text(3)).toBe('n1, n2 and n3 passed you — you are now 4th');
    expect(text(4)).toBe('n1, n2, n3 and 1 other passed you — you are now 5th');
    expect(text(1_299)).toBe('n1, n2, n3 and 1,296 others passed you — you are now 1300th');
  });

  it('passed by every member below at once: each is told once, naming three and counting all', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => i + 1);
    // The order turned upside down: member i is passed by everyone placed below them before.
    const moves = overtakes(ranked(ids, ids.map((i) => 10_000 - i)), ranked(ids, ids.map((i) => i)));
    expect(moves).toHaveLength(1_999);
    const first = moves.find((m) => m.userId === 1)!;
    expect(first).toEqual({
      userId: 1,
      by: [2_000, 1_999, 1_998].map((userId) => ({ userId, username: `u${userId}` })),
      passers: 1_999,
      rank: 2_000,
      tied: false,
    });
    expect(moves.find((m) => m.userId === 1_999)!.passers).toBe(1);
  });

  it('writes places as people say them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});

/** The rule as written, every pair of members compared: what `overtakes` must answer. */
function overtakesByPairs(before: readonly Placed[], after: readonly Placed[]) {
  const was = new Map(before.map((q) => [q.userId, q.rank]));
  const known = after.filter((q) => was.has(q.userId));
  return known.flatMap((y) => {
    const by = known.filter((x) => x.userId !== y.userId && was.get(x.userId)! > was.get(y.userId)! && x.rank < y.rank).sort((a, b) => a.rank - b.rank);
    return by.length === 0
      ? []
      : [{ userId: y.userId, by: by.slice(0, NAMED_PASSERS).map((x) => ({ userId: x.userId, username: x.username })), passers: by.length, rank: y.rank }];
  });
}

/** Standings of `ids` ranked by `figures` (equal figures share a place), listed best first as the server lists them. */
const ranked = (ids: number[], figures: number[]): Placed[] => {
  const rows = ids.map((userId, i) => ({ userId, figure: figures[i] ?? 0 })).sort((a, b) => b.figure - a.figure);
  return rows.map((r) => p(r.userId, rows.findIndex((q) => q.figure === r.figure) + 1));
};

describe('passing in large standings', () => {
  it('finds exactly the passings that comparing every pair finds, ties, newcomers and leavers included', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 0, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 120, maxLength: 120 }),
        fc.integer({ min: 0, max: 5 }),
        (ids, figures, churn) => {
          const before = ranked(ids.slice(churn), figures);
          const after = ranked(ids.slice(0, ids.length - churn), figures.slice(60));
          const moves = overtakes(before, after);
          expect(moves.map(({ tied: _tied, ...m }) => m)).toEqual(overtakesByPairs(before, after));
          for (const m of moves) expect(m.tied).toBe(after.filter((q) => q.rank === m.rank).length > 1);
        },
      ),
    );
  });

  it('handles a league of 2,000 with a few moving as a trade does', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => i + 1);
    const before = ranked(ids, ids.map((i) => 10_000 - i));
    const after = ranked(ids, ids.map((i) => (i === 1_500 ? 20_000 : 10_000 - i)));
    const moves = overtakes(before, after);
    expect(moves).toHaveLength(1_499);
    expect(moves[0]).toEqual({ userId: 1, by: [{ userId: 1_500, username: 'u1500' }], passers: 1, rank: 2, tied: false });
  });
});
