import { router } from '../trpc.js';
import { authRouter } from './auth.js';
import { usersRouter } from './users.js';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
