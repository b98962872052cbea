import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import type { IdempotencyKeysRepo } from '../db/repos/idempotency-keys.js';
import type { LeagueRow, LeaguesRepo } from '../db/repos/leagues.js';
import type { PushSubscriptionsRepo } from '../db/repos/push-subscriptions.js';
import type { UsersRepo } from '../db/repos/users.js';
import type { AccessWatch } from './auth/access-watch.js';
import type { Limiter } from './auth/rate-limits.js';
import type { AuthService } from './auth/service.js';
import type { SessionManager } from './auth/sessions.js';
import type { Contracts } from './leagues/contracts.js';
import type { LeagueHub } from './leagues/hub.js';
import type { LeagueServices } from './leagues/league-services.js';
import type { LeagueManagement } from './leagues/management.js';
import type { Metrics } from './metrics/types.js';
import type { ChatLimiter } from './chat/rate-limit.js';
import type { CardCache } from './seasons/card.js';
import type { SeasonClock } from './seasons/season-clock.js';
import type { ShareKeys } from './seasons/share.js';

/**
 * What the routers call (docs/architecture.md §9), declared apart from the wiring (services.ts)
 * so that nothing which needs these types imports the code that builds them.
 */

/** What the server keeps once per process: accounts, sessions, the registry, the open leagues. */
export interface GlobalServices {
  /** The accounts database: users, sessions, the league registry, push subscriptions, the audit log. */
  accounts: Db;
  logger: Logger;
  now: () => number;
  users: UsersRepo;
  sessions: SessionManager;
  /** Tells open connections and live feeds that someone's access may have changed. */
  access: AccessWatch;
  auth: AuthService;
  /** Runs a synchronous function in one transaction of the accounts database. */
  transaction: <T>(fn: () => T) => T;
  registry: LeaguesRepo;
  /** The open leagues: the one owner of a league's life. */
  hub: LeagueHub;
  leagues: LeagueManagement;
  /** The server admin's contract changes, applied to every league. */
  admin: Contracts;
  /** Ends seasons at the times their commissioners set (docs/seasons.md). */
  seasonClock: SeasonClock;
  /** Where the server is reached from outside (links in share cards and Open Graph tags). */
  publicUrl: string;
  /** The keys of season recaps' share links. */
  shareKeys: ShareKeys;
  /** The recap cards made so far. */
  seasonCards: CardCache;
  orderLimiter: Limiter;
  /** Chat messages one member may post in a league per window (docs/chat.md). */
  chatLimiter: ChatLimiter;
  pushSubscriptions: PushSubscriptionsRepo;
  /** The push services subscriptions may point at (push/allow-list.ts). */
  pushServiceHosts: readonly string[];
  /** The VAPID public key browsers subscribe with. */
  vapidPublicKey: string;
  metrics: Metrics | null;
  /** Idempotency keys of account and league-management commands (server/idempotency/once.ts). */
  accountKeys: { place: string; repo: IdempotencyKeysRepo };
  /** The keys whose first call is still running, with their requests' fingerprints, by file, user and key. */
  keysInFlight: Map<string, string>;
}

/** What a call about one league uses: the process's services, the league's registry row, and its market (opened on first use). */
export type AppServices = GlobalServices & LeagueServices & { league: LeagueRow };

/** The process's services, and each league's view of them. */
export interface ServerServices extends GlobalServices {
  /** The services of a league of the registry, its market opened when first touched; null when there is no such league. */
  forLeague(leagueId: number): AppServices | null;
  defaultLeague(): AppServices;
}
