import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { DEFAULT_LEAGUE_ID } from '../db/leagues/files.js';
import { createAuditRepo } from '../db/repos/audit.js';
import { createContractLogRepo } from '../db/repos/contract-log.js';
import { createLeaguesRepo, type LeagueRow } from '../db/repos/leagues.js';
import { createPushSubscriptionsRepo } from '../db/repos/push-subscriptions.js';
import { createResetTokensRepo, createSessionsRepo } from '../db/repos/sessions.js';
import { createUsersRepo } from '../db/repos/users.js';
import { CheckpointWorker } from '../engine/checkpoint-worker.js';
import type { AppServices, GlobalServices, ServerServices } from './app-services.js';
import { AccessWatch } from './auth/access-watch.js';
import { createIdempotencyKeysRepo } from '../db/repos/idempotency-keys.js';
import { createLimiter, DEFAULT_AUTH_RATE_LIMITS, DEFAULT_ORDER_RATE_LIMIT, ORDER_RATE_MESSAGE, type AuthRateLimits, type Limit } from './auth/rate-limits.js';
import { createAuthService } from './auth/service.js';
import { createSessionManager } from './auth/sessions.js';
import { createChatLimiter } from './chat/rate-limit.js';
import { AppError } from './errors.js';
import { createContracts } from './leagues/contracts.js';
import { createExposureReads } from './leagues/exposure.js';
import { LeagueHub, type LeagueSource } from './leagues/hub.js';
import { LEAGUE_SERVICE_KEYS, type LeagueServices } from './leagues/league-services.js';
import { createLeagueManagement, type LeagueCreation } from './leagues/management.js';
import type { Mailer } from './mail.js';
import type { Metrics } from './metrics/types.js';
import { isAllowedPushService } from './push/allow-list.js';
import type { PushSenderOptions } from './push/sender.js';
import type { VapidKeys } from './push/vapid.js';
import { CardCache } from './seasons/card.js';
import { createSeasonClock } from './seasons/season-clock.js';
import { createShareKeys } from './seasons/share.js';

export type { AppServices, GlobalServices, ServerServices } from './app-services.js';

export interface ServiceOptions {
  /** The accounts database: users, sessions, the league registry, push subscriptions, the audit log. */
  db: Db;
  /** Where each league's file is opened from. */
  leagues: LeagueSource;
  dataDir: string;
  migrationsFolder: string;
  leagueCreation?: LeagueCreation;
  /** A league unused this long is closed (0: never); see LeagueHub. */
  leagueIdleMs?: number;
  /** The most leagues the server holds (the default league included). */
  maxLeagues?: number;
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
    /** Push services that subscriptions may point at (push/allow-list.ts). */
    hosts: readonly string[];
  } & Pick<PushSenderOptions, 'gatherMs' | 'windowMs' | 'agent'>;
}

/** The league hub, the contracts spread over its leagues, and the management of the registry: one set, wired together. */
function leagueServices(options: ServiceOptions, shared: { now: () => number; access: AccessWatch; metrics: Metrics | null }) {
  const { db: accounts, logger } = options;
  const { now, access, metrics } = shared;
  const registry = createLeaguesRepo(accounts);
  const audit = createAuditRepo(accounts);
  const pushSubscriptions = createPushSubscriptionsRepo(accounts);
  const leagueFacts = {
    startingCashCents: (leagueId: number) => registry.byId(leagueId)?.startingCashCents,
    leagueName: (leagueId: number) => registry.byId(leagueId)?.name,
    leagueSlug: (leagueId: number) => registry.byId(leagueId)?.slug,
    ranking: (leagueId: number) => registry.byId(leagueId)?.ranking,
  };
  const hub = new LeagueHub(
    options.leagues,
    { now, logger, metrics, pushSubscriptions, push: options.push, ...leagueFacts, checkpointWorker: new CheckpointWorker() },
    {
      idleMs: options.leagueIdleMs ?? 0,
      // Membership written in one file and not the other (a crash between) is put right first, the
      // contract changes the league missed while closed are applied, a season whose end time passed
      // while the league was closed (or the server down) ends, all before any command; then its
      // market state and prices over time load in small steps, then the standings the rivalry compares with.
      onOpen: (league) => {
        leagues.reconcile(league.leagueId);
        contracts.catchUp(league);
        seasonClock.catchUp(league.leagueId, league);
        void league.exchange.warmUp().then(() => league.rivalry.start());
      },
    },
  );
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
    maxLeagues: options.maxLeagues ?? Number.MAX_SAFE_INTEGER,
    access,
  });
  return { registry, pushSubscriptions, hub, contracts, leagues, seasonClock };
}

/** What the server keeps once per process: accounts, sessions, the registry, the open leagues. */
function createGlobalServices(options: ServiceOptions): GlobalServices {
  const { db: accounts, logger } = options;
  const now = options.now ?? Date.now;
  const metrics = options.metrics ?? null;
  const users = createUsersRepo(accounts);
  // Who may do what changes under open connections: they hear of it from here.
  const access = new AccessWatch(accounts.$client);
  const sessions = createSessionManager(createSessionsRepo(accounts), now, (userId) => access.changed(userId));
  const transaction = <T>(fn: () => T): T => accounts.$client.transaction(fn)();
  const { registry, pushSubscriptions, hub, contracts, leagues, seasonClock } = leagueServices(options, { now, access, metrics });
  const pushServiceHosts = options.push.hosts;
  // Subscriptions saved under an older, wider list go now; the sender checks again before each message.
  const dropped = pushSubscriptions.removeUnless((endpoint) => isAllowedPushService(endpoint, pushServiceHosts));
  if (dropped > 0) logger.warn(`Removed ${dropped} push subscription(s) on push services no longer allowed`);
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
    access,
    auth,
    transaction,
    registry,
    hub,
    leagues,
    admin: contracts,
    seasonClock,
    publicUrl: options.publicUrl,
    shareKeys: createShareKeys(options.secret),
    seasonCards: new CardCache(),
    orderLimiter: createLimiter(options.orderRateLimit ?? DEFAULT_ORDER_RATE_LIMIT, ORDER_RATE_MESSAGE, metrics?.rateLimited),
    chatLimiter: createChatLimiter(options.chatRateLimit, metrics?.rateLimited),
    pushSubscriptions,
    pushServiceHosts,
    vapidPublicKey: options.push.keys.publicKey,
    metrics,
    accountKeys: { place: 'accounts', repo: createIdempotencyKeysRepo(accounts) },
    keysInFlight: new Map<string, string>(),
  };
}

/**
 * A league's view of the services: the process's, the league's registry row, and its market read
 * from the hub at each use. Making it opens nothing: the market opens when a call first touches it,
 * after the call's access to the league was decided from the registry (trpc.ts), so a refused
 * caller never opens a league, and a league closed for idleness opens again by itself.
 */
function leagueView(global: GlobalServices, league: LeagueRow): AppServices {
  const market = (): LeagueServices => {
    const open = global.hub.get(league.id);
    if (!open) throw new AppError('SERVICE_UNAVAILABLE', `The league ${league.name} cannot be opened right now. Please try again shortly.`);
    return open;
  };
  const view = { ...global, league } as AppServices;
  for (const key of LEAGUE_SERVICE_KEYS) Object.defineProperty(view, key, { enumerable: true, get: () => market()[key] });
  return view;
}

/**
 * Everything the routers call, wired once per process (no module-level state): `forLeague` gives
 * a league's view of the services, kept while its registry row is unchanged.
 */
export function createServices(options: ServiceOptions): ServerServices {
  const global = createGlobalServices(options);
  const views = new Map<number, AppServices>();
  const forLeague = (leagueId: number): AppServices | null => {
    const league = global.registry.byId(leagueId);
    if (!league) return null;
    const kept = views.get(leagueId);
    if (
      kept?.league.name === league.name &&
      kept.league.open === league.open &&
      kept.league.inviteCode === league.inviteCode &&
      kept.league.ranking === league.ranking
    )
      return kept;
    const view = leagueView(global, league);
    views.set(leagueId, view);
    return view;
  };
  return { ...global, forLeague, defaultLeague: (): AppServices => forLeague(DEFAULT_LEAGUE_ID)! };
}
