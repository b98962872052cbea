import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink, isTRPCClientError } from '@trpc/client';
import { initTRPC, TRPCError } from '@trpc/server';
// eslint-disable-next-line no-restricted-imports -- the test's own tRPC server, none of the game's
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isNoAnswer } from '../pwa/connectivity';
import { forgetKeptAnswers, keepAnswer, keptAnswer, keptAnswerCount, keptGeneration } from '../pwa/keptAnswers';
import { keptAnswerKey, offlineFallbackLink, type AnswerOwner, type AnswerStore } from './offlineLink';

// A real tRPC server over HTTP, and a real port with nothing listening: the network being down, as fetch sees it.
const t = initTRPC.create();
const prices = new Map<number, number>([
  [1, 110],
  [2, 250],
]);
let bumps = 0;
let forbidden = false;
const router = t.router({
  price: t.procedure.input(z.object({ id: z.number(), side: z.string().optional() })).query(({ input }) => {
    if (forbidden) throw new TRPCError({ code: 'FORBIDDEN', message: 'Not a member of this league' });
    return { id: input.id, cents: prices.get(input.id) ?? 0 };
  }),
  broken: t.procedure.query((): { ok: boolean } => {
    throw new Error('database is locked');
  }),
  bump: t.procedure.mutation(() => ({ bumps: ++bumps })),
});
type Router = typeof router;

let server: Server;
let upUrl = '';
let downUrl = '';

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = createServer(createHTTPHandler({ router }));
  upUrl = await listen(server);
  const closed = createServer();
  downUrl = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const store: AnswerStore = { generation: keptGeneration, keep: keepAnswer, find: keptAnswer };
const served: { data: unknown; at: number }[] = [];
let clock = 1_000;

function client(owner: AnswerOwner, online: boolean, changes?: ReadonlySet<string>) {
  return createTRPCClient<Router>({
    links: [
      offlineFallbackLink<Router>({ owner, store, changes, isNoAnswer, onKeptAnswer: (data, at) => served.push({ data, at }), now: () => clock }),
      httpBatchLink({ url: online ? upUrl : downUrl }),
    ],
  });
}

const ann: AnswerOwner = { userId: 7, leagueId: 3 };

/** Keeping is not waited for by the read: wait until the copy is there. */
async function keptFor(owner: AnswerOwner, path: string, input: unknown): Promise<void> {
  await vi.waitFor(async () => expect(await keptAnswer(keptAnswerKey(owner, path, input))).not.toBeNull());
}

async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail('the call was answered'),
    (error: unknown) => error,
  );
}

beforeEach(async () => {
  await forgetKeptAnswers();
  served.length = 0;
  forbidden = false;
  prices.set(1, 110);
});

describe('offlineFallbackLink', () => {
  it('keeps each answer to a read, and gives it, as of when it came, when nothing answers', async () => {
    clock = 12_000;
    expect(await client(ann, true).price.query({ id: 1 })).toEqual({ id: 1, cents: 110 });
    await keptFor(ann, 'price', { id: 1 });

    expect(await client(ann, false).price.query({ id: 1 })).toEqual({ id: 1, cents: 110 });
    expect(served).toEqual([{ data: { id: 1, cents: 110 }, at: 12_000 }]);
  });

  it('never answers from the copy while the server answers: new figures and server errors come through as they are', async () => {
    expect(await client(ann, true).price.query({ id: 1 })).toEqual({ id: 1, cents: 110 });
    await keptFor(ann, 'price', { id: 1 });

    prices.set(1, 175);
    expect(await client(ann, true).price.query({ id: 1 })).toEqual({ id: 1, cents: 175 });
    forbidden = true;
    const refused = await failure(client(ann, true).price.query({ id: 1 }));
    expect(isTRPCClientError(refused) && refused.data?.httpStatus).toBe(403);
    const broken = await failure(client(ann, true).broken.query());
    expect(isTRPCClientError(broken) && broken.data?.httpStatus).toBe(500);
    expect(served).toEqual([]);
  });

  it('keeps the newest answer: the copy given offline is the last one the server sent', async () => {
    clock = 1_000;
    await client(ann, true).price.query({ id: 1 });
    await keptFor(ann, 'price', { id: 1 });
    prices.set(1, 320);
    clock = 2_000;
    await client(ann, true).price.query({ id: 1 });
    await vi.waitFor(async () => expect((await keptAnswer(keptAnswerKey(ann, 'price', { id: 1 })))?.at).toBe(2_000));

    expect(await client(ann, false).price.query({ id: 1 })).toEqual({ id: 1, cents: 320 });
    expect(served.map((s) => s.at)).toEqual([2_000]);
  });

  it('fails as before when nothing answers and nothing was kept for that user, league and input', async () => {
    await client(ann, true).price.query({ id: 1, side: 'buy' });
    await keptFor(ann, 'price', { id: 1, side: 'buy' });

    for (const [owner, input] of [
      [
        { userId: 8, leagueId: 3 },
        { id: 1, side: 'buy' },
      ],
      [
        { userId: 7, leagueId: 4 },
        { id: 1, side: 'buy' },
      ],
      [
        { userId: 7, leagueId: null },
        { id: 1, side: 'buy' },
      ],
      [
        { userId: null, leagueId: 3 },
        { id: 1, side: 'buy' },
      ],
      [ann, { id: 2, side: 'buy' }],
      [ann, { id: 1 }],
    ] as const) {
      const error = await failure(client(owner, false).price.query(input));
      expect(isNoAnswer(error), JSON.stringify([owner, input])).toBe(true);
    }
    // The same input with its keys in another order is the same read.
    expect(await client(ann, false).price.query({ side: 'buy', id: 1 })).toEqual({ id: 1, cents: 110 });
  });

  it('neither keeps nor answers from the copy a read answered as changes (its answer is not whole)', async () => {
    const asChanges = new Set(['price']);
    expect(await client(ann, true, asChanges).price.query({ id: 2 })).toEqual({ id: 2, cents: 250 });
    // Another read, kept: by then the first would have been kept too.
    expect(await client(ann, true).price.query({ id: 1 })).toEqual({ id: 1, cents: 110 });
    await keptFor(ann, 'price', { id: 1 });
    expect(await keptAnswer(keptAnswerKey(ann, 'price', { id: 2 }))).toBeNull();
    await expect(failure(client(ann, false, asChanges).price.query({ id: 1 }))).resolves.toSatisfy(isNoAnswer);
    expect(served).toEqual([]);
  });

  it('never keeps or answers a mutation', async () => {
    expect(await client(ann, true).bump.mutate()).toEqual({ bumps: 1 });
    const error = await failure(client(ann, false).bump.mutate());
    expect(isNoAnswer(error)).toBe(true);
    expect(bumps).toBe(1);
    expect(await keptAnswerCount()).toBe(0);
  });

  it('keeps nothing once the kept answers are forgotten, not even an answer asked for before', async () => {
    await client(ann, true).price.query({ id: 1 });
    await keptFor(ann, 'price', { id: 1 });
    const before = keptGeneration();
    await forgetKeptAnswers();
    expect(await keptAnswerCount()).toBe(0);
    await keepAnswer(keptAnswerKey(ann, 'price', { id: 2 }), { id: 2, cents: 250 }, 5_000, before);
    expect(await keptAnswerCount()).toBe(0);
    await failure(client(ann, false).price.query({ id: 1 }));
  });
});
