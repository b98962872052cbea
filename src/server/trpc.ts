import { initTRPC } from '@trpc/server';
import { AUTH_TEXT } from '../shared/schemas/auth.js';
import { toClientError } from './client-error.js';
import type { Context } from './context.js';
import { AppError, toTRPCError } from './errors.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const client = toClientError(error);
    // The stack never leaves the server.
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message: client.message, data: { ...data, fieldErrors: client.fieldErrors ?? null } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = toTRPCError(result.error);
    if (mapped !== result.error) throw mapped;
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapAppErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED', AUTH_TEXT.notLoggedIn);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', 'Only admins can do that');
  return next();
});

/** Orders and other trading writes: signed in, and rate-limited per user. */
export const orderProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await ctx.services.orderLimiter(String(ctx.user.id));
  return next();
});
