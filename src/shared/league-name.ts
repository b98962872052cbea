/** RULES.md, Leagues: what a league may be called. Pure rules, each answering a refusal's text or null. */

export const LEAGUE_NAME_TEXT = {
  length: 'League name must be 3-40 characters',
  characters: 'League name cannot contain control or invisible formatting characters (line breaks, zero-width or direction marks)',
  reserved: (name: string) => `“${name}” is this server’s default league: choose another name`,
} as const;

const MIN = 3;
const MAX = 40;
/** Unicode's control (Cc: NUL, line breaks, …) and format (Cf: bidi overrides, zero-width joiners, …) characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/** A name as it is kept and compared: NFKC-normalised (full-width and compatibility forms folded), then trimmed. */
export function normalLeagueName(text: string): string {
  return text.normalize('NFKC').trim();
}

/** 3–40 characters (as people count them, not UTF-16 units), none of them control or format characters. */
export function leagueNameProblem(name: string): string | null {
  const length = [...name].length;
  if (length < MIN || length > MAX) return LEAGUE_NAME_TEXT.length;
  if (INVISIBLE.test(name)) return LEAGUE_NAME_TEXT.characters;
  return null;
}

/** How two names compare: whatever their case or spacing. */
const sameNameKey = (name: string): string =>
  normalLeagueName(name)
    .toUpperCase()
    .toLowerCase()
    .replace(/[\p{White_Space}\p{Cf}]/gu, '');

/** The default league's name is its own: no other league takes it, in any case or spacing. */
export function reservedLeagueName(name: string, defaultName: string): string | null {
  return sameNameKey(name) === sameNameKey(defaultName) ? LEAGUE_NAME_TEXT.reserved(defaultName) : null;
}
