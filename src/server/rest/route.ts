import type { z } from 'zod';
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
  call: (caller: Caller, input: z.output<I>) => Promise<z.input<O>>;
}

export function route<I extends z.ZodType, O extends z.ZodType>(r: RestRoute<I, O>): RestRoute {
  return r as unknown as RestRoute;
}
