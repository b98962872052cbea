import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { DEFAULT_LEAGUE_ID } from '../db/leagues/files.js';
import { createAuditRepo } from '../db/repos/audit.js';
import { createContractLogRepo } from '../db/repos/contract-log.js';
import { CheckpointWorker } from '../engine/checkpoint-worker.js';
import { createLeaguesRepo, type LeagueRow } from '../db/repos/leagues.js';
import { createResetTokensRepo, createSessionsRepo } from '../db/repos/sessions.js';
import { createPushSubscriptionsRepo } from '../db/repos/push-subscriptions.js';
import { createUsersRepo } from '../db/repos/users.js';
import { createIdempotencyKeysRepo } from '../db/repos/idempotency-keys.js';
import { createLimiter, DEFAULT_AUTH_RATE_LIMITS, DEFAULT_ORDER_RATE_LIMIT, ORDER_RATE_MESSAGE, type AuthRateLimits, type Limit } from './auth/rate-limits.js';
import { createAuthService } from './auth/service.js';
import { createSessionManager } from './auth/sessions.js';
import { createChatLimiter } from './chat/rate-limit.js';
import { createSeasonClock } from './seasons/season-clock.js';
import { CardCache } from './seasons/card.js';
import { createShareKeys } from './seasons/share.js';
import { createContracts } from './leagues/contracts.js';
import { createExposureReads } from './leagues/exposure.js';
import { LeagueHub, type LeagueSource } from './leagues/hub.js';
import type { LeagueServices } from './leagues/league-services.js';
import { createLeagueManagement, type LeagueCreation } from './leagues/management.js';
import type { PushSenderOptions } from './push/sender.js';
import type { VapidKeys } from './push/vapid.js';
import type { Mailer } from './mail.js';
import type { Metrics } from './metrics/index.js';

export interface ServiceOptions {
  /** The accounts database: users, sessions, the league registry, push subscriptions, the audit log. */
  db: Db;
  /** Where each league's file is opened from. */
  leagues: LeagueSource;
  dataDir: string;
  migrationsFolder: string;
  leagueCreation?: LeagueCreation;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  logger: Logger;
  now?: () => number;
  authRateLimits?: AuthRateLimits;
  orderRateLimit?: Limit;
  /** Chat messages one member may post in a league per window (docs/chat.md). */
  chatRateLimit?: Limit;
  /** Counts what the exchanges, the tickers and the rate limit do (when /metrics is on). */
  metrics?: Metrics | null;
  push: {
    keys: VapidKeys;
    subject: string;
    /** Push service hosts (and their subdomains) that subscriptions may point at. */
    hosts: readonly string[];
  } & Pick<PushSenderOptions, 'gatherMs' | 'windowMs' | 'agent'>;
}

/** What the server keeps once per process: accounts, sessions, the registry, the open leagues. */
function createGlobalServices(options: ServiceOptions) {
  const { db: accounts, logger } = options;
  const now = options.now ?? Date.now;
  const users = createUsersRepo(accounts);
  const sessions = createSessionManager(createSessionsRepo(accounts), now);
  const transaction = <T>(fn: () => T): T => accounts.$client.transaction(fn)();
  const metrics = options.metrics ?? null;
  const registry = createLeaguesRepo(accounts);
  const audit = createAuditRepo(accounts);
  const pushSubscriptions = createPushSubscriptionsRepo(accounts);
  const { hosts: pushServiceHosts, ...push } = options.push;
  const startingCashCents = (leagueId: number) => registry.byId(leagueId)?.startingCashCents;
  const leagueName = (leagueId: number) => registry.byId(leagueId)?.name;
  const ranking = (leagueId: number) => registry.byId(leagueId)?.ranking;
  const leagueDeps = { now, logger, metrics, pushSubscriptions, push, startingCashCents, leagueName, ranking, checkpointWorker: new CheckpointWorker() };
  const hub = new LeagueHub(options.leagues, leagueDeps, (league) => {
    // Membership written in one file and not the other (a crash between) is put right first, and
    // the contract changes the league missed while closed are applied.
    leagues.reconcile(league.leagueId);
    contracts.catchUp(league);
    // A season whose end time passed while the league was closed (or the server down) ends now, before any command.
    seasonClock.catchUp(league.leagueId, league);
    // The market state, then the prices over time, load in small steps; then the standings the rivalry compares with.
    void league.exchange.warmUp().then(() => league.rivalry.start());
  });
  const exposure = createExposureReads({ hub, leagueIds: () => registry.all().map((l) => l.id), dataDir: options.dataDir, logger });
  const contracts = createContracts({ hub, log: createContractLogRepo(accounts), exposure, audit, logger, now });
  const seasonClock = createSeasonClock({ hub, registry, audit, logger, now });
  const leagues = createLeagueManagement({
    accounts,
    registry,
    hub,
    audit,
    now,
    dataDir: options.dataDir,
    migrationsFolder: options.migrationsFolder,
    creation: options.leagueCreation ?? 'anyone',
  });
  const auth = createAuthService({
    users,
    sessions,
    resetTokens: createResetTokensRepo(accounts),
    secret: options.secret,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    limits: options.authRateLimits ?? DEFAULT_AUTH_RATE_LIMITS,
    now,
    logger,
    transaction,
    joinDefaultLeague: (user) => leagues.joinDefault(user),
  });
  return {
    accounts,
    logger,
    now,
    users,
    sessions,
    auth,
    transaction,
    registry,
    hub,
    leagues,
    admin: contracts,
    /** Ends seasons at the times their commissioners set (docs/seasons.md). */
    seasonClock,
    /** Where the server is reached from outside (links in share cards and Open Graph tags). */
    publicUrl: options.publicUrl,
    /** The keys of season recaps' share links, and the recap cards made so far. */
    shareKeys: createShareKeys(options.secret),
    seasonCards: new CardCache(),
    orderLimiter: createLimiter(options.orderRateLimit ?? DEFAULT_ORDER_RATE_LIMIT, ORDER_RATE_MESSAGE, metrics?.rateLimited),
    chatLimiter: createChatLimiter(options.chatRateLimit, metrics?.rateLimited),
    pushSubscriptions,
    pushServiceHosts,
    metrics,
    /** Idempotency keys of account and league-management commands (server/idempotency/once.ts). */
    accountKeys: { place: 'accounts', repo: createIdempotencyKeysRepo(accounts) },
    /** The keys whose first call is still running, with their requests' fingerprints, by file, user and key. */
    keysInFlight: new Map<string, string>(),
  };
}
export type GlobalServices = ReturnType<typeof createGlobalServices>;

/** What a call about one league uses: the process's services and that league's market. */
export type AppServices = GlobalServices & LeagueServices & { league: LeagueRow };

/**
 * Everything the routers call, wired once per process (no module-level state): `forLeague` gives
 * the services of one league (opened on first use), kept so a call costs no new object.
 */
export function createServices(options: ServiceOptions) {
  const global = createGlobalServices(options);
  const merged = new Map<number, AppServices>();
  const forLeague = (leagueId: number): AppServices | null => {
    const league = global.registry.byId(leagueId);
    if (!league) return null;
    const market = global.hub.get(leagueId);
    if (!market) return null;
    const kept = merged.get(leagueId);
    // Kept while the league is open (a closed one reopens with new services) and its row unchanged.
    if (
      kept?.exchange === market.exchange &&
      kept.league.name === league.name &&
      kept.league.open === league.open &&
      kept.league.inviteCode === league.inviteCode &&
      kept.league.ranking === league.ranking
    ) {
      return kept;
    }
    const services: AppServices = { ...global, ...market, league };
    merged.set(leagueId, services);
    return services;
  };
  return { ...global, forLeague, defaultLeague: (): AppServices => forLeague(DEFAULT_LEAGUE_ID)! };
}
export type ServerServices = ReturnType<typeof createServices>;
