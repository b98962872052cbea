import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { createLeagueMembersRepo } from '../../db/repos/league-members.js';
import { createIdempotencyKeysRepo } from '../../db/repos/idempotency-keys.js';
import type { PushSubscriptionsRepo } from '../../db/repos/push-subscriptions.js';
import { createAdmin } from '../../engine/admin.js';
import { createContractStatus } from '../../engine/contract-status.js';
import { EventBus } from '../../engine/events.js';
import type { CheckpointWorker } from '../../engine/checkpoint-worker.js';
import { createExchange } from '../../engine/exchange.js';
import { TICKER_INTERVAL_MS, TICKER_MAX_TRADES } from '../../shared/live.js';
import { Ticker } from '../live/ticker.js';
import type { Metrics } from '../metrics/index.js';
import { createPushSender, type PushSenderOptions } from '../push/sender.js';
import { createLeagueFeed } from '../chat/feed.js';
import { createRivalry } from '../rivalry/rivalry.js';
import { bigTradeCents } from '../../domain/chat/moments.js';
import { START_BALANCE_CENTS } from '../../shared/money.js';
import { DEFAULT_LEAGUE_RANKING, type Ranking } from '../../shared/ranking.js';
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
  /** The league's starting cash in cents (what makes a purchase a big trade in its feed). */
  startingCashCents?: (leagueId: number) => number | undefined;
  /** The league's name (its notices say it). */
  leagueName?: (leagueId: number) => string | undefined;
  /** The league's ranking rule (its rivalry ranks by it). */
  ranking?: (leagueId: number) => Ranking | undefined;
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
  const holdersOf = db.$client.prepare<[string, number], { userId: number }>(
    'SELECT user_id AS userId FROM holdings WHERE instrument = ? AND instrument_id = ?',
  );
  const push = createPushSender({
    bus,
    subscriptions: deps.pushSubscriptions,
    logger: deps.logger,
    holdersOf: (kind, id) => holdersOf.all(kind, id).map((r) => r.userId),
    ...deps.push,
  });
  const feed = createLeagueFeed({
    db,
    bus,
    now,
    logger: deps.logger,
    bigTradeCents: () => bigTradeCents(deps.startingCashCents?.(leagueId) ?? START_BALANCE_CENTS),
  });
  const rivalry = createRivalry({
    leagueId,
    db,
    bus,
    reads,
    feed,
    now,
    logger: deps.logger,
    startingCashCents: () => deps.startingCashCents?.(leagueId) ?? START_BALANCE_CENTS,
    leagueName: () => deps.leagueName?.(leagueId) ?? 'the league',
    ranking: () => deps.ranking?.(leagueId) ?? DEFAULT_LEAGUE_RANKING,
    markOf: (kind, id) => exchange.readModels().markOf(kind, id),
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
    contractStatus: createContractStatus(db, exchange),
    exports: createExportService(db, reads, now),
    teamReads: createTeamReadService(db, exchange),
    members: createLeagueMembersRepo(db),
    /** Idempotency keys of the league's commands, written by its writer with their effects (server/idempotency/once.ts). */
    leagueKeys: { place: `league:${leagueId}`, repo: createIdempotencyKeysRepo(db) },
    push,
    /** The league's chat and feed (docs/chat.md). */
    feed,
    /** Who passed whom, the new leader, the weekly recap (started once the market state is read). */
    rivalry,
    /** Stops taking orders; resolves once everything acknowledged is durable and the followers were told. */
    async stop(): Promise<void> {
      exchange.stop();
      await exchange.idle();
      ticker.flush();
      ticker.stop();
      push.stop();
      rivalry.stop();
      feed.stop();
    },
  };
}
export type LeagueServices = ReturnType<typeof createLeagueServices>;
