import { CHAT_TEXT } from '../../shared/chat.js';
import { AUTH_TEXT } from '../../shared/schemas/auth.js';
import { LEAGUE_TEXT } from '../../shared/schemas/leagues.js';
import type { GlobalServices } from '../app-services.js';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';

/**
 * Whether the user was removed from the league and is not back in it: barred by the registry (the
 * commissioner removed them and has not let them back in), or a member who left its market and has
 * not joined again. Asked of the registry first; the league's file only for someone not a member.
 */
export function removedFrom(services: Pick<GlobalServices, 'registry' | 'hub'>, leagueId: number, userId: number): boolean {
  const { registry, hub } = services;
  if (registry.isRemoved(leagueId, userId)) return true;
  if (registry.isMember(leagueId, userId)) return false;
  return hub.get(leagueId)?.feed.isRemoved(userId) ?? false;
}

/**
 * Why the caller may not read the call's league's chat, judged from the context as it is (a call
 * on a WebSocket is judged by a context made for it, trpc.ts): the league gone or not readable by
 * them, or they were removed from it, whatever the league (an open league's chat too). Null: allowed.
 */
export function chatRefusal(ctx: Context): AppError | null {
  if (ctx.leagueMissing) return new AppError('NOT_FOUND', ctx.leagueMissing);
  if (ctx.access === 'none') return new AppError('FORBIDDEN', ctx.services.league.open ? LEAGUE_TEXT.notMember : LEAGUE_TEXT.inviteOnly);
  if (ctx.user && removedFrom(ctx.services, ctx.services.league.id, ctx.user.id)) return new AppError('FORBIDDEN', CHAT_TEXT.removed);
  return null;
}

/**
 * Judges a live subscriber again whenever their access may have changed (the access watch moved, or
 * their session's time ran out): the context made afresh, as for a call. Answers the refusal, or null.
 */
export function chatWatch(ctx: Context): () => AppError | null {
  const { access, now } = ctx.services;
  let seen = access.revision;
  let current = ctx;
  let refusal = chatRefusal(ctx);
  return () => {
    const expired = current.session !== null && current.session.expiresAt <= now();
    if (access.revision !== seen || expired) {
      seen = access.revision;
      current = ctx.renew();
      // A session that ended (signed out, reset, expired) reads no more as that user: the connection is closed by its guard.
      refusal = current.user?.id !== ctx.user?.id ? new AppError('UNAUTHORIZED', AUTH_TEXT.notLoggedIn) : chatRefusal(current);
    }
    return refusal;
  };
}
