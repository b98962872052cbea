import { accountResult, ACCOUNT_TEXT, setAvatarInput, setUsernameInput } from '../../shared/schemas/account.js';
import { AUTH_TEXT, publicUser, userIdParam } from '../../shared/schemas/auth.js';
import { toAvatarDataUrl } from '../account/avatar.js';
import { toPublicUser } from '../auth/service.js';
import { AppError } from '../errors.js';
import { publicProcedure, router } from '../trpc.js';
import { assertSelf } from './guards.js';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && String((error as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT');

export const usersRouter = router({
  get: publicProcedure
    .input(userIdParam)
    .output(publicUser)
    .query(({ ctx, input }) => {
      const user = ctx.services.users.byId(input.id);
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      return toPublicUser(user);
    }),

  /** A new name for oneself: trimmed and checked like at registration; unique whatever its case. */
  setUsername: publicProcedure
    .input(setUsernameInput)
    .output(accountResult)
    .mutation(({ ctx, input }) => {
      assertSelf(ctx, input.id);
      const { users } = ctx.services;
      const taken = users.byUsername(input.username);
      if (taken && taken.id !== input.id) throw new AppError('CONFLICT', AUTH_TEXT.usernameTaken);
      try {
        users.setUsername(input.id, input.username);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', AUTH_TEXT.usernameTaken);
        throw error;
      }
      // Every league's copy follows, and the user's other tabs refresh their user box.
      ctx.services.leagues.accountChanged(users.byId(input.id)!);
      return { message: ACCOUNT_TEXT.usernameUpdated, user: toPublicUser(users.byId(input.id)!) };
    }),

  /** A new picture for oneself: any image as a data URL, stored as a 128×128 PNG data URL. */
  setAvatar: publicProcedure
    .input(setAvatarInput)
    .output(accountResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.id);
      const avatar = await toAvatarDataUrl(input.image);
      ctx.services.users.setAvatar(input.id, avatar);
      ctx.services.leagues.accountChanged(ctx.services.users.byId(input.id)!);
      return { message: ACCOUNT_TEXT.avatarUpdated, user: toPublicUser(ctx.services.users.byId(input.id)!) };
    }),
});
