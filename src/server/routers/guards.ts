import { AUTH_TEXT } from '../../shared/schemas/auth.js';
import { AppError } from '../errors.js';

export const NOT_YOURSELF = 'You can only act for yourself';

/**
 * The server acts for the session's user only: a `userId` (or `buyerId`, `sellerId`) in a call that
 * is not the caller is refused with 403 and nothing happens. Without a session, 401.
 */
export function assertSelf(ctx: { user: { id: number } | null }, userId: number): void {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', AUTH_TEXT.notLoggedIn);
  if (ctx.user.id !== userId) throw new AppError('FORBIDDEN', NOT_YOURSELF);
}
