import { describe, expect, it } from 'vitest';
import { LEAGUE_NAME_TEXT, leagueNameProblem, normalLeagueName, reservedLeagueName } from './league-name.js';
import { createLeagueInput, updateLeagueInput } from './schemas/leagues.js';

describe('league names (RULES.md, Leagues)', () => {
  it('are kept trimmed and NFKC-normalised', () => {
    expect(normalLeagueName('  Friday Night  ')).toBe('Friday Night');
    expect(normalLeagueName('Ｆｒｉｄａｙ\u3000Ｎｉｇｈｔ')).toBe('Friday Night');
    expect(normalLeagueName('ﬁve ③')).toBe('five 3');
  });

  it.each([
    ['ab', LEAGUE_NAME_TEXT.length],
    ['x'.repeat(41), LEAGUE_NAME_TEXT.length],
    ['abc', null],
    ['x'.repeat(40), null],
    ['🏀🏀🏀', null],
    ['Caf\u00e9 Crew', null],
    ['Bad\u0000Name', LEAGUE_NAME_TEXT.characters],
    ['Two\nLines', LEAGUE_NAME_TEXT.characters],
    ['Tab\tHere', LEAGUE_NAME_TEXT.characters],
    ['Evil\u202eNAME', LEAGUE_NAME_TEXT.characters],
    ['Zero\u200bWidth', LEAGUE_NAME_TEXT.characters],
    ['Join\u200dEd', LEAGUE_NAME_TEXT.characters],
    ['Byte\ufeffOrder', LEAGUE_NAME_TEXT.characters],
    ['Soft\u00adHyphen', LEAGUE_NAME_TEXT.characters],
  ])('%j: %s', (name, problem) => {
    expect(leagueNameProblem(normalLeagueName(name))).toBe(problem);
  });

  it.each(['Hoops Exchange', 'hoops exchange', 'HOOPS  EXCHANGE', ' HoopsExchange ', 'Ｈｏｏｐｓ Ｅｘｃｈａｎｇｅ', 'hoops\u00a0exchange'])(
    'keep the default league’s name its own: %j',
    (name) => {
      expect(reservedLeagueName(name, 'Hoops Exchange')).toBe(LEAGUE_NAME_TEXT.reserved('Hoops Exchange'));
    },
  );

  it('leave names that only look alike in part', () => {
    expect(reservedLeagueName('Hoops Exchange 2', 'Hoops Exchange')).toBeNull();
    expect(reservedLeagueName('Hoop Exchange', 'Hoops Exchange')).toBeNull();
  });

  it('are read by the calls’ input schemas with a clear message per field', () => {
    expect(createLeagueInput.parse({ name: '  Ｆｒｉｄａｙ Five ' })).toEqual({ name: 'Friday Five' });
    const bad = createLeagueInput.safeParse({ name: 'Evil\u202eName' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(LEAGUE_NAME_TEXT.characters);
    expect(updateLeagueInput.safeParse({ leagueId: 2, name: ' a ' }).error?.issues[0]?.message).toBe(LEAGUE_NAME_TEXT.length);
  });
});
