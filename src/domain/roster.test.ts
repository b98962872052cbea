import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, parseRosterCsv, splitCsvLine } from './roster.js';

const CODES = ['BOS', 'LAL', 'GSW', 'NYK'] as const;

function errorsOf(text: string): { line: number; message: string }[] {
  const result = parseRosterCsv(text, CODES);
  if (result.ok) throw new Error(`expected errors, got ${result.rows.length} rows`);
  return result.errors;
}

function rowsOf(text: string) {
  const result = parseRosterCsv(text, CODES);
  if (!result.ok) throw new Error(`expected rows, got ${JSON.stringify(result.errors)}`);
  return result.rows;
}

describe('parseRosterCsv', () => {
  it('parses a valid file, skipping comments and blank lines, with physical line numbers', () => {
    const text = [
      '# 2025-26 players',
      '# salaries approximate',
      'name,team,salary',
      'Jayson Tatum,BOS,54126450',
      '',
      '   ',
      'LeBron James,LAL,52627153',
      '# a comment between rows',
      'Stephen Curry,GSW,59606817',
      '',
    ].join('\n');
    expect(rowsOf(text)).toEqual([
      { line: 4, name: 'Jayson Tatum', teamCode: 'BOS', salary: 54126450 },
      { line: 7, name: 'LeBron James', teamCode: 'LAL', salary: 52627153 },
      { line: 9, name: 'Stephen Curry', teamCode: 'GSW', salary: 59606817 },
    ]);
  });

  it('accepts a header in any case with spaces, CRLF line ends and a BOM', () => {
    const text = '\uFEFF Name , TEAM ,Salary \r\nJalen Brunson,NYK,34944001\r\n';
    expect(rowsOf(text)).toEqual([{ line: 2, name: 'Jalen Brunson', teamCode: 'NYK', salary: 34944001 }]);
  });

  it('trims fields and normalises lower-case team codes to upper case', () => {
    expect(rowsOf('name,team,salary\n  Austin Reaves , lal , 13937574 \n')).toEqual([{ line: 2, name: 'Austin Reaves', teamCode: 'LAL', salary: 13937574 }]);
  });

  it('supports double-quoted fields, commas and escaped quotes inside them', () => {
    const text = ['name,team,salary', '"Smith, John",BOS,1000000', '"Shaquille ""Shaq"" O\'Neal",LAL,"2000000"', '  "Spaced Out"  ,NYK,3000000'].join('\n');
    expect(rowsOf(text).map((r) => [r.line, r.name, r.salary])).toEqual([
      [2, 'Smith, John', 1000000],
      [3, 'Shaquille "Shaq" O\'Neal', 2000000],
      [4, 'Spaced Out', 3000000],
    ]);
  });

  it('reports a missing header on the first non-comment line', () => {
    const errors = errorsOf('# comment\n\nJayson Tatum,BOS,54126450\nLeBron James,LAL,52627153\n');
    expect(errors).toEqual([{ line: 3, message: 'line 3: the first line must be the header "name,team,salary"' }]);
  });

  it('reports a wrong header', () => {
    expect(errorsOf('name,team,salary,extra\nA,BOS,1\n')[0]?.line).toBe(1);
    expect(errorsOf('player,team,salary\nA,BOS,1\n')[0]?.message).toMatch(/^line 1: .*header/);
  });

  it('reports an empty file or one with only comments', () => {
    expect(errorsOf('')).toEqual([{ line: 1, message: 'line 1: missing the header "name,team,salary"' }]);
    expect(errorsOf('# only\n# comments\n')[0]?.message).toMatch(/missing the header/);
  });

  it('accepts a header with no rows', () => {
    expect(rowsOf('name,team,salary\n')).toEqual([]);
  });

  it('reports rows with too few or too many fields', () => {
    const errors = errorsOf('name,team,salary\nA,BOS\nB,BOS,100,extra\nC\n');
    expect(errors).toEqual([
      { line: 2, message: 'line 2: expected 3 fields (name,team,salary) but found 2' },
      { line: 3, message: 'line 3: expected 3 fields (name,team,salary) but found 4' },
      { line: 4, message: 'line 4: expected 3 fields (name,team,salary) but found 1' },
    ]);
  });

  it('counts a comma inside quotes as part of the field, not a separator', () => {
    const errors = errorsOf('name,team,salary\nSmith, John,BOS,100\n');
    expect(errors[0]?.message).toBe('line 2: expected 3 fields (name,team,salary) but found 4');
  });

  it('reports malformed quoting', () => {
    const errors = errorsOf('name,team,salary\n"Unclosed,BOS,100\n"A"x,BOS,100\nO"Neal,BOS,100\n');
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(errors[0]?.message).toMatch(/^line 2: .*closing double quote/);
    expect(errors[1]?.message).toMatch(/^line 3: unexpected text after a closing double quote/);
    expect(errors[2]?.message).toMatch(/^line 4: a double quote/);
  });

  it('reports an empty or too long name', () => {
    const long = 'x'.repeat(MAX_NAME_LENGTH + 1);
    const ok = 'y'.repeat(MAX_NAME_LENGTH);
    const errors = errorsOf(`name,team,salary\n  ,BOS,100\n${long},BOS,100\n${ok},BOS,100\n`);
    expect(errors).toEqual([
      { line: 2, message: 'line 2: name must not be empty' },
      { line: 3, message: 'line 3: name must be at most 64 characters' },
    ]);
  });

  it('reports an unknown or empty team code', () => {
    const errors = errorsOf('name,team,salary\nA,XXX,100\nB,,100\nC,BO,100\n');
    expect(errors).toEqual([
      { line: 2, message: 'line 2: unknown team code "XXX"' },
      { line: 3, message: 'line 3: team must not be empty' },
      { line: 4, message: 'line 4: unknown team code "BO"' },
    ]);
  });

  it.each([['0'], ['-5'], ['1.5'], ['1,000'], ['1e6'], ['$100'], ['abc'], [''], ['1_000'], ['+100']])('rejects salary %j', (salary) => {
    const text = `name,team,salary\n# c\nA,BOS,"${salary}"\n`;
    expect(errorsOf(text)).toEqual([{ line: 3, message: 'line 3: salary must be a whole number of dollars above 0' }]);
  });

  it('rejects a salary above one billion dollars, accepts exactly one billion', () => {
    expect(errorsOf('name,team,salary\nA,BOS,1000000001\n')).toEqual([{ line: 2, message: 'line 2: salary must be at most 1,000,000,000 dollars' }]);
    expect(errorsOf('name,team,salary\nA,BOS,99999999999999999999999\n')[0]?.message).toMatch(/at most/);
    expect(rowsOf('name,team,salary\nA,BOS,1000000000\nB,BOS,1\n').map((r) => r.salary)).toEqual([1_000_000_000, 1]);
  });

  it('reports a duplicate name on the second line, ignoring case and extra blanks', () => {
    const errors = errorsOf('name,team,salary\nJohn Smith,BOS,100\nJane Doe,LAL,100\njohn  smith,NYK,200\n');
    expect(errors).toEqual([{ line: 4, message: 'line 4: duplicate name "john  smith" (already on line 2)' }]);
  });

  it('collects every error, several per row, and returns no rows', () => {
    const text = ['name,team,salary', 'Good One,BOS,100', ',XXX,0', 'Good One,LAL,12.5', 'Fine,GSW,1'].join('\n');
    const result = parseRosterCsv(text, CODES);
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty('rows');
    expect(errorsOf(text)).toEqual([
      { line: 3, message: 'line 3: name must not be empty' },
      { line: 3, message: 'line 3: unknown team code "XXX"' },
      { line: 3, message: 'line 3: salary must be a whole number of dollars above 0' },
      { line: 4, message: 'line 4: duplicate name "Good One" (already on line 2)' },
      { line: 4, message: 'line 4: salary must be a whole number of dollars above 0' },
    ]);
  });

  it('compares team codes case-insensitively on both sides', () => {
    expect(parseRosterCsv('name,team,salary\nA,bos,5\n', ['bos'])).toEqual({
      ok: true,
      rows: [{ line: 2, name: 'A', teamCode: 'BOS', salary: 5 }],
    });
  });
});

describe('splitCsvLine', () => {
  it('splits plain and quoted fields', () => {
    expect(splitCsvLine('a,"b,c",,d')).toEqual({ ok: true, fields: ['a', 'b,c', '', 'd'] });
    expect(splitCsvLine('"",x')).toEqual({ ok: true, fields: ['', 'x'] });
    expect(splitCsvLine('a,')).toEqual({ ok: true, fields: ['a', ''] });
  });
});
