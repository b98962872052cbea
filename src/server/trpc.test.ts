// Orders run through a flat caller instead of tRPC's middleware chain: it must check the same things
// in the same order and fail with the same errors, as the client sees them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toClientError } from './client-error.js';
import type { Context } from './context.js';
import { AppError, refusalError } from './errors.js';
import { chainedOrderMutation, checkedBy, createCallerFactory, orderMutation, publicProcedure, router } from './trpc.js';

const input = z.object({ userId: z.number().int().positive(), shares: z.number().int().min(1, 'At least one share') });
const output = z.object({ message: z.string(), shares: z.number() });
type Behaviour = 'ok' | 'forbidden' | 'refused' | 'crash' | 'disk full' | 'bad output';

function resolver(behave: () => Behaviour) {
  return async ({ ctx, input: i }: { ctx: { user: { id: number } }; input: z.output<typeof input> }) => {
    switch (behave()) {
      case 'forbidden':
        if (ctx.user.id !== i.userId) throw new AppError('FORBIDDEN', 'You can only act for yourself');
        break;
      case 'refused':
        throw refusalError({ code: 'order_not_open', message: 'Ask 7 is no longer open' });
      case 'crash':
        throw new Error('a bug');
      case 'disk full':
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      case 'bad output':
        return { message: 42 } as unknown as z.input<typeof output>;
    }
    return { message: `bought ${i.shares}`, shares: i.shares, extra: 'dropped by the output schema' } as z.input<typeof output>;
  };
}

describe('orderMutation', () => {
  let behaviour: Behaviour = 'ok';
  const both = router({
    chained: chainedOrderMutation(input, output, resolver(() => behaviour) as never),
    flat: orderMutation(input, output, resolver(() => behaviour) as never),
  });
  const createCaller = createCallerFactory(both);

  /** A context whose limiter records its calls and refuses when told to. */
  function context(signedIn: boolean, limited: boolean) {
    const limited_: string[] = [];
    const ctx = {
      services: {
        orderLimiter: async (key: string) => {
          limited_.push(key);
          if (limited) throw new AppError('TOO_MANY_REQUESTS', 'Too many orders');
        },
      },
      user: signedIn ? { id: 5, username: 'amy', isAdmin: false } : null,
      session: signedIn ? { id: 's', userId: 5, expiresAt: Infinity } : null,
      ip: '127.0.0.1',
      access: 'member',
      leagueMissing: null,
    } as unknown as Context;
    return { ctx, limiterCalls: limited_ };
  }

  async function outcome(name: 'chained' | 'flat', signedIn: boolean, limited: boolean, payload: unknown) {
    const { ctx, limiterCalls } = context(signedIn, limited);
    try {
      return { data: await createCaller(ctx)[name](payload as never), limiterCalls };
    } catch (error) {
      return { error: toClientError(error), limiterCalls };
    }
  }

  const cases: [string, Behaviour, boolean, boolean, unknown][] = [
    ['an order', 'ok', true, false, { userId: 5, shares: 3 }],
    ['no session', 'ok', false, false, { userId: 5, shares: 3 }],
    ['too many orders', 'ok', true, true, { userId: 5, shares: 3 }],
    ['too many orders with a bad input', 'ok', true, true, { userId: 5, shares: 0 }],
    ['a bad input', 'ok', true, false, { userId: 5, shares: 0, more: true }],
    ['not an object', 'ok', true, false, 'nonsense'],
    ['acting for someone else', 'forbidden', true, false, { userId: 6, shares: 1 }],
    ['a refusal of the exchange', 'refused', true, false, { userId: 5, shares: 1 }],
    ['a bug', 'crash', true, false, { userId: 5, shares: 1 }],
    ['a full disk', 'disk full', true, false, { userId: 5, shares: 1 }],
    ['an answer that breaks its schema', 'bad output', true, false, { userId: 5, shares: 1 }],
  ];
  it.each(cases)('answers %s as the middleware chain does', async (_label, behave, signedIn, limited, payload) => {
    behaviour = behave;
    const chained = await outcome('chained', signedIn, limited, payload);
    const flat = await outcome('flat', signedIn, limited, payload);
    expect(flat).toEqual(chained);
  });

  it('answers with the output schema’s data', async () => {
    behaviour = 'ok';
    expect(await outcome('flat', true, false, { userId: 5, shares: 3 })).toEqual({ data: { message: 'bought 3', shares: 3 }, limiterCalls: ['5'] });
  });
});

describe('checkedBy', () => {
  let answer: unknown;
  const both = router({
    schema: publicProcedure.output(output).query(() => answer as never),
    checked: publicProcedure.output(checkedBy(output)).query(() => answer as never),
  });
  const caller = createCallerFactory(both)({ access: 'member', leagueMissing: null } as unknown as Context);

  async function outcome(name: 'schema' | 'checked') {
    try {
      return { data: await caller[name]() };
    } catch (error) {
      return { error: toClientError(error) };
    }
  }

  it.each([
    ['an answer with a field its schema does not name', { message: 'hi', shares: 2, passwordHash: 'secret' }],
    ['an answer that breaks its schema', { message: 42 }],
    ['no answer', undefined],
  ])('checks %s as the schema given to tRPC does', async (_label, value) => {
    answer = value;
    expect(await outcome('checked')).toEqual(await outcome('schema'));
  });

  it('drops what the schema does not name, and refuses an answer that breaks it without showing it', async () => {
    answer = { message: 'hi', shares: 2, passwordHash: 'secret' };
    expect(await outcome('checked')).toEqual({ data: { message: 'hi', shares: 2 } });
    answer = { message: 42 };
    const refused = await outcome('checked');
    expect(refused.error?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(refused)).not.toContain('42');
  });

  it('keeps its schema for the REST routes and the OpenAPI document', () => {
    expect(checkedBy(output).schema).toBe(output);
  });
});
