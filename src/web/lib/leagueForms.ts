import { z } from 'zod';
import { createLeagueInput, leagueName } from '../../shared/schemas/leagues';

/**
 * The league forms' fields hold the text people type; these schemas read it with the server's own
 * input schemas (leagues.create, leagues.update), so a form refuses exactly what the server would.
 */

/** Typed dollars ("80,000,000", "$1 000") as a number; NaN when the text is no amount. */
export function readDollars(text: string): number {
  const bare = text.replace(/[\s,$]/g, '');
  return /^\d+(\.\d+)?$/.test(bare) ? Number(bare) : Number.NaN;
}

/** Create a league: `{ name, startingCash }` as typed; once read, no startingCash means the server's usual amount. */
export const createLeagueForm = z.object({
  name: leagueName,
  startingCash: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : readDollars(text)))
    .pipe(createLeagueInput.shape.startingCash),
});
export type CreateLeagueText = z.input<typeof createLeagueForm>;
export type CreateLeague = z.output<typeof createLeagueForm>;

export const renameLeagueForm = z.object({ name: leagueName });
export type RenameLeague = z.output<typeof renameLeagueForm>;
