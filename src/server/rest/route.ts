import { z } from 'zod';
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
  call: (caller: Caller, input: unknown) => Promise<unknown>;
}

interface ProcedureDef {
  _def: { inputs: z.ZodType[]; output?: z.ZodType };
}

/** The procedure's parsers, as tRPC keeps them: its input (none: an empty object) and output. */
function parsersOf(path: ProcedurePath): { input: z.ZodType; output: z.ZodType } {
  // Kept flat at run time, by dotted path (typed as the nested record).
  const procedure = (appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>)[path];
  if (!procedure) throw new Error(`No procedure ${path}`);
  const { inputs, output } = procedure._def;
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

/** A path answered by `procedure`, its payload (path, query or body) being the procedure's input. */
export function route(procedure: ProcedurePath, spec: RouteSpec): RestRoute {
  return { ...spec, procedure, ...parsersOf(procedure), call: callerOf(procedure) };
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
    // Unchecked here: the procedure validates what it is given, as for every other route.
    call: (caller, raw) => call(caller, toProcedure(raw as z.output<I>)),
  };
}

/** A path answering a page of a list: the REST answer is the page's items (see `paged`). */
export function paged(r: RestRoute): RestRoute {
  const items = (r.output as z.ZodType & { shape?: { items?: z.ZodType } }).shape?.items;
  if (!items) throw new Error(`${r.procedure} does not answer a page`);
  return { ...r, output: items, paged: true };
}
