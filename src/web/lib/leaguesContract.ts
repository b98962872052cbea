import type { initTRPC } from '@trpc/server';
import { z } from 'zod';

// The server's leagues router as agreed, until the server's own type is there to import.
// Only its types are used: nothing imports this module at run time.

export interface LeaguePublic {
  id: number;
  slug: string;
  name: string;
  open: boolean;
  isDefault: boolean;
  memberCount: number;
}

export interface LeagueView extends LeaguePublic {
  inviteCode: string;
  /** Dollars. */
  startingCash: number;
  isCommissioner: boolean;
  season?: unknown;
}

export interface LeagueMember {
  userId: number;
  username: string;
  avatar: string | null;
  joinedAt: string;
  isCommissioner: boolean;
}

declare const t: ReturnType<typeof initTRPC.create>;
const answer = <T>() => null as unknown as T;
const league = z.object({ leagueId: z.number() });

const _leaguesRouter = t.router({
  leagues: t.router({
    mine: t.procedure.query(() => answer<{ currentLeagueId: number; leagues: LeagueView[] }>()),
    browse: t.procedure.query(() => answer<{ leagues: LeaguePublic[] }>()),
    bySlug: t.procedure.input(z.object({ slug: z.string() })).query(() => answer<LeaguePublic & { isMember: boolean }>()),
    preview: t.procedure.input(z.object({ code: z.string() })).query(() => answer<LeaguePublic>()),
    create: t.procedure.input(z.object({ name: z.string(), startingCash: z.number().optional() })).mutation(() => answer<{ league: LeagueView }>()),
    join: t.procedure.input(z.object({ code: z.string() })).mutation(() => answer<{ league: LeagueView }>()),
    switch: t.procedure.input(league).mutation(() => answer<{ league: LeagueView }>()),
    update: t.procedure.input(league.extend({ name: z.string().optional(), open: z.boolean().optional() })).mutation(() => answer<{ league: LeagueView }>()),
    regenerateInviteCode: t.procedure.input(league).mutation(() => answer<{ league: LeagueView }>()),
    members: t.procedure.input(league).query(() => answer<{ members: LeagueMember[] }>()),
    removeMember: t.procedure.input(league.extend({ userId: z.number() })).mutation(() => answer<{ message: string }>()),
  }),
});

export type LeaguesRouter = typeof _leaguesRouter;
