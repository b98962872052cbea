import { userPageInput } from '../../shared/schemas/market.js';
import { seasonNumberInput } from '../../shared/schemas/seasons.js';
import { mappedRoute, paged, route, type RestRoute } from './route.js';

/**
 * A league's seasons (docs/seasons.md). Declared as paths of the caller's current league, so that
 * `/leagues/{leagueId}/seasons…` is the same path about that league, as for every SPEC path.
 */
export const seasonRestRoutes: RestRoute[] = [
  route('seasons.list', { method: 'GET', path: '/seasons', tag: 'seasons', auth: 'none', summary: 'The league’s seasons; the current one has no endedAt' }),
  route('seasons.end', {
    method: 'POST',
    path: '/seasons/end',
    tag: 'seasons',
    auth: 'user',
    summary: 'End the current season (confirm: the league’s name): orders cancelled, standings archived, the next season starts fresh (its commissioner only)',
  }),
  route('seasons.schedule', {
    method: 'PATCH',
    path: '/seasons/current',
    tag: 'seasons',
    auth: 'user',
    summary:
      'Set when the running season ends by itself (endsAt: an ISO time in the future, or null to clear it) (its commissioner; the default league’s: an admin): {season: {number, startedAt, endsAt}}',
  }),
  route('seasons.get', {
    method: 'GET',
    path: '/seasons/{season}',
    tag: 'seasons',
    auth: 'none',
    summary: 'An ended season’s archive: final standings with holdings, trade figures and statistics',
  }),
  paged(
    mappedRoute('trades.user', {
      method: 'GET',
      path: '/seasons/{season}/trades/user/{userId}',
      tag: 'seasons',
      auth: 'user',
      summary: "The caller's own trades of one season, newest first, a page at a time; userId must be the caller",
      input: userPageInput.extend(seasonNumberInput.shape),
      toProcedure: (input) => input,
    }),
  ),
  route('seasons.finishes', {
    method: 'GET',
    path: '/seasons/finishes/{userId}',
    tag: 'seasons',
    auth: 'none',
    summary: 'A member’s final rank in each ended season',
  }),
];
