import { initTRPC } from '@trpc/server';
import { AUTH_TEXT } from '../shared/schemas/auth.js';
import { toClientError } from './client-error.js';
import type { Context } from './context.js';
import { AppError, toTRPCError } from './errors.js';

const t = initTRPC.context<Context>().create({
  // Never "development": tRPC would otherwise read NODE_ENV from the environment (which `npm start`
  // does not set) and format a stack trace into the shape of every refused call, only for the
  // formatter below to drop it.
  isDev: false,
  errorFormatter({ shape, error }) {
    const client = toClientError(error);
    // The stack never leaves the server.
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message: client.message, data: { ...data, fieldErrors: client.fieldErrors ?? null } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Known errors (ours, the exchange's, storage failures) keep their code and message; the rest become a generic one. */
function mapErrors<R extends { ok: true } | { ok: false; error: unknown }>(result: R): R {
  if (!result.ok) {
    const mapped = toTRPCError(result.error);
    if (mapped !== result.error) throw mapped;
  }
  return result;
}

function signedIn(ctx: Context): { user: NonNullable<Context['user']>; session: NonNullable<Context['session']> } {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED', AUTH_TEXT.notLoggedIn);
  return { user: ctx.user, session: ctx.session };
}

export const publicProcedure = t.procedure.use(async ({ next }) => mapErrors(await next()));

/**
 * Signed in (and whatever `admit` checks of the user), then the call, its errors mapped: one
 * middleware, since each level of tRPC's chain copies the call's options and trading calls are the
 * server's hot path. A guard's AppError is a TRPCError, so it reaches the client with its code.
 */
function signedInProcedure(admit?: (user: NonNullable<Context['user']>, ctx: Context) => Promise<void>) {
  return t.procedure.use(async ({ ctx, next }) => {
    const auth = signedIn(ctx);
    if (admit) await admit(auth.user, ctx);
    return mapErrors(await next({ ctx: auth }));
  });
}

export const authedProcedure = signedInProcedure();

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', 'Only admins can do that');
  return next();
});

/** Orders and other trading writes: signed in, and rate-limited per user. */
export const orderProcedure = signedInProcedure((user, ctx) => ctx.services.orderLimiter(String(user.id)));
