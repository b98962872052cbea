import { z } from 'zod';
import {
  createLeagueInput,
  joinCommandInput,
  joinLeagueInput,
  leagueCommandInput,
  leagueAnswer,
  leagueBySlug,
  leagueIdInput,
  leagueList,
  leagueMembers,
  leagueRules,
  leagueRulesInput,
  LEAGUE_TEXT,
  myLeagues,
  readmitMemberInput,
  removedMembers,
  removeMemberInput,
  slugInput,
  updateLeagueInput,
} from '../../shared/schemas/leagues.js';
import { seasonCardInput, seasonCardOut } from '../../shared/schemas/seasons.js';
import { AppError } from '../errors.js';
import { inAccounts, once } from '../idempotency/once.js';
import { leagueRulesFor } from '../leagues/rules.js';
import { seasonCard } from '../seasons/card-access.js';
import { authedProcedure, publicProcedure, router, checkedBy } from '../trpc.js';

/** Leagues (docs/leagues.md §5): the caller's, the listed ones, and what members and commissioners do. */
export const leaguesRouter = router({
  mine: authedProcedure.output(checkedBy(myLeagues)).query(({ ctx }) => ctx.services.leagues.mine(ctx.user, ctx.services.league.id)),

  browse: publicProcedure.output(checkedBy(leagueList)).query(({ ctx }) => ctx.services.leagues.browse()),

  bySlug: publicProcedure
    .input(slugInput)
    .output(checkedBy(leagueBySlug))
    .query(({ ctx, input }) => {
      const { registry, leagues } = ctx.services;
      const league = registry.bySlug(input.slug);
      if (!league) throw new AppError('NOT_FOUND', LEAGUE_TEXT.notFound);
      const isMember = ctx.user !== null && registry.isMember(league.id, ctx.user.id);
      const view = leagues.publicView(league);
      if (!isMember && !view.open && !view.isDefault) throw new AppError('FORBIDDEN', LEAGUE_TEXT.inviteOnly);
      return { ...view, isMember };
    }),

  preview: publicProcedure
    .input(joinLeagueInput)
    .output(checkedBy(leagueBySlug.omit({ isMember: true })))
    .query(({ ctx, input }) => {
      const league = ctx.services.registry.byCode(input.code);
      if (!league) throw new AppError('NOT_FOUND', LEAGUE_TEXT.badInvite);
      return ctx.services.leagues.publicView(league);
    }),

  // Commands about leagues keep their idempotency keys in the accounts database, with the registry.
  create: authedProcedure
    .input(createLeagueInput)
    .output(checkedBy(leagueAnswer))
    .mutation(({ ctx, input, path }) => inAccounts(ctx, path, input, () => ({ league: ctx.services.leagues.create(ctx.user, input, ctx.session.id) }))),

  join: authedProcedure
    .input(joinCommandInput)
    .output(checkedBy(leagueAnswer))
    .mutation(({ ctx, input, path }) => inAccounts(ctx, path, input, () => ({ league: ctx.services.leagues.join(ctx.user, input.code, ctx.session.id) }))),

  joinOpen: authedProcedure
    .input(leagueCommandInput)
    .output(checkedBy(leagueAnswer))
    .mutation(({ ctx, input, path }) =>
      inAccounts(ctx, path, input, () => ({ league: ctx.services.leagues.joinOpen(ctx.user, input.leagueId, ctx.session.id) })),
    ),

  switch: authedProcedure
    .input(leagueCommandInput)
    .output(checkedBy(leagueAnswer))
    .mutation(({ ctx, input, path }) =>
      inAccounts(ctx, path, input, () => ({ league: ctx.services.leagues.switchTo(ctx.user, input.leagueId, ctx.session.id) })),
    ),

  update: authedProcedure
    .input(updateLeagueInput)
    .output(checkedBy(leagueAnswer))
    .mutation(({ ctx, input, path }) =>
      inAccounts(ctx, path, input, () => ({
        league: ctx.services.leagues.update(ctx.user, input.leagueId, { name: input.name, open: input.open, ranking: input.ranking }),
      })),
    ),

  regenerateInviteCode: authedProcedure
    .input(leagueCommandInput)
    .output(checkedBy(leagueAnswer))
    .mutation(({ ctx, input, path }) => inAccounts(ctx, path, input, () => ({ league: ctx.services.leagues.regenerateInviteCode(ctx.user, input.leagueId) }))),

  members: authedProcedure
    .input(leagueIdInput)
    .output(checkedBy(leagueMembers))
    .query(({ ctx, input }) => ctx.services.leagues.members(ctx.user, input.leagueId)),

  /** What a new member needs to know of a league: by its id (readers of the league) or its invite code. */
  rules: publicProcedure
    .input(leagueRulesInput)
    .output(checkedBy(leagueRules))
    .query(({ ctx, input }) => leagueRulesFor(ctx, input)),

  /**
   * A season's recap card (a PNG, base64 here; the REST path answers the image itself), for whoever
   * may read the league, or has the share link's key.
   */
  seasonCard: publicProcedure
    .input(seasonCardInput)
    .output(checkedBy(seasonCardOut))
    .query(({ ctx, input }) => seasonCard(ctx, input)),

  removeMember: authedProcedure
    .input(removeMemberInput)
    .output(checkedBy(z.object({ message: z.string() })))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.accountKeys }, (remember) =>
        ctx.services.leagues.removeMember(ctx.user, input.leagueId, input.userId, (value) => remember?.({ ok: true, value })),
      ),
    ),

  /** Those the commissioner removed and has not let back in. */
  removed: authedProcedure
    .input(leagueIdInput)
    .output(checkedBy(removedMembers))
    .query(({ ctx, input }) => ctx.services.leagues.removedMembers(ctx.user, input.leagueId)),

  /** Lets a removed member back in: they may join again. */
  readmit: authedProcedure
    .input(readmitMemberInput)
    .output(checkedBy(z.object({ message: z.string() })))
    .mutation(({ ctx, input, path }) =>
      once(ctx, { command: path, input, store: ctx.services.accountKeys }, (remember) =>
        ctx.services.leagues.readmit(ctx.user, input.leagueId, input.userId, (value) => remember?.({ ok: true, value })),
      ),
    ),
});
