import { describe, expect, it } from 'vitest';
import { ordinal, shortDollars, standingLine } from './standingText';

describe('the home’s standing line', () => {
  it('says the place and the gap to the leader, or the lead', () => {
    expect(standingLine({ rank: 2, tied: false, of: 14, leader: { gap: 1_200_000, username: 'ann' }, below: null })).toBe('2nd of 14, $1.2M behind the leader');
    expect(standingLine({ rank: 1, tied: false, of: 14, leader: null, below: { gap: -350_000, username: 'bob' } })).toBe('1st of 14, $350K ahead of bob');
    expect(standingLine({ rank: 1, tied: true, of: 3, leader: null, below: { gap: 0, username: 'bob' } })).toBe('Tied for 1st of 3');
    expect([ordinal(11), ordinal(22), ordinal(103)]).toEqual(['11th', '22nd', '103rd']);
    expect([shortDollars(12.5), shortDollars(-2_500_000_000)]).toEqual(['$12.50', '−$2.5B']);
  });
});
