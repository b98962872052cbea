import {
  askPage,
  countsResult,
  itemPageInput,
  marketDetailInput,
  marketDetailResult,
  myOrdersResult,
  offerPage,
  pageOnlyInput,
  playersSinceInput,
  shareholderPage,
  shareholdersInput,
  shareholdersResult,
  userPageInput,
} from '../../shared/schemas/market.js';
import { checkedGlance } from '../reads/glance.js';
import { checkedPlayerList, checkedPlayersSince } from '../reads/player-list.js';
import { readsOf } from '../reads/service.js';
import { authedProcedure, publicProcedure, router, checkedBy } from '../trpc.js';
import { assertSelf } from './guards.js';

/** The league's reads once a list of every instrument can be built without holding up the event loop (a league just opened reads its marks first). */
async function listReads(services: Parameters<typeof readsOf>[0]): Promise<ReturnType<typeof readsOf>> {
  const reads = readsOf(services);
  await reads.listReady();
  return reads;
}

export const marketRouter = router({
  /** Every active player; `owned` is the caller's shares (0 when not logged in). */
  players: publicProcedure.output(checkedPlayerList).query(async ({ ctx }) => (await listReads(ctx.services)).players(ctx.user?.id ?? null)),

  /**
   * The players list as changes: the rows that changed since the version of it the caller holds
   * (the whole list when it holds none, or one too old), and the caller's shares. What the web app's
   * market table refetches on the live feed, instead of the whole list.
   */
  playersSince: publicProcedure
    .input(playersSinceInput)
    .output(checkedPlayersSince)
    .query(async ({ ctx, input }) => (await listReads(ctx.services)).playersSince(ctx.user?.id ?? null, input.since)),

  /** Every active player and team at a glance (24-hour change, 7-day sparkline), top movers, most traded today, most held. */
  glance: publicProcedure.output(checkedGlance).query(({ ctx }) => readsOf(ctx.services).glance()),

  /** A player and a page of its shareholders, most shares first. */
  shareholders: publicProcedure
    .input(shareholdersInput)
    .output(checkedBy(shareholdersResult))
    .query(({ ctx, input }) => readsOf(ctx.services).shareholders(input.id, ctx.user?.id ?? null, input)),

  /** A player's page: the first page of each list, the book's depth and the first sells a buy would take. */
  detail: publicProcedure
    .input(marketDetailInput)
    .output(checkedBy(marketDetailResult))
    .query(({ ctx, input }) => readsOf(ctx.services).marketDetail(input.playerId, ctx.user?.id ?? null)),

  /** A page of a player's or team's asks, best first. */
  itemAsks: publicProcedure
    .input(itemPageInput)
    .output(checkedBy(askPage))
    .query(({ ctx, input }) => readsOf(ctx.services).itemAsks(input.itemType, input.itemId, input)),

  /** A page of a player's or team's offers, cheapest first. */
  itemOffers: publicProcedure
    .input(itemPageInput)
    .output(checkedBy(offerPage))
    .query(({ ctx, input }) => readsOf(ctx.services).itemOffers(input.itemType, input.itemId, input)),

  /** A page of a player's or team's shareholders, most shares first. */
  holders: publicProcedure
    .input(itemPageInput)
    .output(checkedBy(shareholderPage))
    .query(({ ctx, input }) => readsOf(ctx.services).holders(input.itemType, input.itemId, input)),

  /** Every open offer ("Shares for Sale"), players and teams, a page at a time. */
  offers: publicProcedure
    .input(pageOnlyInput)
    .output(checkedBy(offerPage))
    .query(({ ctx, input }) => readsOf(ctx.services).offers(input)),

  /** Asks on what the caller holds ("Offers For You"): not the caller's own, not declined; a page at a time. */
  relevantAsks: authedProcedure
    .input(userPageInput)
    .output(checkedBy(askPage))
    .query(({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return readsOf(ctx.services).relevantAsks(input.userId, input);
    }),

  /** The navigation badges: every open offer, and the asks shown to the caller. */
  counts: authedProcedure.output(checkedBy(countsResult)).query(({ ctx }) => readsOf(ctx.services).counts(ctx.user.id)),

  /** The caller's open asks and offers. */
  myOrders: authedProcedure.output(checkedBy(myOrdersResult)).query(({ ctx }) => readsOf(ctx.services).myOrders(ctx.user.id)),
});
