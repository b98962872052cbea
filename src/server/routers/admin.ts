import { centsToDollars } from '../../shared/money.js';
import {
  auditInput,
  auditResult,
  contractPreviewInput,
  contractPreviewResult,
  draftInput,
  draftResult,
  draftStatusResult,
  retirePlayerInput,
  retireResult,
  salaryResult,
  updateSalaryInput,
} from '../../shared/schemas/admin.js';
import type { z } from 'zod';
import { RETIREMENT_PRICE_CENTS } from '../../domain/market/contracts.js';
import type { Draft, Retirement, SalaryChange } from '../../engine/admin.js';
import { valueOrRefusal } from '../errors.js';
import { once, rememberExclusive } from '../idempotency/once.js';
import { adminProcedure, router, checkedBy } from '../trpc.js';
import { ADMIN_TEXT } from '../../shared/texts.js';

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The answers of the admin's changes, from what the default league's writer did. */
const answer = {
  salary: (change: SalaryChange): z.input<typeof salaryResult> => ({ message: ADMIN_TEXT.salaryUpdated, ...change }),
  retire: ({ paidCents, ...rest }: Retirement): z.input<typeof retireResult> => ({
    message: ADMIN_TEXT.playerRetired,
    ...rest,
    paidOut: centsToDollars(paidCents),
  }),
  draft: ({ picks, restrictedUntil }: Draft): z.input<typeof draftResult> => ({
    message: ADMIN_TEXT.draftSimulated,
    restrictedUntil: new Date(restrictedUntil).toISOString(),
    picks,
  }),
};

/**
 * Admin-only calls (docs/rules.md §7 Contracts and retirement, §8 Draft); everyone else gets 403 and
 * nothing changes. Each takes an idempotency key, kept with the change in the default league's file
 * (whose answer is the admin's); each answers once the change is on disk in every league.
 */
export const adminRouter = router({
  updateSalary: adminProcedure
    .input(updateSalaryInput)
    .output(checkedBy(salaryResult))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.admin.keys() }, async (remember) => {
        const change = valueOrRefusal(
          ctx.services.admin.changeSalary(actorOf(ctx.user), input.id, input.newSalary, rememberExclusive(remember, answer.salary)),
        );
        await ctx.services.admin.idle();
        return answer.salary(change);
      }),
    ),

  retirePlayer: adminProcedure
    .input(retirePlayerInput)
    .output(checkedBy(retireResult))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.admin.keys() }, async (remember) => {
        const retired = valueOrRefusal(ctx.services.admin.retire(actorOf(ctx.user), input.playerId, rememberExclusive(remember, answer.retire)));
        await ctx.services.admin.idle();
        return answer.retire(retired);
      }),
    ),

  draft: adminProcedure
    .input(draftInput)
    .output(checkedBy(draftResult))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.admin.keys() }, async (remember) => {
        const drafted = valueOrRefusal(ctx.services.admin.draft(actorOf(ctx.user), rememberExclusive(remember, answer.draft)));
        await ctx.services.admin.idle();
        return answer.draft(drafted);
      }),
    ),

  /** What a salary change (with `newSalary`) or a retirement of the player would do in every league: the confirmation's figures. */
  preview: adminProcedure
    .input(contractPreviewInput)
    .output(checkedBy(contractPreviewResult))
    .query(({ ctx, input }) => {
      const p = valueOrRefusal(ctx.services.admin.preview(input.playerId, input.newSalary ?? null));
      return {
        playerId: p.playerId,
        name: p.name,
        teamName: p.teamName,
        salary: p.salary,
        newSalary: p.newSalary,
        ratio: p.newSalary === null ? null : p.newSalary / p.salary,
        leagues: p.leagues,
        leaguesWithHoldings: p.leaguesWithHoldings,
        holdings: p.holdings,
        sharesHeld: p.sharesHeld,
        teamHoldings: p.teamHoldings,
        openOrders: p.openOrders,
        payout: centsToDollars(p.sharesHeld * RETIREMENT_PRICE_CENTS),
      };
    }),

  /** When the last draft ran, and from when the next may (docs/rules.md §8). */
  draftStatus: adminProcedure.output(checkedBy(draftStatusResult)).query(({ ctx }) => {
    const { lastDraftAt, nextDraftFrom } = ctx.services.admin.draftStatus();
    return { lastDraftAt: iso(lastDraftAt), nextDraftFrom: iso(nextDraftFrom), canRun: nextDraftFrom === null || ctx.services.now() >= nextDraftFrom };
  }),

  audit: adminProcedure
    .input(auditInput.prefault({}))
    .output(checkedBy(auditResult))
    .query(({ ctx, input }) =>
      ctx.services.admin
        .latestAudit(input.limit)
        .map((e) => ({ id: e.id, actor: e.actor, action: e.action, details: e.details, created_at: new Date(e.createdAt).toISOString() })),
    ),
});
