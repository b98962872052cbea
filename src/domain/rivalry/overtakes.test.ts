import { describe, expect, it } from 'vitest';
import { ordinal, overtakes, passedText, type Placed } from './overtakes.js';

const p = (userId: number, rank: number): Placed => ({ userId, username: `u${userId}`, rank });

describe('passing in the standings', () => {
  it('tells only the one passed, once, naming who passed them and their place now', () => {
    const moves = overtakes([p(1, 1), p(2, 2), p(3, 3)], [p(1, 1), p(3, 2), p(2, 3)]);
    expect(moves).toEqual([{ userId: 2, by: [{ userId: 3, username: 'u3' }], rank: 3, tied: false }]);
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
        rank: 2,
        tied: true,
      }),
    ).toBe('a and b passed you — you are now tied 2nd');
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
