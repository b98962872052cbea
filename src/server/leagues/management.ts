import type { Db } from '../../db/client.js';
import { DEFAULT_LEAGUE_ID, leagueSlug, newInviteCode, writeNewLeagueFile } from '../../db/leagues/files.js';
import type { AuditRepo } from '../../db/repos/audit.js';
import type { LeagueRow, LeaguesRepo } from '../../db/repos/leagues.js';
import type { UserRow } from '../../db/repos/users.js';
import type { OrderView } from '../../engine/read-models/open-orders.js';
import { centsToDollars } from '../../shared/money.js';
import { NEW_LEAGUE_RANKING, type Ranking } from '../../shared/ranking.js';
import { LEAGUE_TEXT, MAX_LEAGUES_JOINED, MAX_LEAGUES_RUN, type LeaguePublic, type LeagueView } from '../../shared/schemas/leagues.js';
import { AppError } from '../errors.js';
import type { LeagueHub } from './hub.js';
import type { LeagueServices } from './league-services.js';

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
}

const fail = (code: 'NOT_FOUND', message: string): never => {
  throw new AppError(code, message);
};

type Caller = Pick<UserRow, 'id' | 'username' | 'avatar' | 'isAdmin'>;

/** Creating, joining and running leagues (docs/leagues.md §5): the registry in the accounts database, each member's cash in the league's file. */
export function createLeagueManagement(deps: LeagueManagementDeps) {
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
  const record = (user: Caller, action: string, details: Record<string, unknown>) =>
    deps.audit.record({ actorId: user.id, actor: user.username, action, details, at: now() });

  /** The member's row in the league's file (their cash), then the membership: a crash between is repaired when the league opens. */
  function addMember(league: LeagueRow, user: Caller): void {
    if (league.id !== DEFAULT_LEAGUE_ID && registry.countsOf(user.id).joined >= MAX_LEAGUES_JOINED) throw new AppError('FORBIDDEN', LEAGUE_TEXT.tooManyJoined);
    const services = market(league.id);
    const at = now();
    services.members.join({ id: user.id, username: user.username, avatar: user.avatar }, league.startingCashCents, at);
    registry.addMember(league.id, user.id, at);
    services.feed.memberJoined(user, at);
  }

  return {
    view,
    publicView,

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

    join(user: Caller, code: string, sessionId: string | null): LeagueView {
      const league = registry.byCode(code) ?? fail('NOT_FOUND', LEAGUE_TEXT.badInvite);
      if (!registry.isMember(league.id, user.id)) addMember(league, user);
      if (sessionId) registry.setCurrent(sessionId, league.id);
      return view(league, user.id);
    },

    /** An open league joined from its listing, without a code. */
    joinOpen(user: Caller, leagueId: number, sessionId: string | null): LeagueView {
      const league = known(leagueId);
      if (!league.open && !registry.isMember(league.id, user.id)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.inviteOnly);
      return this.join(user, league.inviteCode, sessionId);
    },

    switchTo(user: Caller, leagueId: number, sessionId: string): LeagueView {
      const league = known(leagueId);
      if (!registry.isMember(leagueId, user.id)) throw new AppError('FORBIDDEN', LEAGUE_TEXT.notMember);
      registry.setCurrent(sessionId, leagueId);
      return view(league, user.id);
    },

    update(user: Caller, leagueId: number, change: { name?: string | undefined; open?: boolean | undefined; ranking?: Ranking | undefined }): LeagueView {
      commissioned(user, leagueId);
      registry.update(leagueId, { name: change.name, open: change.open, ranking: change.ranking });
      record(user, 'league.update', { leagueId, ...change });
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
     * The member's open orders are cancelled by the league's writer (escrow returned), then the
     * membership ends; their holdings stay in the league, counted on no leaderboard.
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
      const member = registry.members(leagueId).find((m) => m.userId === userId) ?? fail('NOT_FOUND', LEAGUE_TEXT.notAMember);
      const services = market(league.id);
      const cancelled = services.exchange.exclusive((writer) => {
        const byInstrument = new Map<string, OrderView[]>();
        for (const o of [...services.exchange.readModels().orders.ofUser(userId)]) {
          const key = `${o.kind}:${o.instrumentId}`;
          byInstrument.set(key, [...(byInstrument.get(key) ?? []), o]);
        }
        for (const orders of byInstrument.values()) writer.cancel({ kind: orders[0]!.kind, id: orders[0]!.instrumentId }, orders);
        services.members.leave(userId, writer.at);
        const count = [...byInstrument.values()].reduce((n, list) => n + list.length, 0);
        // Every write went through the writer: nothing to rebuild.
        return { result: count, events: [...writer.events(), { type: 'portfolioUpdated' as const, userId }], touched: [] };
      });
      if (!cancelled.ok) throw new AppError('CONFLICT', cancelled.error.message);
      await services.exchange.idle();
      const answer = { message: LEAGUE_TEXT.removed(member.username) };
      transaction(() => {
        registry.removeMember(leagueId, userId);
        record(user, 'league.remove-member', { leagueId, userId, username: member.username, cancelledOrders: cancelled.value });
        remember?.(answer);
      });
      return answer;
    },

    /** The account's name or avatar changed: each of its leagues' copies follows, and its tabs there refresh. */
    accountChanged(user: Caller): void {
      for (const league of registry.ofUser(user.id)) {
        const services = hub.get(league.id);
        if (!services) continue;
        services.members.rename({ id: user.id, username: user.username, avatar: user.avatar });
        services.bus.publish([{ type: 'portfolioUpdated', userId: user.id }]);
      }
    },

    /**
     * Brings a league's member rows in line with the registry when it opens: a membership whose
     * row is missing gets it, a row whose membership ended is marked removed (a crash between the
     * two files' writes).
     */
    reconcile(leagueId: number): void {
      const league = registry.byId(leagueId);
      const services = hub.get(leagueId);
      if (!league || !services) return;
      const members = registry.members(leagueId);
      const memberIds = new Set(members.map((m) => m.userId));
      for (const m of members) {
        if (!services.members.has(m.userId)) services.members.join({ id: m.userId, username: m.username, avatar: m.avatar }, league.startingCashCents, now());
      }
      for (const id of services.members.currentIds()) if (!memberIds.has(id)) services.members.leave(id, now());
    },
  };
}
export type LeagueManagement = ReturnType<typeof createLeagueManagement>;
