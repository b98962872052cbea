import type { z } from 'zod';
import type { ExchangeCommand, ExchangeOutcome, ExchangeResult } from '../../engine/commands.js';
import { commandResult, type CommandResult } from '../../shared/schemas/trading.js';
import { codeOfRefusal, refusalError } from '../errors.js';
import { once, type Answer } from '../idempotency/once.js';
import { orderMutation } from '../trpc.js';
import type { Words } from './trade-words.js';

/** The answer to a trade command: what it did, in cents, with its words. */
export function commandResultOf(out: ExchangeOutcome, words: Words): CommandResult {
  const h = out.holding;
  return {
    ...words,
    instrument: { ...out.instrument, name: out.name },
    bought: out.bought,
    sold: out.sold,
    fills: out.fills.map((f) => ({ tradeId: f.tradeId, buyerId: f.buyerId, sellerId: f.sellerId, shares: f.shares, priceCents: f.priceCents })),
    ask: out.ask,
    offer: out.offer,
    holding: h && { shares: h.shares, minSellPriceCents: h.minSellPriceCents, minSellIsDefault: !h.minSellCustom, lockedUntil: h.lockedUntil },
  };
}

/**
 * A trade command (docs/api.md, tRPC `trade.*`): the caller's input becomes one exchange command for
 * the session's user, answered with what happened and its words. With an idempotency key, the
 * answer (a refusal of the game included) is kept in the command's savepoint of the league's group
 * commit, so the key is on disk exactly when the effect is (server/idempotency/once.ts).
 * Signed in, rate-limited and validated by tRPC's flat order path (`orderMutation`).
 */
export function tradeCommand<I extends z.ZodType<{ idempotencyKey?: string | undefined }>>(
  input: I,
  command: (userId: number, input: z.output<I>) => ExchangeCommand,
  words: (outcome: ExchangeOutcome, userId: number) => Words,
) {
  return orderMutation(input, commandResult, ({ ctx, input: payload, path }) =>
    once<CommandResult>(ctx, { command: path, input: payload, store: ctx.services.leagueKeys }, async (remember) => {
      const userId = ctx.user.id;
      const answerOf = (out: ExchangeOutcome) => commandResultOf(out, words(out, userId));
      let kept: CommandResult | undefined;
      const keep =
        remember &&
        ((result: ExchangeResult) => {
          const answer: Answer<CommandResult> = result.ok
            ? { ok: true, value: (kept = answerOf(result.outcome)) }
            : { ok: false, code: codeOfRefusal(result.error.code), message: result.error.message };
          remember(answer);
        });
      const result = await ctx.services.exchange.submit(command(userId, payload as z.output<I>), keep ?? undefined);
      if (!result.ok) throw refusalError(result.error);
      return kept ?? answerOf(result.outcome);
    }),
  );
}
