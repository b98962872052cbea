/**
 * Faces without a network: a team's badge (its code as a monogram in its own colours) and a
 * player's avatar (his initials on his team's colours), drawn by us from the team themes — no
 * trademarked logo, nothing fetched. Pure: a face is a few colours and letters, `faceSvg` its SVG.
 */
import { TEAMS, type Team } from '../../shared/teams';
import { contrast, darkenUntil, readableTextOn } from './colors';

export interface Face {
  /** The letters drawn: a team's code, a player's initials. */
  text: string;
  /** The face's colour, its ring's, and its letters' (chosen to read on the face). */
  fill: string;
  ring: string;
  ink: string;
  /** A team's badge is a rounded square (a crest), a player's avatar a circle. */
  shape: 'crest' | 'circle';
}

/** Neutral colours for a team the themes do not know (never for the 30 of the season). */
const UNKNOWN = { primaryColor: '#5B6470', secondaryColor: '#C9CED6' } as const;

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);

export function teamByCode(code: string): Team | undefined {
  return TEAMS.find((t) => t.code === code.toUpperCase());
}

/** A team's code from its full name ("Boston Celtics" → "BOS"), or '' for a name the themes do not know. */
export function teamCodeOfName(name: string): string {
  return TEAMS.find((t) => t.name === name)?.code ?? '';
}

/** A player's initials: first and last name's first letters, a suffix such as "Jr." left out ("Gary Trent Jr." → "GT"). */
export function playerInitials(name: string): string {
  const parts = name
    .trim()
    .split(/\s+/)
    .filter((p) => p.length > 0 && !SUFFIXES.has(p.replace(/\./g, '').toLowerCase()));
  const first = parts[0];
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const letters = [first, last].map((p) => (p ? (Array.from(p.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '') : '')).join('');
  return letters.toUpperCase() || '?';
}

/** The ring: the team's other colour, unless it is too close to the face to be seen, then the letters' colour. */
function ringOn(fill: string, other: string, ink: string): string {
  return contrast(fill, other) >= 1.5 ? other : ink;
}

function faceOn(colors: { primaryColor: string; secondaryColor: string }, text: string, shape: Face['shape']): Face {
  // A mid colour on which neither white nor black reaches 4.5:1 is darkened a little, for white letters.
  const primary = colors.primaryColor;
  const fill = contrast(primary, readableTextOn(primary)) >= 4.5 ? primary : darkenUntil(primary, '#FFFFFF', 4.5);
  const ink = readableTextOn(fill);
  return { text, fill, ring: ringOn(fill, colors.secondaryColor, ink), ink, shape };
}

/** A team's badge: its code in its colours. */
export function teamFace(code: string): Face {
  return faceOn(teamByCode(code) ?? UNKNOWN, code.toUpperCase().slice(0, 3) || '?', 'crest');
}

/** A player's avatar: his initials on his team's colours. */
export function playerFace(name: string, teamCode: string): Face {
  return faceOn(teamByCode(teamCode) ?? UNKNOWN, playerInitials(name), 'circle');
}

/** The letters' size in a 32-unit box: three letters a little smaller than two. */
export const faceFontSize = (text: string): number => (text.length > 2 ? 10.5 : 13);

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The face as an SVG document of `size` pixels (the components draw the same shapes as elements). */
export function faceSvg(face: Face, size = 32): string {
  const shape =
    face.shape === 'circle'
      ? `<circle cx="16" cy="16" r="15" fill="${face.fill}" stroke="${face.ring}" stroke-width="2"/>`
      : `<rect x="1" y="1" width="30" height="30" rx="7" fill="${face.fill}" stroke="${face.ring}" stroke-width="2"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${shape}` +
    `<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${faceFontSize(face.text)}" fill="${face.ink}">${escape(face.text)}</text></svg>`
  );
}
