import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from './context.js';
import { encodingOf } from './encoded-answers.js';
import { appRouter } from './routers/index.js';
import { createCallerFactory } from './trpc.js';

type Caller = ReturnType<typeof appRouter.createCaller>;
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// Flat at run time: `market.players` → its procedure.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const DATA = Buffer.from('{"result":{"data":');
const END_DATA = Buffer.from('}}');
const NO_DATA = Buffer.from('{"result":{}}');

/** The calls of a batched query request (`/trpc/a,b?batch=1&input={"0":…}`), or null for any other request. */
function queryCalls(req: IncomingMessage, url: URL): { path: string; input: unknown }[] | null {
  if (req.method !== 'GET' || url.searchParams.get('batch') !== '1') return null;
  // Streamed answers (httpBatchStreamLink) are tRPC's own.
  if (req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) return null;
  try {
    const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    if (!paths.every((p) => Object.hasOwn(procedures, p) && procedures[p]?._def.type === 'query')) return null;
    const text = url.searchParams.get('input');
    const inputs: unknown = text === null ? {} : JSON.parse(text);
    if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return null;
    return paths.map((path, i) => ({ path, input: (inputs as Record<string, unknown>)[String(i)] }));
  } catch {
    // A path or input tRPC must refuse, in its own words.
    return null;
  }
}

const callOf = (caller: Caller, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;

/**
 * Batched queries — what the web app's refetches send — answered without tRPC's fetch adapter (a
 * Request made of the request, a Response made of one JSON string of the whole batch, then read
 * back as a stream): the same context, each procedure called through tRPC's caller with its
 * middlewares and input and output checks, and the same JSON, written in one piece. An answer made
 * with its bytes (the players list) is sent as they are rather than encoded again for each caller.
 * Any other request, and a batch in which any call fails, is tRPC's handler's to answer in full, so
 * errors keep tRPC's shape and status.
 */
export function createQueryBatchHandler(createContext: (req: IncomingMessage) => Context, trpc: Handler) {
  const createCaller = createCallerFactory(appRouter);
  return function handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const calls = queryCalls(req, url);
    if (!calls) return trpc(req, res);
    void answer(req, res, calls).catch(() => {
      if (!res.headersSent) trpc(req, res);
      // Cut short while written (the client left): not left hanging.
      else res.destroy();
    });
  };

  async function answer(req: IncomingMessage, res: ServerResponse, calls: { path: string; input: unknown }[]): Promise<void> {
    const caller = createCaller(createContext(req));
    const results = await Promise.all(calls.map(({ path, input }) => callOf(caller, path)(input)));
    const pieces: Buffer[] = [OPEN];
    results.forEach((data, i) => {
      if (i > 0) pieces.push(COMMA);
      if (data === undefined) return void pieces.push(NO_DATA);
      pieces.push(DATA, ...(encodingOf(data) ?? [Buffer.from(JSON.stringify(data))]), END_DATA);
    });
    pieces.push(CLOSE);
    res.writeHead(200, {
      'Content-Type': 'application/json',
      Vary: 'trpc-accept, accept',
      'Content-Length': pieces.reduce((n, p) => n + p.length, 0),
    });
    res.cork();
    for (const piece of pieces) res.write(piece);
    res.end();
  }
}
