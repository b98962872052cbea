import type { UserRow } from '../db/repos/users.js';
import { DEFAULT_LEAGUE_ID } from '../db/leagues/files.js';
import { LEAGUE_TEXT } from '../shared/schemas/leagues.js';
import type { AppServices, ServerServices } from './services.js';
import type { Session } from './auth/sessions.js';
import { leagueAccess, type LeagueAccess } from './leagues/access.js';
import type { Identity } from './live/connections.js';

export interface Context {
  /** The process's services and those of the call's league. */
  services: AppServices;
  /** The signed-in user; `balanceCents` is their cash in the call's league (0 when not a member). */
  user: UserRow | null;
  session: Session | null;
  /** The client's address, for rate limits. */
  ip: string;
  /** What the caller may do in the call's league. */
  access: LeagueAccess;
  /** Set when the call named a league that does not exist (its league calls answer 404). */
  leagueMissing: string | null;
  /** True on a WebSocket: the context outlives a call, and each call is judged by `renew()`. */
  connection: boolean;
  /** The same caller's context again, as of now (the same token, address and league). */
  renew: () => Context;
  /** Set when a command's answer is the replay of its idempotency key's first answer (REST says so in a header). */
  idempotency: { replayed: boolean };
}

/** Reads `Bearer <token>` from an Authorization header value. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+([A-Za-z0-9]{16,128})\s*$/i);
  return match?.[1] ?? null;
}

/** A league id named by a call (`x-league-id`, a path, connection params); null when none or not an id. */
export function leagueIdFrom(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text === 'number') return Number.isSafeInteger(text) && text > 0 ? text : null;
  if (typeof text !== 'string' || !/^\d{1,12}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/**
 * The call's context: its session and user, and its league — the one it names, else the session's
 * current league, else the default league (docs/leagues.md §5).
 */
export function createContextFor(server: ServerServices, token: string | null, ip: string, named: number | null = null, connection = false): Context {
  const session = token ? server.sessions.validate(token) : null;
  const account = session ? (server.users.byId(session.userId) ?? null) : null;
  const wanted = named ?? session?.currentLeagueId ?? DEFAULT_LEAGUE_ID;
  let services = server.forLeague(wanted);
  // A current league that is gone falls back to the default one; a league named by the call does not.
  const leagueMissing = !services && named !== null ? LEAGUE_TEXT.notFound : null;
  services ??= server.defaultLeague();
  const isMember = account !== null && server.registry.isMember(services.league.id, account.id);
  // Read when asked (the user box): a call that needs only the registry opens no league's market.
  const user =
    account &&
    Object.defineProperty({ ...account }, 'balanceCents', {
      enumerable: true,
      get: () => (isMember ? (services.members.balanceOf(account.id) ?? 0) : 0),
    });
  // Renewed, a connection stays on the league it started on, even if the session's current one changes.
  const league = named ?? services.league.id;
  return {
    services,
    user,
    session: user ? session : null,
    ip,
    access: leagueMissing ? 'none' : leagueAccess(services.league, isMember),
    leagueMissing,
    connection,
    renew: () => createContextFor(server, token, ip, league, connection),
    idempotency: { replayed: false },
  };
}

/** Who the context's caller is, as a connection's guard compares it over time. */
export function identityOf(ctx: Context): Identity {
  const { user, session } = ctx;
  return {
    sessionId: session?.id ?? null,
    userId: user?.id ?? null,
    isAdmin: user?.isAdmin ?? false,
    leagueId: ctx.services.league.id,
    access: ctx.access,
    memberOf: user ? ctx.services.registry.leagueIdsOf(user.id) : [],
    expiresAt: session?.expiresAt ?? Infinity,
  };
}
