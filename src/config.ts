import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { leagueName } from './shared/schemas/leagues.js';

/**
 * Which peers may tell us the client's address in `X-Forwarded-For`: none (off), the nearest
 * `hops` peers, or the peers whose addresses match a list (addresses, CIDRs, or proxy-addr's
 * `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const OFF = ['', 'false', 'off', '0'];
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim().toLowerCase() ?? '';
    if (OFF.includes(text)) return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 10) return { hops };
    } else if (text !== 'true') {
      const addresses = text
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      try {
        proxyaddr.compile(addresses);
        return { addresses };
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }
    ctx.addIssue({ code: 'custom', message: 'must be a number of proxy hops (1 to 10) or a comma-separated list of proxy addresses or CIDRs' });
    return z.NEVER;
  });

/**
 * The push services browsers subscribe with, by exact host name: the server accepts subscriptions
 * at, and sends to, these alone, on port 443. Chrome, Edge on Android and other Chromium browsers
 * (FCM), Firefox (Mozilla's autopush), Safari on macOS and iOS (Apple's push service), and Edge on
 * Windows (WNS, whose hosts are the subdomains of `notify.windows.com`).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  'api.push.apple.com',
  'api.sandbox.push.apple.com',
  '*.notify.windows.com',
];

/** A host name, `*.` and a host name (its subdomains), or an IP address; with `:port` when not 443. */
const HOST_ENTRY = /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/;

const hostList = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    if (value === undefined || value.trim() === '') return DEFAULT_PUSH_SERVICE_HOSTS;
    const hosts = value
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const bad = hosts.find((h) => !HOST_ENTRY.test(h) || Number(h.split(':').at(-1)) > 65535);
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not a host name (a host, *.host for its subdomains, with :port when not 443)` });
      return z.NEVER;
    }
    return hosts;
  });

// 0 asks the system for a free port (tests).
const port = z.coerce.number().int().min(0).max(65535);

/** How long a league nobody asks about stays open (LEAGUE_IDLE_MINUTES). */
export const DEFAULT_LEAGUE_IDLE_MINUTES = 10;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Hoops Exchange <no-reply@localhost>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  // Empty means unset (as in an env file with `METRICS_TOKEN=`): /metrics stays off.
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .min(16, 'must be at least 16 characters (or empty to turn /metrics off)')
      .max(256, 'must be at most 256 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  PUSH_SERVICE_HOSTS: hostList,
  LEAGUE_NAME: leagueName.default('Hoops Exchange'),
  LEAGUE_CREATION: z.enum(['anyone', 'admins']).default('anyone'),
  // Minutes, fractions allowed; 0 keeps every league open.
  LEAGUE_IDLE_MINUTES: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .default(DEFAULT_LEAGUE_IDLE_MINUTES),
  MAX_LEAGUES: z.coerce.number().int().min(1).max(1_000_000).default(200),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Hours between scheduled backups into DATA_DIR/backups; 0 turns them off. */
  backupIntervalHours: number;
  backupKeep: number;
  /** Whose `X-Forwarded-For` names the client (rate limits, logs); false ignores the header. */
  trustProxy: TrustProxy;
  /** The bearer token a Prometheus scrape of /metrics must send; without it /metrics is off. */
  metricsToken: string | undefined;
  /** The push services (exact hosts, `*.host` for subdomains, `:port` when not 443) whose subscriptions the server accepts and sends to. */
  pushServiceHosts: readonly string[];
  /** The default league's name, given when it is made (the first start). */
  leagueName: string;
  /** Who may create leagues. */
  leagueCreation: 'anyone' | 'admins';
  /** A league nobody used for this long is closed and its memory returned (ms); 0 never closes one. */
  leagueIdleMs: number;
  /** The most leagues the server holds, the default league included. */
  maxLeagues: number;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    backupKeep: e.BACKUP_KEEP,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    pushServiceHosts: Object.freeze([...e.PUSH_SERVICE_HOSTS]),
    leagueName: e.LEAGUE_NAME,
    leagueCreation: e.LEAGUE_CREATION,
    leagueIdleMs: Math.round(e.LEAGUE_IDLE_MINUTES * 60_000),
    maxLeagues: e.MAX_LEAGUES,
  });
}
