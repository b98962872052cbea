import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { ACCOUNTS_FILE, leagueFile } from '../db/leagues/files.js';
import { databaseFiles, openAccounts } from './leagues/data-dir.js';
import { leagueFiles, type LeagueHub } from './leagues/hub.js';
import { migrationsDir, webDistDir } from '../paths.js';
import { writePidFile } from '../pid-file.js';
import type { AuthRateLimits, Limit } from './auth/rate-limits.js';
import { loadOrCreateSecret } from './auth/secret.js';
import { scheduleBackups } from './backups.js';
import { createHttpApp } from './http.js';
import { createLogger } from './logger.js';
import { createMailer } from './mail.js';
import { createMetrics } from './metrics/index.js';
import { loadOrCreateVapidKeys, vapidSubject } from './push/vapid.js';
import { createServices, type AppServices, type ServerServices, type ServiceOptions } from './services.js';

/** The accounts database's file in DATA_DIR. */
export const DB_FILE = ACCOUNTS_FILE;

export interface StartOptions {
  /** Where logs go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  authRateLimits?: AuthRateLimits;
  orderRateLimit?: Limit;
  chatRateLimit?: Limit;
  now?: () => number;
  /** Serve the built web app from here; null serves none. */
  webDir?: string | null;
  /** Push batching and the agent for push requests (tests: short windows, their own endpoint's certificate). */
  push?: Pick<ServiceOptions['push'], 'gatherMs' | 'windowMs' | 'agent'>;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The process's services with the default league's (what the SPEC paths act on when a call names no league). */
  services: AppServices;
  /** The process's services, and each league's by id. */
  serverServices: ServerServices;
  /** The accounts database (`DATA_DIR/hoops.db`). */
  accounts: Db;
  /** The default league's database (`DATA_DIR/leagues/1.db`). */
  db: Db;
  logger: Logger;
  /** Writes a scheduled backup now (into DATA_DIR/backups); answers the files written. */
  backupNow(): Promise<string[]>;
  close(): Promise<void>;
}

/** Opens the databases (migrating and seeding them), wires the services and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger({ level: config.logLevel, pretty: config.env === 'development', destination: options.logDestination });
  mkdirSync(config.dataDir, { recursive: true });
  const secret = loadOrCreateSecret(config.dataDir);
  const vapidKeys = loadOrCreateVapidKeys(config.dataDir);
  const now = options.now ?? Date.now;
  const accounts = openAccounts(config.dataDir, { leagueName: config.leagueName, now: now(), logger });
  // Known once the services are wired, which take the metrics.
  const wired: { hub?: LeagueHub } = {};
  const services = createServices({
    db: accounts,
    leagues: leagueFiles(config.dataDir, migrationsDir),
    dataDir: config.dataDir,
    migrationsFolder: migrationsDir,
    leagueCreation: config.leagueCreation,
    leagueIdleMs: config.leagueIdleMs,
    maxLeagues: config.maxLeagues,
    logger,
    now,
    secret,
    publicUrl: config.publicUrl,
    mailer: createMailer(config.smtpUrl, config.mailFrom, logger),
    authRateLimits: options.authRateLimits,
    orderRateLimit: options.orderRateLimit,
    chatRateLimit: options.chatRateLimit,
    metrics: config.metricsToken
      ? createMetrics({ token: config.metricsToken, dbFiles: () => databaseFiles(config.dataDir, accounts), leaguesOpen: () => wired.hub?.size ?? 0, logger })
      : null,
    push: { keys: vapidKeys, subject: vapidSubject(config.publicUrl, config.mailFrom), hosts: config.pushServiceHosts, ...options.push },
  });
  wired.hub = services.hub;
  // The default league opens now (its market state and prices load in small steps: healthy at once); others on first use.
  const defaultLeague = services.defaultLeague();
  // Every other league whose season ends by itself gets a timer (its file opens when the time comes).
  services.seasonClock.start();
  const app = createHttpApp(services, logger, options.webDir === undefined ? webDistDir : options.webDir, config.trustProxy);
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(config.port, config.host, () => resolve());
  });
  const port = (app.server.address() as AddressInfo).port;
  const removePidFile = writePidFile(config.dataDir);
  // Team shares whose 7-day lock ended join the market as standing sells.
  const lockTimer = setInterval(() => {
    for (const league of services.hub.opened()) {
      try {
        league.exchange.releaseLocks();
      } catch (error) {
        logger.error({ err: error, leagueId: league.leagueId }, 'Releasing ended team locks failed');
      }
    }
  }, 60_000);
  lockTimer.unref();
  // Each league's file is copied as it is on disk (SQLite's online backup, beside whoever writes it): no market is opened.
  const backupSources = () => [
    { folder: '.', file: join(config.dataDir, ACCOUNTS_FILE) },
    ...services.registry.all().map((l) => ({ folder: `leagues/${l.id}`, file: leagueFile(config.dataDir, l.id) })),
  ];
  const backups = scheduleBackups(backupSources, join(config.dataDir, 'backups'), config.backupIntervalHours, config.backupKeep, logger);
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    services: defaultLeague,
    serverServices: services,
    accounts,
    db: defaultLeague.db,
    logger,
    backupNow: () => backups.runNow(),
    close() {
      closing ??= (async () => {
        clearInterval(lockTimer);
        services.seasonClock.stop();
        backups.stop();
        // Stop taking orders first: each command runs to its commit synchronously, so none is half done;
        // the last trades reach the tickers' followers before they are told to reconnect.
        await services.hub.closeAll();
        await app.close();
        services.access.close();
        accounts.$client.close();
        removePidFile();
      })();
      return closing;
    },
  };
}
