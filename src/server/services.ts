import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { createAdmin } from '../engine/admin.js';
import { EventBus } from '../engine/events.js';
import { createExchange } from '../engine/exchange.js';
import { createResetTokensRepo, createSessionsRepo } from '../db/repos/sessions.js';
import { createPushSubscriptionsRepo } from '../db/repos/push-subscriptions.js';
import { createUsersRepo } from '../db/repos/users.js';
import { TICKER_INTERVAL_MS, TICKER_MAX_TRADES } from '../shared/live.js';
import { createLimiter, DEFAULT_AUTH_RATE_LIMITS, DEFAULT_ORDER_RATE_LIMIT, ORDER_RATE_MESSAGE, type AuthRateLimits, type Limit } from './auth/rate-limits.js';
import { createAuthService } from './auth/service.js';
import { createSessionManager } from './auth/sessions.js';
import { Ticker } from './live/ticker.js';
import { createPushSender, type PushSenderOptions } from './push/sender.js';
import type { VapidKeys } from './push/vapid.js';
import type { Mailer } from './mail.js';
import type { Metrics } from './metrics/index.js';
import { createExportService } from './reads/exports.js';
import { createReadService } from './reads/service.js';
import { createTeamReadService } from './reads/teams.js';

export interface ServiceOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  logger: Logger;
  now?: () => number;
  authRateLimits?: AuthRateLimits;
  orderRateLimit?: Limit;
  /** Counts what the exchange, the ticker and the rate limit do (when /metrics is on). */
  metrics?: Metrics | null;
  push: {
    keys: VapidKeys;
    subject: string;
    /** Push service hosts (and their subdomains) that subscriptions may point at. */
    hosts: readonly string[];
  } & Pick<PushSenderOptions, 'gatherMs' | 'windowMs' | 'agent'>;
}

/** Everything the routers call, wired once per process (no module-level state). */
export function createServices(options: ServiceOptions) {
  const { db, logger } = options;
  const now = options.now ?? Date.now;
  const users = createUsersRepo(db);
  const sessions = createSessionManager(createSessionsRepo(db), now);
  const transaction = <T>(fn: () => T): T => db.$client.transaction(fn)();
  const auth = createAuthService({
    users,
    sessions,
    resetTokens: createResetTokensRepo(db),
    secret: options.secret,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    limits: options.authRateLimits ?? DEFAULT_AUTH_RATE_LIMITS,
    now,
    logger,
    transaction,
  });
  const metrics = options.metrics ?? null;
  const orderLimiter = createLimiter(options.orderRateLimit ?? DEFAULT_ORDER_RATE_LIMIT, ORDER_RATE_MESSAGE, metrics?.rateLimited);
  const bus = new EventBus();
  const ticker = new Ticker(bus, TICKER_INTERVAL_MS, TICKER_MAX_TRADES, metrics?.ticker);
  const exchange = createExchange({ db, bus, now, observer: metrics?.exchange });
  const reads = createReadService(db, now, exchange);
  // The user box's figures, from the exchange's read models.
  const valuation = {
    shareValueCents: (userId: number) => reads.valueOf(userId).shareValueCents,
    escrowCents: (userId: number) => reads.valueOf(userId).escrowCents,
  };
  const pushSubscriptions = createPushSubscriptionsRepo(db);
  const { hosts: pushServiceHosts, ...pushOptions } = options.push;
  const push = createPushSender({ bus, subscriptions: pushSubscriptions, logger, ...pushOptions });
  return {
    db,
    logger,
    now,
    users,
    sessions,
    auth,
    valuation,
    transaction,
    bus,
    ticker,
    exchange,
    admin: createAdmin(db, exchange, now),
    reads,
    exports: createExportService(db, reads, now),
    teamReads: createTeamReadService(db, exchange),
    orderLimiter,
    pushSubscriptions,
    push,
    pushServiceHosts,
    metrics,
  };
}
export type AppServices = ReturnType<typeof createServices>;
