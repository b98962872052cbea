import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../context.js';
import { assertSelf } from '../routers/guards.js';
import { appRouter } from '../routers/index.js';

export type Caller = ReturnType<typeof appRouter.createCaller>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every procedure's dotted path (`admin.audit`), from the caller's nested shape. */
type PathsOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown ? `${P}${K}` : PathsOf<T[K], `${P}${K}.`>;
}[keyof T & string];
export type ProcedurePath = PathsOf<Caller>;

/** What the table says of a path; its input and output are the procedure's own. */
interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI-style path under /api, e.g. `/users/{id}`. */
  path: string;
  summary: string;
  tag: string;
  auth: 'none' | 'user' | 'admin';
  /** The largest request body accepted, in bytes. */
  bodyLimit?: number;
  /**
   * The answer is a file of this type, not JSON: the procedure answers `{ contentType, base64 }` and
   * the path sends the bytes.
   */
  produces?: 'image/png';
  /**
   * The answer to an anonymous caller depends only on the game's state: keep it serialised until
   * the next event (every change to the market publishes one).
   */
  cacheForAnonymous?: boolean;
  /** The answer's schema, for a procedure that checks its answer its own way (a function, not a schema). */
  output?: z.ZodType;
}

/** What a call carries besides its payload. */
export interface CallExtras {
  ctx: Context;
  /** The `Idempotency-Key` header, when the request had one (docs/api.md §1): the command's `idempotencyKey`. */
  idempotencyKey: string | undefined;
}

/** One REST path of docs/api.md §2 Paths, answered by calling the same tRPC procedure a web client would. */
export interface RestRoute extends RouteSpec {
  procedure: ProcedurePath;
  /** What the path, query and body hold: the procedure's input, unless the route maps its own onto it. */
  input: z.ZodType;
  /** The answer's schema: the procedure's output (a paged route's: the items of its page). */
  output: z.ZodType;
  /**
   * The call answers one page of a list: the REST answer is the list itself, as docs/api.md §1 Conventions gives it,
   * and the next page's cursor goes in the `X-Next-Cursor` and `Link` headers.
   */
  paged?: boolean;
  /** True when the procedure takes an idempotency key (a command that changes something). */
  keyed: boolean;
  call: (caller: Caller, input: unknown, extras: CallExtras) => Promise<unknown>;
}

interface ProcedureDef {
  _def: { inputs: z.ZodType[]; output?: unknown };
}

/** The schema of an output parser: a zod schema, or one given to `checkedBy`. */
function schemaOf(parser: unknown): z.ZodType | undefined {
  if (parser instanceof z.ZodType) return parser;
  const schema = (parser as { schema?: unknown } | undefined)?.schema;
  return schema instanceof z.ZodType ? schema : undefined;
}

/** The procedure's parsers, as tRPC keeps them: its input (none: an empty object) and output. */
function parsersOf(path: ProcedurePath, documented?: z.ZodType): { input: z.ZodType; output: z.ZodType } {
  // Kept flat at run time, by dotted path (typed as the nested record).
  const procedure = (appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>)[path];
  if (!procedure) throw new Error(`No procedure ${path}`);
  const { inputs } = procedure._def;
  const output = documented ?? schemaOf(procedure._def.output);
  if (inputs.length > 1 || !output) throw new Error(`${path}: a REST route needs one input parser (or none) and an output parser`);
  return { input: inputs[0] ?? z.object({}), output };
}

function callerOf(path: ProcedurePath): (caller: Caller, input: unknown) => Promise<unknown> {
  const keys = path.split('.');
  return (caller, input) => {
    const call = keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
    return call(input);
  };
}

type MaybeObject = z.ZodType & { shape?: Record<string, unknown>; unwrap?: () => MaybeObject };

/** Whether the procedure's input (an object, or one with a default) has an `idempotencyKey`. */
function takesKey(input: MaybeObject): boolean {
  const shape = input.shape ?? input.unwrap?.().shape;
  return shape !== undefined && 'idempotencyKey' in shape;
}

/** The key goes into the procedure's input, over any the body named. */
const withKey = (input: unknown, key: string | undefined): unknown => (key === undefined ? input : { ...(input as object), idempotencyKey: key });

/** A path answered by `procedure`, its payload (path, query or body) being the procedure's input. */
export function route(procedure: ProcedurePath, spec: RouteSpec): RestRoute {
  const parsers = parsersOf(procedure, spec.output);
  const call = callerOf(procedure);
  const keyed = takesKey(parsers.input);
  return { ...spec, procedure, ...parsers, keyed, call: (caller, input, { idempotencyKey }) => call(caller, keyed ? withKey(input, idempotencyKey) : input) };
}

/**
 * A path whose own names (`input`, e.g. `/market/{playerId}/asks`) become the procedure's input
 * through `toProcedure` (e.g. `{ itemType: 'player', itemId: playerId, … }`).
 */
export function mappedRoute<I extends z.ZodType>(
  procedure: ProcedurePath,
  spec: RouteSpec & { input: I; toProcedure: (input: z.output<I>) => unknown },
): RestRoute {
  const { input, toProcedure, ...rest } = spec;
  const call = callerOf(procedure);
  return {
    ...rest,
    procedure,
    input,
    output: parsersOf(procedure).output,
    keyed: false,
    // Unchecked here: the procedure validates what it is given, as for every other route.
    call: (caller, raw) => call(caller, toProcedure(raw as z.output<I>)),
  };
}

/**
 * A SPEC write path answered by a command whose input and answer are the game's own (cents, an
 * instrument `{ kind, id }`): the payload is read with SPEC's `input` (dollars read into cents once),
 * must act for the caller (`actsFor`: 401 without a session, 403 for someone else), becomes the
 * command's input (`toProcedure`, with the `Idempotency-Key`), and the command's answer becomes
 * SPEC's (`fromProcedure`, whose schema is `output`).
 */
export function commandRoute<I extends z.ZodType, O extends z.ZodType>(
  procedure: ProcedurePath,
  spec: RouteSpec & {
    input: I;
    actsFor: (input: z.output<I>) => number;
    toProcedure: (input: z.output<I>) => object;
    output: O;
    fromProcedure: (answer: never) => z.input<O>;
  },
): RestRoute {
  const { input, actsFor, toProcedure, output, fromProcedure, ...rest } = spec;
  const call = callerOf(procedure);
  return {
    ...rest,
    procedure,
    input,
    output,
    keyed: true,
    call: async (caller, raw, { ctx, idempotencyKey }) => {
      // Who the caller is comes first, as on every procedure.
      if (!ctx.user) assertSelf(ctx, 0);
      const parsed = input.safeParse(raw);
      if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
      const payload = parsed.data as z.output<I>;
      assertSelf(ctx, actsFor(payload));
      return fromProcedure((await call(caller, withKey(toProcedure(payload), idempotencyKey))) as never);
    },
  };
}

/** A path answering a page of a list: the REST answer is the page's items (see `paged`). */
export function paged(r: RestRoute): RestRoute {
  const items = (r.output as z.ZodType & { shape?: { items?: z.ZodType } }).shape?.items;
  if (!items) throw new Error(`${r.procedure} does not answer a page`);
  return { ...r, output: items, paged: true };
}
