import { accountResult, ACCOUNT_TEXT, setAvatarInput, setUsernameInput } from '../../shared/schemas/account.js';
import { AUTH_TEXT, publicUser, userIdParam } from '../../shared/schemas/auth.js';
import { toAvatarDataUrl } from '../account/avatar.js';
import { toPublicUser } from '../auth/service.js';
import { AppError } from '../errors.js';
import { publicProcedure, router, checkedBy } from '../trpc.js';
import { assertSelf } from './guards.js';
import { inAccounts } from '../idempotency/once.js';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && String((error as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT');

export const usersRouter = router({
  get: publicProcedure
    .input(userIdParam)
    .output(checkedBy(publicUser))
    .query(({ ctx, input }) => {
      const user = ctx.services.users.byId(input.id);
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      return toPublicUser(user);
    }),

  /** A new name for oneself: trimmed and checked like at registration; unique whatever its case. */
  setUsername: publicProcedure
    .input(setUsernameInput)
    .output(checkedBy(accountResult))
    .mutation(async ({ ctx, input, path }) => {
      assertSelf(ctx, input.id);
      const { users } = ctx.services;
      const answer = await inAccounts(signedIn(ctx), path, input, () => {
        const taken = users.byUsername(input.username);
        if (taken && taken.id !== input.id) throw new AppError('CONFLICT', AUTH_TEXT.usernameTaken);
        try {
          users.setUsername(input.id, input.username);
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', AUTH_TEXT.usernameTaken);
          throw error;
        }
        return { message: ACCOUNT_TEXT.usernameUpdated, user: toPublicUser(users.byId(input.id)!) };
      });
      // Every league's copy follows, and the user's other tabs refresh their user box.
      if (!ctx.idempotency.replayed) ctx.services.leagues.accountChanged(users.byId(input.id)!);
      return answer;
    }),

  /** A new picture for oneself: any image as a data URL, stored as a 128×128 PNG data URL. */
  setAvatar: publicProcedure
    .input(setAvatarInput)
    .output(checkedBy(accountResult))
    .mutation(async ({ ctx, input, path }) => {
      assertSelf(ctx, input.id);
      const { users } = ctx.services;
      // Reading the picture is part of validating the input: a file that is not an image is refused before the key.
      const avatar = await toAvatarDataUrl(input.image);
      const answer = await inAccounts(signedIn(ctx), path, input, () => {
        users.setAvatar(input.id, avatar);
        return { message: ACCOUNT_TEXT.avatarUpdated, user: toPublicUser(users.byId(input.id)!) };
      });
      if (!ctx.idempotency.replayed) ctx.services.leagues.accountChanged(users.byId(input.id)!);
      return answer;
    }),
});

/** The context of a call `assertSelf` let through: its user is signed in. */
const signedIn = <C extends { user: unknown }>(ctx: C) => ctx as C & { user: NonNullable<C['user']> };
