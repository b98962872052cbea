import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from '../config.js';
import { openDb, type Db } from '../db/client.js';
import { seedLeagueIfEmpty } from '../engine/league.js';
import { leagueDir, migrationsDir, webDistDir } from '../paths.js';
import { writePidFile } from '../pid-file.js';
import type { AuthRateLimits, Limit } from './auth/rate-limits.js';
import { loadOrCreateSecret } from './auth/secret.js';
import { scheduleBackups } from './backups.js';
import { createHttpApp } from './http.js';
import { createLogger } from './logger.js';
import { createMailer } from './mail.js';
import { createMetrics } from './metrics/index.js';
import { loadOrCreateVapidKeys, vapidSubject } from './push/vapid.js';
import { createServices, type AppServices, type ServiceOptions } from './services.js';

export const DB_FILE = 'hoops.db';

export interface StartOptions {
  /** Where logs go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  authRateLimits?: AuthRateLimits;
  orderRateLimit?: Limit;
  now?: () => number;
  /** Serve the built web app from here; null serves none. */
  webDir?: string | null;
  /** Push batching and the agent for push requests (tests: short windows, their own endpoint's certificate). */
  push?: Pick<ServiceOptions['push'], 'gatherMs' | 'windowMs' | 'agent'>;
}

export interface RunningServer {
  url: string;
  port: number;
  services: AppServices;
  db: Db;
  logger: Logger;
  close(): Promise<void>;
}

/** Opens the database (migrating and seeding it), wires the services and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger({ level: config.logLevel, pretty: config.env === 'development', destination: options.logDestination });
  mkdirSync(config.dataDir, { recursive: true });
  const secret = loadOrCreateSecret(config.dataDir);
  const vapidKeys = loadOrCreateVapidKeys(config.dataDir);
  const dbFile = join(config.dataDir, DB_FILE);
  const db = openDb({ file: dbFile, migrationsFolder: migrationsDir });
  const now = options.now ?? Date.now;
  const seeded = seedLeagueIfEmpty(db, leagueDir, now());
  if (seeded.seeded) logger.info(`Seeded the league: 30 teams, ${seeded.players} players`);
  const services = createServices({
    db,
    logger,
    now,
    secret,
    publicUrl: config.publicUrl,
    mailer: createMailer(config.smtpUrl, config.mailFrom, logger),
    authRateLimits: options.authRateLimits,
    orderRateLimit: options.orderRateLimit,
    metrics: config.metricsToken ? createMetrics({ token: config.metricsToken, dbFile, logger }) : null,
    push: { keys: vapidKeys, subject: vapidSubject(config.publicUrl, config.mailFrom), hosts: config.pushServiceHosts, ...options.push },
  });
  const app = createHttpApp(services, logger, options.webDir === undefined ? webDistDir : options.webDir, config.trustProxy);
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(config.port, config.host, () => resolve());
  });
  const port = (app.server.address() as AddressInfo).port;
  // The market state, then the prices over time, load in small steps now: healthy at once.
  void services.exchange.warmUp();
  const removePidFile = writePidFile(config.dataDir);
  // Team shares whose 7-day lock ended join the market as standing sells.
  const lockTimer = setInterval(() => {
    try {
      services.exchange.releaseLocks();
    } catch (error) {
      logger.error({ err: error }, 'Releasing ended team locks failed');
    }
  }, 60_000);
  lockTimer.unref();
  const backups = scheduleBackups(db, join(config.dataDir, 'backups'), config.backupIntervalHours, config.backupKeep, logger);
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    services,
    db,
    logger,
    close() {
      closing ??= (async () => {
        // Stop taking orders first: each command runs to its commit synchronously, so none is half done.
        services.exchange.stop();
        await services.exchange.idle();
        // The last trades reach the ticker's followers before they are told to reconnect.
        services.ticker.flush();
        services.ticker.stop();
        services.push.stop();
        clearInterval(lockTimer);
        backups.stop();
        await app.close();
        services.exchange.close();
        db.$client.close();
        removePidFile();
      })();
      return closing;
    },
  };
}
