import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { createLeagueMembersRepo, type LeagueMembersRepo } from '../../db/repos/league-members.js';
import { createPortfolioHistoryRepo, type PortfolioHistoryRepo } from '../../db/repos/portfolio-history.js';
import type { PushSubscriptionsRepo } from '../../db/repos/push-subscriptions.js';
import { createSeasonsRepo, type SeasonsRepo } from '../../db/seasons/seasons-repo.js';
import { createAdmin, type Admin } from '../../engine/admin.js';
import { createIdempotencyKeysRepo, type IdempotencyKeysRepo } from '../../db/repos/idempotency-keys.js';
import { createContractStatus, type ContractStatus } from '../../engine/contract-status.js';
import type { CheckpointWorker } from '../../engine/checkpoint-worker.js';
import { EventBus } from '../../engine/events.js';
import { createExchange, type Exchange } from '../../engine/exchange.js';
import { TICKER_INTERVAL_MS, TICKER_MAX_TRADES } from '../../shared/live.js';
import { Ticker } from '../live/ticker.js';
import type { Metrics } from '../metrics/types.js';
import { createPushSender, type PushSender, type PushSenderOptions } from '../push/sender.js';
import { createLeagueFeed, type LeagueFeed } from '../chat/feed.js';
import { createRivalry, type Rivalry } from '../rivalry/rivalry.js';
import { bigTradeCents } from '../../domain/chat/moments.js';
import { START_BALANCE_CENTS } from '../../shared/money.js';
import { DEFAULT_LEAGUE_RANKING, type Ranking } from '../../shared/ranking.js';
import { createExportService, type ExportService } from '../reads/exports.js';
import { createReadService, type ReadService } from '../reads/service.js';
import { createTeamReadService, type TeamReadService } from '../reads/teams.js';
import { createInboxService, type InboxService } from '../inbox/inbox.js';

export interface LeagueServiceDeps {
  /** One checkpoint thread for every league's file. */
  checkpointWorker: CheckpointWorker;
  now: () => number;
  logger: Logger;
  metrics: Metrics | null;
  pushSubscriptions: PushSubscriptionsRepo;
  push: Omit<PushSenderOptions, 'bus' | 'subscriptions' | 'logger' | 'holdersOf' | 'leagueSlug'>;
  /** The league's starting cash in cents (what makes a purchase a big trade in its feed). */
  startingCashCents?: (leagueId: number) => number | undefined;
  /** The league's name (its notices say it). */
  leagueName?: (leagueId: number) => string | undefined;
  /** The league's address name (`/l/{slug}/…`), for links sent outside the app (push notifications). */
  leagueSlug?: (leagueId: number) => string | undefined;
  /** The league's ranking rule (its rivalry ranks by it). */
  ranking?: (leagueId: number) => Ranking | undefined;
}

/**
 * One league's market as the routers use it (docs/leagues.md §3): its file, its single writer and
 * the bus it publishes on, the ticker and push sender that follow that bus, and what reads it.
 * Set up once each time the league opens (LeagueHub), nowhere else.
 */
export interface LeagueServices {
  leagueId: number;
  db: Db;
  bus: EventBus;
  ticker: Ticker;
  exchange: Exchange;
  reads: ReadService;
  /** The user box's figures, from the exchange's read models. */
  valuation: { shareValueCents(userId: number): number; escrowCents(userId: number): number };
  /** Contract changes as this league's writer applies them. */
  leagueAdmin: Admin;
  /** Contracts and the draft as the admin's previews read them. */
  contractStatus: ContractStatus;
  exports: ExportService;
  teamReads: TeamReadService;
  members: LeagueMembersRepo;
  /** A member's portfolio value over time. */
  history: PortfolioHistoryRepo;
  seasons: SeasonsRepo;
  /** Idempotency keys of the league's commands, written by its writer with their effects (server/idempotency/once.ts). */
  leagueKeys: { place: string; repo: IdempotencyKeysRepo };
  push: PushSender;
  /** The league's chat and feed (docs/chat.md). */
  feed: LeagueFeed;
  /** Who passed whom, the new leader, the weekly recap (started once the market state is read). */
  rivalry: Rivalry;
  /** Members' inboxes (docs/inbox.md): read and marked here; written by the writer and the rivalry. */
  inbox: InboxService;
  /** Stops taking orders; resolves once everything acknowledged is durable and the followers were told. */
  stop(): Promise<void>;
}

/** Every member of LeagueServices, by name: what a league's view (services.ts) reads from the open league. */
export const LEAGUE_SERVICE_KEYS = [
  'leagueId',
  'db',
  'bus',
  'ticker',
  'exchange',
  'reads',
  'valuation',
  'leagueAdmin',
  'contractStatus',
  'exports',
  'teamReads',
  'members',
  'history',
  'seasons',
  'leagueKeys',
  'push',
  'feed',
  'rivalry',
  'inbox',
  'stop',
] as const satisfies readonly (keyof LeagueServices)[];
// A member added to LeagueServices and not listed above fails to compile here.
const _everyKey: Exclude<keyof LeagueServices, (typeof LEAGUE_SERVICE_KEYS)[number]> extends never ? true : never = true;
void _everyKey;

/** The league's chat and feed, and the rivalry that compares its standings after trades settle. */
function createClubhouse(leagueId: number, db: Db, bus: EventBus, exchange: Exchange, reads: ReadService, deps: LeagueServiceDeps) {
  const { now, logger } = deps;
  const startingCashCents = () => deps.startingCashCents?.(leagueId) ?? START_BALANCE_CENTS;
  const feed = createLeagueFeed({ db, bus, now, logger, bigTradeCents: () => bigTradeCents(startingCashCents()) });
  const rivalry = createRivalry({
    leagueId,
    db,
    bus,
    reads,
    feed,
    now,
    logger,
    startingCashCents,
    leagueName: () => deps.leagueName?.(leagueId) ?? 'the league',
    ranking: () => deps.ranking?.(leagueId) ?? DEFAULT_LEAGUE_RANKING,
    markOf: (kind, id) => exchange.readModels().markOf(kind, id),
  });
  return { feed, rivalry };
}

export function createLeagueServices(leagueId: number, db: Db, deps: LeagueServiceDeps): LeagueServices {
  const { now, metrics } = deps;
  const bus = new EventBus();
  const exchange = createExchange({ db, bus, now, observer: metrics?.exchange, checkpointWorker: deps.checkpointWorker });
  const reads = createReadService(db, now, exchange);
  const ticker = new Ticker(bus, TICKER_INTERVAL_MS, TICKER_MAX_TRADES, metrics?.ticker, {
    playersChange: (since) => reads.playersChange(since),
    marks: () => exchange.readModels().markChanges(),
  });
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
    leagueSlug: () => deps.leagueSlug?.(leagueId),
    ...deps.push,
  });
  const { feed, rivalry } = createClubhouse(leagueId, db, bus, exchange, reads, deps);
  return {
    leagueId,
    db,
    bus,
    ticker,
    exchange,
    reads,
    valuation: {
      shareValueCents: (userId: number) => reads.valueOf(userId).shareValueCents,
      escrowCents: (userId: number) => reads.valueOf(userId).escrowCents,
    },
    leagueAdmin: createAdmin(db, exchange, now),
    contractStatus: createContractStatus(db, exchange),
    exports: createExportService(db, reads, now),
    teamReads: createTeamReadService(db, exchange),
    members: createLeagueMembersRepo(db),
    history: createPortfolioHistoryRepo(db),
    seasons: createSeasonsRepo(db),
    leagueKeys: { place: `league:${leagueId}`, repo: createIdempotencyKeysRepo(db) },
    push,
    feed,
    rivalry,
    inbox: createInboxService(db, now),
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
