import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { AUTH_TEXT } from '../shared/schemas/auth.js';
import { toClientError } from './client-error.js';
import type { Context } from './context.js';
import { AppError, toTRPCError } from './errors.js';
import { allowed, isLeagueCall } from './leagues/access.js';
import { LEAGUE_TEXT } from '../shared/schemas/leagues.js';

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

/** A call about a league needs the right to read it (a query, a subscription) or to trade in it (a mutation). */
function checkLeague(ctx: Context, path: string, type: 'query' | 'mutation' | 'subscription'): void {
  if (!isLeagueCall(path) || allowed(ctx.access, type)) return;
  if (ctx.leagueMissing) throw new AppError('NOT_FOUND', ctx.leagueMissing);
  throw new AppError('FORBIDDEN', ctx.access === 'none' && !ctx.services.league.open ? LEAGUE_TEXT.inviteOnly : LEAGUE_TEXT.notMember);
}

/**
 * The caller as of this call: an HTTP call's context is made for it, a WebSocket's when the
 * connection opened, so there it is made again — a session ended, an admin flag revoked or a
 * membership removed since is seen at the next call (RULES.md, Accounts).
 */
const current = (ctx: Context): Context => (ctx.connection ? ctx.renew() : ctx);

// tRPC copies the whole context into the next level when `next` is given one: given only when it changed (a WebSocket's, renewed).
export const publicProcedure = t.procedure.use(async ({ ctx: opened, path, type, next }) => {
  const ctx = current(opened);
  checkLeague(ctx, path, type);
  return mapErrors(await (ctx === opened ? next() : next({ ctx })));
});

/**
 * Signed in (and whatever `admit` checks of the user), then the call, its errors mapped: one
 * middleware, since each level of tRPC's chain copies the call's options and trading calls are the
 * server's hot path. A guard's AppError is a TRPCError, so it reaches the client with its code.
 */
function signedInProcedure(admit?: (user: NonNullable<Context['user']>, ctx: Context) => Promise<void>) {
  return t.procedure.use(async ({ ctx: opened, path, type, next }) => {
    const ctx = current(opened);
    const auth = signedIn(ctx);
    checkLeague(ctx, path, type);
    if (admit) await admit(auth.user, ctx);
    // tRPC merges what `next` is given into the context it has: the renewed context, or just the narrowed caller.
    return mapErrors(await next({ ctx: ctx === opened ? auth : { ...ctx, ...auth } }));
  });
}

export const authedProcedure = signedInProcedure();

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', 'Only admins can do that');
  return next();
});

/** Orders and other trading writes: signed in, and rate-limited per user. */
export const orderProcedure = signedInProcedure((user, ctx) => ctx.services.orderLimiter(String(user.id)));

/**
 * A procedure's answer check: `schema`'s synchronous parse. Given the schema itself, tRPC would call
 * its `parseAsync`, which zod runs on its slow path (each field a step); its synchronous parse runs
 * the checks it compiles per object, several times faster on a long answer (a portfolio of 500
 * holdings: 2.9 ms against 0.5 ms). The schema stays with it for the REST routes and the OpenAPI
 * document (`rest/route.ts`).
 */
export function checkedBy<S extends z.ZodType>(schema: S): ((value: unknown) => z.output<S>) & { schema: S } {
  return Object.assign((value: unknown) => schema.parse(value), { schema });
}

type SignedInContext = Context & ReturnType<typeof signedIn>;
type OrderResolver<I extends z.ZodType, O extends z.ZodType> = (opts: { ctx: SignedInContext; input: z.output<I>; path: string }) => Promise<z.input<O>>;

/** The order procedure as tRPC's middleware chain builds it: its type is what clients see, and the flat one is tested against it. */
export function chainedOrderMutation<I extends z.ZodType, O extends z.ZodType>(input: I, output: O, resolve: OrderResolver<I, O>) {
  return orderProcedure
    .input(input)
    .output(output)
    .mutation(resolve as never);
}

/**
 * An order procedure (signed in, rate-limited, input and output validated, errors mapped) run as
 * one flat step through tRPC's caller override instead of its middleware chain, where each of the
 * four levels copies the call's options twice: a fifth of the server's time per order went there.
 * The same checks in the same order and the same errors (trpc.test.ts compares the two); the type
 * is that of the chain, so clients see no difference.
 */
export function orderMutation<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  resolve: OrderResolver<I, O>,
): ReturnType<typeof chainedOrderMutation<I, O>> {
  const flat = t.procedure
    .input(input)
    .output(output)
    .experimental_caller(async ({ args }) => {
      const { ctx: opened, getRawInput, path } = args[0] as { ctx: Context; getRawInput: () => Promise<unknown>; path: string };
      const ctx = current(opened);
      const auth = signedIn(ctx);
      checkLeague(ctx, path, 'mutation');
      await ctx.services.orderLimiter(String(auth.user.id));
      const parsedInput = input.safeParse(await getRawInput());
      if (!parsedInput.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsedInput.error });
      let data: unknown;
      try {
        data = await resolve({ ctx: { ...ctx, ...auth }, input: parsedInput.data, path });
      } catch (error) {
        throw toTRPCError(getTRPCErrorFromUnknown(error));
      }
      const parsedOutput = output.safeParse(data);
      if (!parsedOutput.success)
        throw toTRPCError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause: parsedOutput.error }));
      return parsedOutput.data;
    })
    .mutation(resolve as never);
  return flat as unknown as ReturnType<typeof chainedOrderMutation<I, O>>;
}
