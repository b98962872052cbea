import { describe, expect, it } from 'vitest';
import { createLeagueForm, readDollars, renameLeagueForm } from './leagueForms';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the create-a-league form', () => {
  it('reads dollars as people write them', () => {
    expect(readDollars('80,000,000')).toBe(80_000_000);
    expect(readDollars(' $1 000 ')).toBe(1000);
    expect(readDollars('12.5')).toBe(12.5);
    expect(readDollars('lots')).toBeNaN();
    expect(readDollars('1e6')).toBeNaN();
    expect(readDollars('-5')).toBeNaN();
  });

  it('reads a name and starting cash, and no cash as the usual amount', () => {
    expect(createLeagueForm.parse({ name: '  Office pool ', startingCash: '5,000,000' })).toEqual({ name: 'Office pool', startingCash: 5_000_000 });
    expect(createLeagueForm.parse({ name: 'Office pool', startingCash: ' ' })).toEqual({ name: 'Office pool', startingCash: undefined });
  });

  const nameLength = 'League name must be 3-40 characters';
  const cashRange = 'Starting cash must be a whole number of dollars from $1,000 to $1,000,000,000';
  it.each([
    [{ name: 'ab', startingCash: '' }, nameLength],
    [{ name: '  ab  ', startingCash: '' }, nameLength],
    [{ name: 'x'.repeat(41), startingCash: '' }, nameLength],
    [{ name: 'Friends', startingCash: 'plenty' }, cashRange],
    [{ name: 'Friends', startingCash: '999' }, cashRange],
    [{ name: 'Friends', startingCash: '1,000,000,001' }, cashRange],
    [{ name: 'Friends', startingCash: '1000.50' }, cashRange],
  ])('refuses %j: %s', (text, message) => {
    expect(firstError(createLeagueForm.safeParse(text))).toBe(message);
  });

  it('takes the bounds themselves', () => {
    expect(createLeagueForm.parse({ name: 'Min', startingCash: '1000' }).startingCash).toBe(1000);
    expect(createLeagueForm.parse({ name: 'Max', startingCash: '1,000,000,000' }).startingCash).toBe(1_000_000_000);
  });
});

describe('the rename form', () => {
  it('trims the name and keeps the same rules', () => {
    expect(renameLeagueForm.parse({ name: ' Friday five ' })).toEqual({ name: 'Friday five' });
    expect(firstError(renameLeagueForm.safeParse({ name: '  a ' }))).toBe('League name must be 3-40 characters');
  });
});
