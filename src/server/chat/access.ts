import { CHAT_TEXT } from '../../shared/chat.js';
import { LEAGUE_TEXT } from '../../shared/schemas/leagues.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { leagueAccess } from '../leagues/access.js';

/**
 * Whether the caller of a long-lived call (a live subscription) may still read the league's chat,
 * judged now, not when the connection opened: their session still live, the league still there and
 * readable by them (a member, or anyone in the default or an open league), and not removed from it.
 * A refusal to throw, or null.
 */
export function chatAccessNow(ctx: Context): AppError | null {
  const { registry, sessions } = ctx.services;
  const league = registry.byId(ctx.services.league.id);
  if (!league) return new AppError('NOT_FOUND', LEAGUE_TEXT.notFound);
  const signedIn = ctx.user !== null && ctx.session !== null && sessions.isLive(ctx.session.id);
  const userId = signedIn ? ctx.user!.id : null;
  if (userId !== null && ctx.services.feed.isRemoved(userId)) return new AppError('FORBIDDEN', CHAT_TEXT.removed);
  const access = leagueAccess(league, userId !== null && registry.isMember(league.id, userId));
  return access === 'none' ? new AppError('FORBIDDEN', LEAGUE_TEXT.inviteOnly) : null;
}
