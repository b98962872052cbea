import { z } from 'zod';

/** The league forms' rules, the server's (leagues.create, leagues.update): a name of 3 to 40 characters, starting cash in whole dollars. */
export const MIN_STARTING_CASH = 1_000;
export const MAX_STARTING_CASH = 1_000_000_000;
export const DEFAULT_STARTING_CASH = 80_000_000;

/** Typed dollars ("80,000,000", "$1 000") as a number; NaN when the text is no amount. */
export function readDollars(text: string): number {
  const bare = text.replace(/[\s,$]/g, '');
  return /^\d+(\.\d+)?$/.test(bare) ? Number(bare) : Number.NaN;
}

export const leagueName = z.string().trim().min(3, 'The name needs at least 3 characters').max(40, 'The name can have at most 40 characters');

const startingCash = z
  .number({ error: 'Enter the starting cash in dollars, like 80,000,000' })
  .int('Starting cash is a whole number of dollars')
  .min(MIN_STARTING_CASH, 'Starting cash is at least $1,000')
  .max(MAX_STARTING_CASH, 'Starting cash is at most $1,000,000,000');

/** Create a league: `{ name, startingCash }` as typed; once read, no startingCash means the usual $80,000,000. */
export const createLeagueForm = z.object({
  name: leagueName,
  startingCash: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : readDollars(text)))
    .pipe(startingCash.optional()),
});
export type CreateLeagueText = z.input<typeof createLeagueForm>;
export type CreateLeague = z.output<typeof createLeagueForm>;

export const renameLeagueForm = z.object({ name: leagueName });
export type RenameLeague = z.output<typeof renameLeagueForm>;
