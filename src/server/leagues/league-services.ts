import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { createLeagueMembersRepo } from '../../db/repos/league-members.js';
import type { PushSubscriptionsRepo } from '../../db/repos/push-subscriptions.js';
import { createAdmin } from '../../engine/admin.js';
import { EventBus } from '../../engine/events.js';
import type { CheckpointWorker } from '../../engine/checkpoint-worker.js';
import { createExchange } from '../../engine/exchange.js';
import { TICKER_INTERVAL_MS, TICKER_MAX_TRADES } from '../../shared/live.js';
import { Ticker } from '../live/ticker.js';
import type { Metrics } from '../metrics/index.js';
import { createPushSender, type PushSenderOptions } from '../push/sender.js';
import { createExportService } from '../reads/exports.js';
import { createReadService } from '../reads/service.js';
import { createTeamReadService } from '../reads/teams.js';

export interface LeagueServiceDeps {
  /** One checkpoint thread for every league's file. */
  checkpointWorker: CheckpointWorker;
  now: () => number;
  logger: Logger;
  metrics: Metrics | null;
  pushSubscriptions: PushSubscriptionsRepo;
  push: Omit<PushSenderOptions, 'bus' | 'subscriptions' | 'logger' | 'holdersOf'>;
}

/**
 * One league's market as the routers use it (docs/leagues.md §3): its file, its single writer and
 * the bus it publishes on, the ticker and push sender that follow that bus, and the reads.
 */
export function createLeagueServices(leagueId: number, db: Db, deps: LeagueServiceDeps) {
  const { now, metrics } = deps;
  const bus = new EventBus();
  const ticker = new Ticker(bus, TICKER_INTERVAL_MS, TICKER_MAX_TRADES, metrics?.ticker);
  const exchange = createExchange({ db, bus, now, observer: metrics?.exchange, checkpointWorker: deps.checkpointWorker });
  const reads = createReadService(db, now, exchange);
  // Members only: someone removed who still holds shares hears nothing more from the league.
  const holdersOf = db.$client.prepare<[string, number], { userId: number }>(
    `SELECT h.user_id AS userId FROM holdings h JOIN users u ON u.id = h.user_id
     WHERE h.instrument = ? AND h.instrument_id = ? AND u.left_at IS NULL`,
  );
  const push = createPushSender({
    bus,
    subscriptions: deps.pushSubscriptions,
    logger: deps.logger,
    holdersOf: (kind, id) => holdersOf.all(kind, id).map((r) => r.userId),
    ...deps.push,
  });
  return {
    leagueId,
    db,
    bus,
    ticker,
    exchange,
    reads,
    // The user box's figures, from the exchange's read models.
    valuation: {
      shareValueCents: (userId: number) => reads.valueOf(userId).shareValueCents,
      escrowCents: (userId: number) => reads.valueOf(userId).escrowCents,
    },
    leagueAdmin: createAdmin(db, exchange, now),
    exports: createExportService(db, reads, now),
    teamReads: createTeamReadService(db, exchange),
    members: createLeagueMembersRepo(db),
    push,
    /** Stops taking orders; resolves once everything acknowledged is durable and the followers were told. */
    async stop(): Promise<void> {
      exchange.stop();
      await exchange.idle();
      ticker.flush();
      ticker.stop();
      push.stop();
    },
  };
}
export type LeagueServices = ReturnType<typeof createLeagueServices>;
