import type { z } from 'zod';
import type { Page } from '../../shared/schemas/pages.js';
import type { appRouter } from '../routers/index.js';

export type Caller = ReturnType<typeof appRouter.createCaller>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One REST path of SPEC.md §7, answered by calling the same tRPC procedure a web client would. */
export interface RestRoute<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** OpenAPI-style path under /api, e.g. `/users/{id}`. */
  path: string;
  summary: string;
  tag: string;
  auth: 'none' | 'user' | 'admin';
  input: I;
  output: O;
  /** The largest request body accepted, in bytes. */
  bodyLimit?: number;
  /**
   * The answer to an anonymous caller depends only on the game's state: keep it serialised until
   * the next event (every change to the market publishes one).
   */
  cacheForAnonymous?: boolean;
  /**
   * The call answers one page of a list (`output`): the REST answer is the list itself, as SPEC.md
   * gives it, and the next page's cursor goes in the `X-Next-Cursor` and `Link` headers.
   */
  paged?: boolean;
  /**
   * Gets the payload as it came (path params as numbers) and hands it to a procedure, which parses
   * it: typed as what the wire carries (`pricePerShare` in dollars) and as what parsing yields.
   */
  call: (caller: Caller, input: RestInput<I>) => Promise<unknown>;
}

type RestInput<I extends z.ZodType> = z.input<I> & z.output<I>;

type Typed<I extends z.ZodType, O extends z.ZodType, R> = Omit<RestRoute<I, O>, 'call' | 'paged'> & { call: (caller: Caller, input: RestInput<I>) => Promise<R> };

export function route<I extends z.ZodType, O extends z.ZodType>(r: Typed<I, O, z.input<O>>): RestRoute {
  return r as unknown as RestRoute;
}

/** A path answering a page of a list (`output` is the list): see `paged`. */
export function pagedRoute<I extends z.ZodType, O extends z.ZodArray<z.ZodType>>(r: Typed<I, O, Page<z.input<O['element']>>>): RestRoute {
  return { ...r, paged: true } as unknown as RestRoute;
}
