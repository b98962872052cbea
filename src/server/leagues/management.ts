import type { Db } from '../../db/client.js';
import { DEFAULT_LEAGUE_ID, leagueSlug, newInviteCode, writeNewLeagueFile } from '../../db/leagues/files.js';
import type { AuditRepo } from '../../db/repos/audit.js';
import type { LeagueRow, LeaguesRepo } from '../../db/repos/leagues.js';
import type { UserRow } from '../../db/repos/users.js';
import { joinMarket, removeFromMarket } from '../../engine/membership.js';
import { centsToDollars } from '../../shared/money.js';
import { NEW_LEAGUE_RANKING, type Ranking } from '../../shared/ranking.js';
import { LEAGUE_TEXT, MAX_LEAGUES_JOINED, MAX_LEAGUES_RUN, type LeaguePublic, type LeagueView } from '../../shared/schemas/leagues.js';
import { AppError } from '../errors.js';
import { reservedLeagueName } from '../../shared/league-name.js';
import type { LeagueHub } from './hub.js';
import type { LeagueServices } from './league-services.js';
import type { AccessWatch } from '../auth/access-watch.js';

export type LeagueCreation = 'anyone' | 'admins';

export interface LeagueManagementDeps {
  accounts: Db;
  registry: LeaguesRepo;
  hub: LeagueHub;
  audit: AuditRepo;
  now: () => number;
  dataDir: string;
  migrationsFolder: string;
  creation: LeagueCreation;
  /** The most leagues the server holds (MAX_LEAGUES), the default league included. */
  maxLeagues: number;
  /** Told when someone's access to a league ends (a removal, a league made invite-only). */
  access: AccessWatch;
}

const fail = (code: 'NOT_FOUND', message: string): never => {
  throw new AppError(code, message);
};

type Caller = Pick<UserRow, 'id' | 'username' | 'avatar' | 'isAdmin'>;

/** What every league call shares: the registry's rows as callers see them, who may act, the audit. */
function basics(deps: LeagueManagementDeps) {
  const { registry, hub, now } = deps;
  const transaction = <T>(fn: () => T): T => deps.accounts.$client.transaction(fn)();

  const known = (leagueId: number): LeagueRow => registry.byId(leagueId) ?? fail('NOT_FOUND', LEAGUE_TEXT.notFound);
  const market = (leagueId: number): LeagueServices => hub.get(leagueId) ?? fail('NOT_FOUND', LEAGUE_TEXT.notFound);
  const publicView = (l: LeagueRow): LeaguePublic => ({
    id: l.id,
    slug: l.slug,
    name: l.name,
    open: l.open,
    isDefault: l.id === DEFAULT_LEAGUE_ID,
    memberCount: registry.memberCount(l.id),
    ranking: l.ranking,
  });
  const view = (l: LeagueRow, userId: number): LeagueView => ({
    ...publicView(l),
    inviteCode: l.inviteCode,
    startingCash: centsToDollars(l.startingCashCents),
    isCommissioner: l.commissionerId === userId,
  });
  const commissioned = (user: Caller, leagueId: number): LeagueRow => {
    const league = known(leagueId);
    if (league.commissionerId !== user.id) throw new AppError('FORBIDDEN', LEAGUE_TEXT.commissionerOnly);
    return league;
  };
  const uniqueSlug = (name: string): string => {
    const base = leagueSlug(name);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!registry.bySlug(slug)) return slug;
    }
  };
  /** The default league's name is taken, in any case or spacing (checked beside the input's schema, which cannot know it). */
  const nameFree = (name: string): void => {
    const taken = reservedLeagueName(name, known(DEFAULT_LEAGUE_ID).name);
    if (taken) throw new AppError('BAD_REQUEST', taken);
  };
  const record = (user: Caller, action: string, details: Record<string, unknown>) =>
    deps.audit.record({ actorId: user.id, actor: user.username, action, details, at: now() });

  /** The member's row in the league's file (their cash), then the membership: a crash between is repaired when the league opens. */
  const addMember = (league: LeagueRow, user: Caller): void => {
    if (registry.isRemoved(league.id, user.id)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.removedCannotRejoin);
    if (league.id !== DEFAULT_LEAGUE_ID && registry.countsOf(user.id).joined >= MAX_LEAGUES_JOINED) throw new AppError('FORBIDDEN', LEAGUE_TEXT.tooManyJoined);
    const services = market(league.id);
    const joined = joinMarket(services.exchange, services.db, { id: user.id, username: user.username, avatar: user.avatar }, league.startingCashCents);
    if (!joined.ok) throw new AppError('SERVICE_UNAVAILABLE', joined.error.message);
    const at = now();
    registry.addMember(league.id, user.id, at);
    services.feed.memberJoined(user, at);
  };

  return { deps, registry, hub, now, transaction, known, market, publicView, view, commissioned, uniqueSlug, nameFree, record, addMember };
}
type Basics = ReturnType<typeof basics>;

/** Creating, joining, finding and switching leagues. */
function joiningCalls(b: Basics) {
  const { deps, registry, now, transaction, known, market, publicView, view, uniqueSlug, nameFree, record, addMember } = b;
  function join(user: Caller, code: string, sessionId: string | null): LeagueView {
    const league = registry.byCode(code) ?? fail('NOT_FOUND', LEAGUE_TEXT.badInvite);
    if (!registry.isMember(league.id, user.id)) addMember(league, user);
    if (sessionId) registry.setCurrent(sessionId, league.id);
    return view(league, user.id);
  }

  return {
    /** Joins the default league (every new account does). */
    joinDefault(user: Caller): void {
      addMember(known(DEFAULT_LEAGUE_ID), user);
    },

    mine(user: Caller, currentLeagueId: number): { currentLeagueId: number; leagues: LeagueView[] } {
      return { currentLeagueId, leagues: registry.ofUser(user.id).map((l) => view(l, user.id)) };
    },

    browse(): { leagues: LeaguePublic[] } {
      return { leagues: registry.listed().map(publicView) };
    },

    create(user: Caller, input: { name: string; startingCash?: number | undefined }, sessionId: string | null): LeagueView {
      if (deps.creation === 'admins' && !user.isAdmin) throw new AppError('FORBIDDEN', LEAGUE_TEXT.creationAdminsOnly);
      const counts = registry.countsOf(user.id);
      if (counts.run >= MAX_LEAGUES_RUN) throw new AppError('FORBIDDEN', LEAGUE_TEXT.tooManyRun);
      if (counts.joined >= MAX_LEAGUES_JOINED) throw new AppError('FORBIDDEN', LEAGUE_TEXT.tooManyJoined);
      nameFree(input.name);
      if (registry.count() >= deps.maxLeagues) throw new AppError('FORBIDDEN', LEAGUE_TEXT.serverFull(deps.maxLeagues));
      const template = market(DEFAULT_LEAGUE_ID).db;
      const league = transaction(() => {
        const row = registry.insert({
          slug: uniqueSlug(input.name),
          name: input.name,
          inviteCode: newInviteCode(),
          startingCashCents: Math.round((input.startingCash ?? centsToDollars(known(DEFAULT_LEAGUE_ID).startingCashCents)) * 100),
          open: false,
          ranking: NEW_LEAGUE_RANKING,
          commissionerId: user.id,
          createdAt: now(),
        });
        // The file is written inside the registry's transaction: no league row without its file.
        writeNewLeagueFile(deps.dataDir, row.id, template, deps.migrationsFolder, now());
        record(user, 'league.create', { leagueId: row.id, name: row.name });
        return row;
      });
      addMember(league, user);
      if (sessionId) registry.setCurrent(sessionId, league.id);
      return view(league, user.id);
    },

    join,

    /** An open league joined from its listing, without a code. */
    joinOpen(user: Caller, leagueId: number, sessionId: string | null): LeagueView {
      const league = known(leagueId);
      if (!league.open && !registry.isMember(league.id, user.id)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.inviteOnly);
      return join(user, league.inviteCode, sessionId);
    },

    switchTo(user: Caller, leagueId: number, sessionId: string): LeagueView {
      const league = known(leagueId);
      if (!registry.isMember(leagueId, user.id)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.notMember);
      registry.setCurrent(sessionId, leagueId);
      return view(league, user.id);
    },
  };
}

/** What a league's commissioner does: rename, open or close it, renew its invite, see and remove members, let them back in. */
function commissionerCalls(b: Basics) {
  const { deps, registry, now, transaction, known, market, view, commissioned, nameFree, record } = b;
  return {
    update(user: Caller, leagueId: number, change: { name?: string | undefined; open?: boolean | undefined; ranking?: Ranking | undefined }): LeagueView {
      const before = commissioned(user, leagueId);
      if (change.name !== undefined) nameFree(change.name);
      registry.update(leagueId, { name: change.name, open: change.open, ranking: change.ranking });
      record(user, 'league.update', { leagueId, ...change });
      // Visitors of a league now invite-only lose it at once, open connections included.
      if (before.open && change.open === false) deps.access.changed(null);
      return view(known(leagueId), user.id);
    },

    regenerateInviteCode(user: Caller, leagueId: number): LeagueView {
      commissioned(user, leagueId);
      registry.update(leagueId, { inviteCode: newInviteCode() });
      record(user, 'league.invite-code', { leagueId });
      return view(known(leagueId), user.id);
    },

    members(user: Caller, leagueId: number) {
      const league = known(leagueId);
      if (!registry.isMember(leagueId, user.id)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.notMember);
      return {
        members: registry.members(leagueId).map((m) => ({
          userId: m.userId,
          username: m.username,
          avatar: m.avatar,
          joinedAt: new Date(m.joinedAt).toISOString(),
          isCommissioner: m.userId === league.commissionerId,
        })),
      };
    },

    /**
     * RULES.md, Leagues: the member is out first — the registry refuses their calls, their open
     * connections close, and they cannot join again until let back in — then the league's writer
     * marks them removed (it refuses whatever of theirs is still on its way) and cancels their open
     * orders, escrow returned, in the same turn. Their holdings stay, counted on no leaderboard.
     */
    async removeMember(
      user: Caller,
      leagueId: number,
      userId: number,
      /** Told the answer inside the transaction that ends the membership (an idempotency key's answer). */
      remember?: (answer: { message: string }) => void,
    ): Promise<{ message: string }> {
      const league = commissioned(user, leagueId);
      if (leagueId === DEFAULT_LEAGUE_ID) throw new AppError('FORBIDDEN', LEAGUE_TEXT.cannotRemoveFromDefault);
      if (userId === user.id) throw new AppError('BAD_REQUEST', LEAGUE_TEXT.cannotRemoveSelf);
      const member = registry.member(leagueId, userId) ?? fail('NOT_FOUND', LEAGUE_TEXT.notAMember);
      const services = market(league.id);
      const answer = { message: LEAGUE_TEXT.removed(member.username) };
      transaction(() => {
        registry.removeMember(leagueId, userId);
        registry.recordRemoval(leagueId, userId, now(), user.id);
        remember?.(answer);
      });
      deps.access.changed(userId);
      const cancelled = removeFromMarket(services.exchange, services.db, userId);
      // The writer could not take it (stopped): the league finishes the removal when it next opens (reconcile).
      if (!cancelled.ok) throw new AppError('SERVICE_UNAVAILABLE', cancelled.error.message);
      await services.exchange.idle();
      record(user, 'league.remove-member', { leagueId, userId, username: member.username, cancelledOrders: cancelled.value });
      return answer;
    },

    /** Who the commissioner removed and has not let back in. */
    removedMembers(user: Caller, leagueId: number): { removed: { userId: number; username: string; avatar: string | null; removedAt: string }[] } {
      commissioned(user, leagueId);
      return {
        removed: registry
          .removed(leagueId)
          .map((r) => ({ userId: r.userId, username: r.username, avatar: r.avatar, removedAt: new Date(r.removedAt).toISOString() })),
      };
    },

    /** The commissioner lets a removed member back in: they may join again (by the invite link, or from the list if the league is open). */
    readmit(user: Caller, leagueId: number, userId: number, remember?: (answer: { message: string }) => void): { message: string } {
      const league = commissioned(user, leagueId);
      const removed = registry.removed(leagueId).find((r) => r.userId === userId) ?? fail('NOT_FOUND', LEAGUE_TEXT.notRemoved);
      const answer = { message: LEAGUE_TEXT.readmitted(removed.username, league.name) };
      transaction(() => {
        registry.readmit(leagueId, userId);
        record(user, 'league.readmit', { leagueId, userId, username: removed.username });
        remember?.(answer);
      });
      return answer;
    },
  };
}

/** Keeping each league's file in step with the accounts: names and avatars, and memberships after a crash. */
function keepingInStep(b: Basics) {
  const { registry, hub } = b;
  return {
    /**
     * The account's name or avatar changed: the copies in its open leagues follow, and its tabs
     * there refresh; a closed league's copy follows when it next opens (reconcile).
     */
    accountChanged(user: Caller): void {
      for (const league of registry.ofUser(user.id)) {
        const services = hub.peek(league.id);
        if (!services) continue;
        services.members.rename({ id: user.id, username: user.username, avatar: user.avatar });
        services.bus.publish([{ type: 'portfolioUpdated', userId: user.id }]);
      }
    },

    /**
     * Brings a league's member rows in line with the registry when it opens: a membership whose
     * row is missing gets it, a row whose membership ended is marked removed (a crash between the
     * two files' writes), and names and avatars changed meanwhile are copied.
     */
    reconcile(leagueId: number): void {
      const league = registry.byId(leagueId);
      const services = hub.get(leagueId);
      if (!league || !services) return;
      const members = [...registry.allMembers(leagueId)];
      const memberIds = new Set(members.map((m) => m.userId));
      const copies = new Map(services.members.accounts().map((a) => [a.id, a]));
      for (const m of members) {
        const account = { id: m.userId, username: m.username, avatar: m.avatar };
        const copy = copies.get(m.userId);
        if (!copy) joinMarket(services.exchange, services.db, account, league.startingCashCents);
        // A name or avatar changed while the league was closed.
        else if (copy.username !== m.username || copy.avatar !== m.avatar) services.members.rename(account);
      }
      // Out of the registry but not of the file, or marked removed with orders still open (a crash, or
      // a version that let orders race the removal): the writer finishes the removal.
      const leaving = new Set([...services.members.currentIds().filter((id) => !memberIds.has(id)), ...services.members.removedWithOpenOrders()]);
      for (const id of leaving) removeFromMarket(services.exchange, services.db, id);
    },
  };
}

/** Creating, joining and running leagues (docs/leagues.md §5): the registry in the accounts database, each member's cash in the league's file. */
export function createLeagueManagement(deps: LeagueManagementDeps) {
  const b = basics(deps);
  return { view: b.view, publicView: b.publicView, ...joiningCalls(b), ...commissionerCalls(b), ...keepingInStep(b) };
}
export type LeagueManagement = ReturnType<typeof createLeagueManagement>;
