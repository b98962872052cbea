import type { LeagueRow } from '../../db/repos/leagues.js';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';

/** What a caller may do in a league: trade (members), read (anyone, in the default or an open league), or nothing. */
export type LeagueAccess = 'member' | 'reader' | 'none';

export function leagueAccess(league: LeagueRow, isMember: boolean): LeagueAccess {
  if (isMember) return 'member';
  return league.id === DEFAULT_LEAGUE_ID || league.open ? 'reader' : 'none';
}

/** tRPC's routers whose calls are about no league (accounts, the registry, push devices, the contracts). */
const GLOBAL_ROUTERS = new Set(['auth', 'users', 'leagues', 'push', 'admin']);

export const isLeagueCall = (path: string): boolean => !GLOBAL_ROUTERS.has(path.slice(0, path.indexOf('.')));

/** Reads need `reader`, writes need `member`. */
export const allowed = (access: LeagueAccess, type: 'query' | 'mutation' | 'subscription'): boolean =>
  access === 'member' || (access === 'reader' && type !== 'mutation');
