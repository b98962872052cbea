/**
 * League addresses (docs/screens.md): every page also lives under `/l/{slug}/…`, which names its
 * league; a page without the prefix shows the tab's own league. Account and site pages, the league
 * list and invite links belong to no league and never take the prefix.
 */

const LEAGUE_PREFIX = /^\/l\/([^/?#]+)(\/[^?#]*)?$/;

/** First path segments that belong to no league. */
const OUTSIDE_LEAGUES = new Set(['login', 'register', 'reset-password', 'privacy', 'changelog', 'leagues', 'join', 'l']);

export interface LeagueLocation {
  /** The league named by the address, or null for an unprefixed page. */
  slug: string | null;
  /** The page inside the league, always starting with "/". */
  rest: string;
}

/** Splits a pathname into the league it names (if any) and the page inside it. */
export function parseLeaguePath(pathname: string): LeagueLocation {
  const match = LEAGUE_PREFIX.exec(pathname);
  if (!match) return { slug: null, rest: pathname || '/' };
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return { slug: null, rest: pathname };
  }
  return { slug, rest: match[2] || '/' };
}

export function firstSegment(path: string): string {
  return path.split(/[/?#]/).find((part) => part !== '') ?? '';
}

/** Whether a page of the app belongs to a league (the market) or to no league (login, the league list…). */
export function isLeaguePage(path: string): boolean {
  return !OUTSIDE_LEAGUES.has(firstSegment(path));
}

/** The address of a page inside the league `slug`; with no slug, or for a page outside leagues, the page as it is. */
export function leaguePath(slug: string | null, path: string): string {
  if (slug === null || !path.startsWith('/') || path.startsWith('//') || !isLeaguePage(path)) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? '' : path.slice(cut);
  return `/l/${encodeURIComponent(slug)}${pathname === '/' ? '' : pathname}${suffix}`;
}
