import { z } from 'zod';
import { id, keyed } from './common.js';
import { LEAGUE_NAME_TEXT, leagueNameProblem, normalLeagueName } from '../league-name.js';
import { RANKINGS } from '../ranking.js';

/** Texts of the league calls. */
export const LEAGUE_TEXT = {
  notFound: 'League not found',
  notMember: 'You are not a member of this league',
  inviteOnly: 'This league is invite-only',
  badInvite: 'This invite link is not valid',
  commissionerOnly: 'Only the league’s commissioner can do that',
  creationAdminsOnly: 'Only the server’s admins can create leagues here',
  cannotRemoveSelf: 'The commissioner cannot remove themselves',
  cannotRemoveFromDefault: 'Nobody can be removed from the default league',
  notAMember: 'That user is not a member of this league',
  removed: (username: string) => `${username} was removed from the league`,
  removedCannotRejoin: 'You were removed from this league: only its commissioner can let you back in',
  notRemoved: 'That user was not removed from this league',
  readmitted: (username: string, league: string) => `${username} can join ${league} again`,
  nameLength: LEAGUE_NAME_TEXT.length,
  nameCharacters: LEAGUE_NAME_TEXT.characters,
  startingCashRange: 'Starting cash must be a whole number of dollars from $1,000 to $1,000,000,000',
  tooManyRun: 'You already run 10 leagues, the most one person can',
  tooManyJoined: 'You are already in 50 leagues',
  serverFull: (max: number) =>
    `This server already holds ${max.toLocaleString('en-US')} leagues, the most it takes: join one of them, or ask the server's admin`,
} as const;

/** Leagues one user may run as commissioner, and belong to (docs/rules.md §10). */
export const MAX_LEAGUES_RUN = 10;
export const MAX_LEAGUES_JOINED = 50;

export const MIN_STARTING_CASH = 1_000;
export const MAX_STARTING_CASH = 1_000_000_000;

/** A league's name as RULES.md has it: NFKC-normalised and trimmed, 3–40 characters, nothing invisible (the server also keeps the default league's name its own). */
export const leagueName = z
  .string({ error: LEAGUE_TEXT.nameLength })
  .max(400, LEAGUE_TEXT.nameLength)
  .transform(normalLeagueName)
  .superRefine((name, ctx) => {
    const problem = leagueNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const startingCash = z
  .number({ error: LEAGUE_TEXT.startingCashRange })
  .int(LEAGUE_TEXT.startingCashRange)
  .min(MIN_STARTING_CASH, LEAGUE_TEXT.startingCashRange)
  .max(MAX_STARTING_CASH, LEAGUE_TEXT.startingCashRange);
const inviteCode = z.string({ error: LEAGUE_TEXT.badInvite }).trim().min(1, LEAGUE_TEXT.badInvite).max(64, LEAGUE_TEXT.badInvite);
const leagueId = id('League id');

export const createLeagueInput = z.object({ name: leagueName, startingCash: startingCash.optional(), ...keyed });
export const joinLeagueInput = z.object({ code: inviteCode });
export const leagueIdInput = z.object({ leagueId });
export const slugInput = z.object({ slug: z.string().min(1).max(80) });
/** What a league ranks its members by (docs/rules.md §5). */
export const ranking = z.enum(RANKINGS, { error: 'Ranking must be shareValue or netWorth' });
export const updateLeagueInput = z.object({ leagueId, name: leagueName.optional(), open: z.boolean().optional(), ranking: ranking.optional(), ...keyed });
export const removeMemberInput = z.object({ leagueId, userId: id('User id'), ...keyed });
/** Lets a removed member back in; the key makes a retried call answer the same. */
export const readmitMemberInput = z.object({ leagueId, userId: id('User id'), ...keyed });
/** The commands about one league (join an open one, switch to it, a new invite code) and joining by code, with their idempotency keys. */
export const leagueCommandInput = leagueIdInput.extend(keyed);
export const joinCommandInput = joinLeagueInput.extend(keyed);

/** A league as everyone may see it (the default and open leagues are listed). */
export const leaguePublic = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  open: z.boolean(),
  isDefault: z.boolean(),
  memberCount: z.number().int(),
  /** What its leaderboard and season standings rank by. */
  ranking,
});
/** A league as its members see it; `startingCash` in dollars. */
export const leagueView = leaguePublic.extend({
  inviteCode: z.string(),
  startingCash: z.number(),
  isCommissioner: z.boolean(),
});
export type LeaguePublic = z.infer<typeof leaguePublic>;
export type LeagueView = z.infer<typeof leagueView>;

export const leagueAnswer = z.object({ league: leagueView });
export const myLeagues = z.object({ currentLeagueId: z.number().int(), leagues: z.array(leagueView) });
export const leagueList = z.object({ leagues: z.array(leaguePublic) });
export const leagueBySlug = leaguePublic.extend({ isMember: z.boolean() });
export const removedMembers = z.object({
  removed: z.array(z.object({ userId: z.number().int(), username: z.string(), avatar: z.string().nullable(), removedAt: z.string() })),
});
export const leagueMembers = z.object({
  members: z.array(
    z.object({ userId: z.number().int(), username: z.string(), avatar: z.string().nullable(), joinedAt: z.string(), isCommissioner: z.boolean() }),
  ),
});

/** What a new member needs to know of a league (its rules page; docs/leagues.md): by its id (readers) or its invite code. */
export const leagueRulesInput = z.union([z.object({ leagueId }), z.object({ code: inviteCode })]);
export const leagueRules = z.object({
  league: leaguePublic,
  /** Every member's cash at the start of each season, in dollars. */
  startingCash: z.number(),
  rankingRule: z.object({ key: ranking, label: z.string(), description: z.string() }),
  /** Team shares bought are locked for this many days (they cannot be listed, dumped or sold). */
  teamLockDays: z.number().int(),
  /** The open market's price of a share, in dollars. */
  openMarketPrice: z.number(),
  season: z.object({ number: z.number().int(), startedAt: z.string(), endsAt: z.string().nullable(), endedSeasons: z.number().int() }),
  /** The commissioner; null in the default league, which the server's admins run. */
  commissioner: z.object({ userId: z.number().int(), username: z.string() }).nullable(),
  chat: z.object({ maxChars: z.number().int(), messagesPerWindow: z.number().int(), windowSeconds: z.number().int() }),
});
export type LeagueRules = z.infer<typeof leagueRules>;
