import { centsToDollars } from '../../shared/money.js';
import { authResult, loginInput, meResult, messageResult, registerInput, requestPasswordResetInput, resetPasswordInput } from '../../shared/schemas/auth.js';
import { toPublicUser } from '../auth/service.js';
import { authedProcedure, publicProcedure, router, checkedBy } from '../trpc.js';

export const authRouter = router({
  register: publicProcedure
    .input(registerInput)
    .output(checkedBy(authResult))
    .mutation(({ ctx, input }) => ctx.services.auth.register(input, ctx.ip)),

  login: publicProcedure
    .input(loginInput)
    .output(checkedBy(authResult))
    .mutation(({ ctx, input }) => ctx.services.auth.login(input, ctx.ip)),

  logout: authedProcedure.output(checkedBy(messageResult)).mutation(({ ctx }) => {
    ctx.services.auth.logout(ctx.session.id);
    return { message: 'Logged out' };
  }),

  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .output(checkedBy(messageResult))
    .mutation(({ ctx, input }) => ctx.services.auth.requestPasswordReset(input.email, ctx.ip)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(checkedBy(messageResult))
    .mutation(({ ctx, input }) => ctx.services.auth.resetPassword(input)),

  me: authedProcedure.output(checkedBy(meResult)).query(({ ctx }) => {
    const { valuation } = ctx.services;
    const cash = ctx.user.balanceCents;
    const value = cash + valuation.escrowCents(ctx.user.id) + valuation.shareValueCents(ctx.user.id);
    return { user: toPublicUser(ctx.user), balance: centsToDollars(cash), value: centsToDollars(value) };
  }),
});
