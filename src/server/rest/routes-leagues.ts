import { z } from 'zod';
import { mappedRoute, route, type RestRoute } from './route.js';

/** League management (docs/api.md): the shapes scripts rely on. Every SPEC path also works under `/leagues/{leagueId}`. */
export const leagueRestRoutes: RestRoute[] = [
  route('leagues.create', {
    method: 'POST',
    path: '/leagues',
    tag: 'leagues',
    auth: 'user',
    summary: 'Create a league (name, optional starting cash in dollars); the caller becomes its commissioner',
  }),
  route('leagues.join', { method: 'POST', path: '/leagues/join', tag: 'leagues', auth: 'user', summary: 'Join a league with its invite code' }),
  route('leagues.mine', { method: 'GET', path: '/leagues', tag: 'leagues', auth: 'user', summary: 'The caller’s leagues, and which one is current' }),
  route('leagues.browse', { method: 'GET', path: '/leagues/open', tag: 'leagues', auth: 'none', summary: 'The default league and the open leagues' }),
  route('leagues.update', {
    method: 'PATCH',
    path: '/leagues/{leagueId}',
    tag: 'leagues',
    auth: 'user',
    summary: 'Rename a league, make it open or invite-only, or choose what it ranks by: shareValue or netWorth (its commissioner only)',
  }),
  route('leagues.regenerateInviteCode', {
    method: 'POST',
    path: '/leagues/{leagueId}/invite-code',
    tag: 'leagues',
    auth: 'user',
    summary: 'A new invite code; links with the old one stop working (its commissioner only)',
  }),
  route('leagues.rules', {
    method: 'GET',
    path: '/leagues/{leagueId}/rules',
    tag: 'leagues',
    auth: 'none',
    summary: 'What a new member needs to know: starting cash, ranking rule, team lock, season dates, the commissioner (readers of the league)',
  }),
  mappedRoute('leagues.rules', {
    method: 'GET',
    path: '/leagues/invite/{code}/rules',
    tag: 'leagues',
    auth: 'none',
    summary: 'The rules of the league an invite code leads to (anyone holding the code)',
    input: z.object({ code: z.string().max(64) }),
    toProcedure: (input) => ({ code: input.code }),
  }),
  route('leagues.seasonCard', {
    method: 'GET',
    path: '/leagues/{leagueId}/seasons/{season}/card.png',
    tag: 'seasons',
    auth: 'none',
    produces: 'image/png',
    summary: 'An ended season’s recap card, a 1200×630 PNG (readers of the league, or with the share link’s key: ?share=)',
  }),
  route('leagues.removeMember', {
    method: 'DELETE',
    path: '/leagues/{leagueId}/members/{userId}',
    tag: 'leagues',
    auth: 'user',
    summary:
      'Remove a member: their open orders are cancelled with escrow returned; their holdings stay; they cannot join again until let back in (its commissioner only)',
  }),
  route('leagues.removed', {
    method: 'GET',
    path: '/leagues/{leagueId}/removed',
    tag: 'leagues',
    auth: 'user',
    summary: 'The members removed and not let back in (its commissioner only)',
  }),
  route('leagues.readmit', {
    method: 'DELETE',
    path: '/leagues/{leagueId}/removed/{userId}',
    tag: 'leagues',
    auth: 'user',
    summary: 'Let a removed member back in: they may join again (its commissioner only)',
  }),
];
