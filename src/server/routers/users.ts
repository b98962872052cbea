import { publicUser, userIdParam } from '../../shared/schemas/auth.js';
import { toPublicUser } from '../auth/service.js';
import { AppError } from '../errors.js';
import { publicProcedure, router } from '../trpc.js';

export const usersRouter = router({
  get: publicProcedure
    .input(userIdParam)
    .output(publicUser)
    .query(({ ctx, input }) => {
      const user = ctx.services.users.byId(input.id);
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      return toPublicUser(user);
    }),
});
