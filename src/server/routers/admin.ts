import { centsToDollars } from '../../shared/money.js';
import { auditInput, auditResult, draftResult, retirePlayerInput, retireResult, salaryResult, updateSalaryInput } from '../../shared/schemas/admin.js';
import { valueOrRefusal } from '../errors.js';
import { adminProcedure, router } from '../trpc.js';
import { ADMIN_TEXT } from '../../shared/texts.js';

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** Admin-only calls (docs/rules.md §7 Contracts and retirement, §8 Draft); everyone else gets 403 and nothing changes. */
export const adminRouter = router({
  updateSalary: adminProcedure
    .input(updateSalaryInput)
    .output(salaryResult)
    .mutation(async ({ ctx, input }) => {
      const change = valueOrRefusal(ctx.services.admin.changeSalary(actorOf(ctx.user), input.id, input.newSalary));
      // Answered once the change is on disk in every league.
      await ctx.services.admin.idle();
      return { message: ADMIN_TEXT.salaryUpdated, ...change };
    }),

  retirePlayer: adminProcedure
    .input(retirePlayerInput)
    .output(retireResult)
    .mutation(async ({ ctx, input }) => {
      const { paidCents, ...rest } = valueOrRefusal(ctx.services.admin.retire(actorOf(ctx.user), input.playerId));
      await ctx.services.admin.idle();
      return { message: ADMIN_TEXT.playerRetired, ...rest, paidOut: centsToDollars(paidCents) };
    }),

  draft: adminProcedure.output(draftResult).mutation(async ({ ctx }) => {
    const { picks, restrictedUntil } = valueOrRefusal(ctx.services.admin.draft(actorOf(ctx.user)));
    await ctx.services.admin.idle();
    return { message: ADMIN_TEXT.draftSimulated, restrictedUntil: new Date(restrictedUntil).toISOString(), picks };
  }),

  audit: adminProcedure
    .input(auditInput.prefault({}))
    .output(auditResult)
    .query(({ ctx, input }) =>
      ctx.services.admin
        .latestAudit(input.limit)
        .map((e) => ({ id: e.id, actor: e.actor, action: e.action, details: e.details, created_at: new Date(e.createdAt).toISOString() })),
    ),
});
