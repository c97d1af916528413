/**
 * Reads the environment into a typed, validated configuration. Every variable
 * is documented in the README's configuration table; a bad value stops the
 * server at start with a message naming the variable.
 */
import path from 'node:path';
import { z } from 'zod';
import { OAUTH_FLOWS } from '@backoffice/domain';
import {
  booleanFromEnv,
  commaList,
  isTimeZone,
  optionalUrl,
  trustProxyFromEnv,
} from './config-values.js';
import {
  ZServicesEnv,
  redisSettings,
  s3Settings,
  servicesProblems,
  type RedisSettings,
  type S3Settings,
} from './config-services.js';
import { ZGeocodingEnv, geocodingSettings, type GeocodingSettings } from './config-geocoding.js';
import { ZAccountsEnv, accountsSettings, type AccountsSettings } from './config-accounts.js';
import { ZWebhooksEnv, webhooksSettings, type WebhooksSettings } from './config-webhooks.js';
import { ZHttpEnv, httpSettings, type HttpSettings } from './config-http.js';
import { ZJobsEnv, jobsSettings, type JobsSettings } from './config-jobs.js';
import {
  ZMetricsEnv,
  metricsProblems,
  metricsSettings,
  type MetricsSettings,
} from './config-metrics.js';
import { serverPath } from './server-folder.js';

/**
 * How long an event id alone is its receipt by default: a consumer app's
 * resends come within hours, a phone's queue within days (the migration that
 * made receipts counts with it too).
 */
export const DEFAULT_EVENT_RECEIPT_DAYS = 7;

const ZEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    DEMO: booleanFromEnv.optional(),
    DEMO_ACTIVITY: booleanFromEnv.default(true),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().optional(),

    JWT_PRIVATE_KEY: z.string().optional(),
    OAUTH_ISSUER: optionalUrl,
    OAUTH_AUDIENCE: z.string().min(1).default('campaign-backoffice'),
    OAUTH_JWKS_URL: optionalUrl,
    OAUTH_EMAIL_VERIFIED_CLAIM: z
      .string()
      .regex(/^[A-Za-z0-9_.:/-]{1,100}$/, 'a claim name')
      .default('email_verified'),
    OAUTH_CLIENT_ID: z.string().min(1).default('backoffice-web'),
    OAUTH_REDIRECT_URIS: commaList.default([]),
    OAUTH_FLOW: z.enum(OAUTH_FLOWS).default('code'),
    OAUTH_AUTHORIZE_URL: optionalUrl,
    OAUTH_TOKEN_URL: optionalUrl,
    OAUTH_SCOPE: z.string().min(1).default('base'),
    OAUTH_LOGIN_HINT: z.string().default(''),
    TOKEN_REALM: z.string().min(1).default('backoffice'),
    TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    TOKEN_REFRESH_LEEWAY_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
    LOGIN_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
    SESSION_MAX_AGE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(12),

    MAIL_FROM: z.string().min(3).default('Kampagnen-Backoffice <no-reply@localhost>'),
    // nodemailer takes smtp:// (STARTTLS when offered) and smtps:// (TLS from the start).
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    OUTBOX_DIR: z.string().optional(),
    AGENCY_AUTO_APPROVE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(300),
    SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    DRAW_DELAY_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),

    FILES_DIR: z.string().optional(),
    IMAGE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    IMAGE_MAX_PIXELS: z.coerce.number().int().min(10_000).max(268_402_689).default(40_000_000),
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    IMAGE_UPLOADS_PER_ACCOUNT: z.coerce.number().int().min(1).max(16).default(2),
    CSV_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(2 * 1024 * 1024),
    CSV_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(5000),
    INVITATION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(14 * 24),
    MERCHANT_INVITES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
    ADDRESS_INVITES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(3),
    WEEKLY_STATS_MAIL: booleanFromEnv.default(true),
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
    ERASURE_BLOCK_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    EVENT_RECEIPT_DAYS: z.coerce.number().int().min(1).max(30).default(DEFAULT_EVENT_RECEIPT_DAYS),

    APP_NAME: z.string().min(1).default('Kampagnen-Backoffice'),
    LOCALE: z.string().min(2).default('de-DE'),
    TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'an IANA time zone, e.g. Europe/Berlin')
      .default('Europe/Berlin'),
    AVAILABLE_LOCALES: commaList.default(['de', 'en']),
    MAPS_KEY: z.string().default(''),
    WINNER_APP_URL: z.url().default('https://winner.example.com'),
    ADMIN_APP_URL: z.url().default('https://admin.example.com'),
    FRONTEND_URL: z.url().default('https://app.example.com'),
  })
  .extend(ZServicesEnv.shape)
  .extend(ZJobsEnv.shape)
  .extend(ZAccountsEnv.shape)
  .extend(ZWebhooksEnv.shape)
  .extend(ZHttpEnv.shape)
  .extend(ZGeocodingEnv.shape)
  .extend(ZMetricsEnv.shape);

export interface Config {
  stats: {
    /** Raw participation events older than this are purged; rollups stay. */
    eventRetentionDays: number;
    /** Days after an erasure during which new events naming the erased participant are refused. */
    erasureBlockDays: number;
    /** Days an event id alone is a receipt, whatever time a resend carries. */
    eventReceiptDays: number;
  };
  port: number;
  /** Interface to listen on: HOST, else loopback in demo mode and every interface otherwise. */
  host: string;
  /** Fastify's trustProxy: which proxies' X-Forwarded-* headers to believe. */
  trustProxy: boolean | number | string[];
  /** Request timeouts and the origins allowed to call the API (CORS). */
  http: HttpSettings;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** Demo mode: demo data and the demo-account list on the sign-in page. */
  demo: boolean;
  /** In demo mode: demo campaigns with months of participations (off for browser tests). */
  demoActivity: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** Shared counters of the rate limits; undefined counts in this process's memory. */
  redis: RedisSettings | undefined;
  webDistDir: string;
  /** The background jobs: retries, retention, the weekly mail's time, the shutdown's wait. */
  jobs: JobsSettings;
  /** Password reset, two-factor sign-in, the implicit grant. */
  accounts: AccountsSettings;
  /** Webhook deliveries: allowed targets, timeout, retries, switching failing endpoints off. */
  webhooks: WebhooksSettings;
  /** Whether and where GET /metrics (Prometheus) is served: a token, a port of its own. */
  metrics: MetricsSettings;
  mail: {
    from: string;
    /** SMTP connection URL; undefined writes every mail as an .eml file into outboxDir. */
    smtpUrl: string | undefined;
    outboxDir: string;
  };
  campaigns: {
    /** Delay after which an agency's submitted campaign is approved without review. */
    agencyAutoApproveSeconds: number;
    /** How often the scheduler publishes and ends campaigns; 0 switches it off. */
    schedulerIntervalSeconds: number;
    /**
     * How long after a sweepstake's end the scheduler waits before it draws:
     * the consumer app sends participations in batches (and resends failed
     * ones), so those of the runtime's last minutes may arrive after the end.
     */
    drawDelayMinutes: number;
  };
  files: {
    /** Folder of uploaded files (merchant images), served under /files/, unless s3 is set. */
    dir: string;
    /** An S3-compatible object store for uploaded files instead of the folder. */
    s3: S3Settings | undefined;
    imageMaxBytes: number;
    /** Largest width × height sharp will decode (pixel-flood protection). */
    imageMaxPixels: number;
    /** Images decoded at a time; more wait in line (each can take hundreds of MB). */
    imageConcurrency: number;
    /** Image uploads of one account processed at a time (a few more wait; beyond, 429). */
    imageUploadsPerAccount: number;
    csvMaxBytes: number;
    csvMaxRows: number;
  };
  merchants: {
    invitationTtlHours: number;
    /** Invitation mails one merchant may send per hour. */
    invitationsPerMerchantPerHour: number;
    /** Invitation mails one address may receive per day, from all merchants. */
    invitationsPerAddressPerDay: number;
    /** Send the weekly statistics mail (from the scheduler). */
    weeklyStatsMail: boolean;
  };
  geocoding: GeocodingSettings;
  identity: {
    /** PKCS#8 PEM of the signing key; undefined in demo mode means "generate and keep in dataDir". */
    privateKeyPem: string | undefined;
    issuer: string;
    audience: string;
    /** When set, tokens are verified against this JWKS (an external provider). */
    jwksUrl: string | undefined;
    /** The external provider's claim that vouches for the email (`true`): OIDC's email_verified, Entra ID's xms_edov. */
    emailVerifiedClaim: string;
    clientId: string;
    redirectUris: string[];
    tokenTtlSeconds: number;
    realm: string;
    /** Sign-in, token and registration attempts per client address and minute. */
    loginRateLimitPerMinute: number;
    /** Failed sign-ins per account (the email tried) and hour, from any address. */
    loginFailuresPerAccountPerHour: number;
    /** A sign-in's tokens are renewed up to this age; then the user signs in again. */
    sessionMaxAgeHours: number;
  };
  web: {
    appName: string;
    flow: z.infer<typeof ZEnv>['OAUTH_FLOW'];
    authorizeUrl: string;
    tokenUrl: string;
    scope: string;
    loginHint: string;
    locale: string;
    /** Days of statistics and dates on screen follow this time zone. */
    timeZone: string;
    availableLocales: string[];
    mapsKey: string;
    winnerAppUrl: string;
    adminAppUrl: string;
    frontendUrl: string;
    tokenRefreshLeewaySeconds: number;
  };
}

export class ConfigError extends Error {}

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count trusts that many proxies
 * in front of the server (as Express does); Fastify itself would trust none
 * for a number. Only safe when clients cannot reach the server around them.
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

const defaultWebDist = serverPath('..', 'web', 'dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = [...servicesProblems(e), ...metricsProblems(e)];
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push(['HTTP_HEADERS_TIMEOUT_MS', 'at most HTTP_REQUEST_TIMEOUT_MS']);
  }
  if (problems.length > 0) {
    const lines = problems.map(([name, message]) => `  ${name}: ${message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const demo = e.DATABASE_URL ? false : (e.DEMO ?? true);
  if (!demo && !e.JWT_PRIVATE_KEY && !e.OAUTH_JWKS_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  JWT_PRIVATE_KEY: required outside demo mode (a PKCS#8 PEM private key)${e.DATABASE_URL ? ', and DATABASE_URL turns demo mode off' : ''}; the generated demo key is never used in production`,
    );
  }
  const availableLocales = e.AVAILABLE_LOCALES.length > 0 ? e.AVAILABLE_LOCALES : ['de'];
  return {
    port: e.PORT,
    // Demo mode has a well-known admin password: reachable from this machine only, unless asked.
    host: e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    trustProxy: e.TRUST_PROXY,
    http: httpSettings(e),
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    stats: {
      eventRetentionDays: e.EVENT_RETENTION_DAYS,
      erasureBlockDays: e.ERASURE_BLOCK_DAYS,
      eventReceiptDays: e.EVENT_RECEIPT_DAYS,
    },
    demo,
    demoActivity: demo && e.DEMO_ACTIVITY,
    logLevel: e.LOG_LEVEL,
    redis: redisSettings(e),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    jobs: jobsSettings(e),
    accounts: accountsSettings(e),
    webhooks: webhooksSettings(e),
    metrics: metricsSettings(e),
    mail: {
      from: e.MAIL_FROM,
      smtpUrl: e.SMTP_URL,
      outboxDir: path.resolve(e.OUTBOX_DIR ?? path.join(e.DATA_DIR, 'outbox')),
    },
    campaigns: {
      agencyAutoApproveSeconds: e.AGENCY_AUTO_APPROVE_SECONDS,
      schedulerIntervalSeconds: e.SCHEDULER_INTERVAL_SECONDS,
      drawDelayMinutes: e.DRAW_DELAY_MINUTES,
    },
    files: {
      dir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
      s3: s3Settings(e),
      imageMaxBytes: e.IMAGE_MAX_BYTES,
      imageMaxPixels: e.IMAGE_MAX_PIXELS,
      imageConcurrency: e.IMAGE_CONCURRENCY,
      imageUploadsPerAccount: e.IMAGE_UPLOADS_PER_ACCOUNT,
      csvMaxBytes: e.CSV_MAX_BYTES,
      csvMaxRows: e.CSV_MAX_ROWS,
    },
    merchants: {
      invitationTtlHours: e.INVITATION_TTL_HOURS,
      invitationsPerMerchantPerHour: e.MERCHANT_INVITES_PER_HOUR,
      invitationsPerAddressPerDay: e.ADDRESS_INVITES_PER_DAY,
      weeklyStatsMail: e.WEEKLY_STATS_MAIL,
    },
    geocoding: geocodingSettings(e),
    identity: {
      privateKeyPem: e.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n'),
      issuer: e.OAUTH_ISSUER ?? publicUrl,
      audience: e.OAUTH_AUDIENCE,
      jwksUrl: e.OAUTH_JWKS_URL,
      emailVerifiedClaim: e.OAUTH_EMAIL_VERIFIED_CLAIM,
      clientId: e.OAUTH_CLIENT_ID,
      redirectUris: [`${publicUrl}/oauth2/postback`, ...e.OAUTH_REDIRECT_URIS],
      tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
      realm: e.TOKEN_REALM,
      loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
      loginFailuresPerAccountPerHour: e.LOGIN_FAILURES_PER_HOUR,
      sessionMaxAgeHours: e.SESSION_MAX_AGE_HOURS,
    },
    web: {
      appName: e.APP_NAME,
      flow: e.OAUTH_FLOW,
      authorizeUrl: e.OAUTH_AUTHORIZE_URL ?? `${publicUrl}/identity/authorize`,
      tokenUrl: e.OAUTH_TOKEN_URL ?? `${publicUrl}/identity/token`,
      scope: e.OAUTH_SCOPE,
      loginHint: e.OAUTH_LOGIN_HINT,
      locale: e.LOCALE,
      timeZone: e.TIME_ZONE,
      availableLocales,
      mapsKey: e.MAPS_KEY,
      winnerAppUrl: e.WINNER_APP_URL,
      adminAppUrl: e.ADMIN_APP_URL,
      frontendUrl: e.FRONTEND_URL,
      tokenRefreshLeewaySeconds: e.TOKEN_REFRESH_LEEWAY_SECONDS,
    },
  };
}

export { geocodeLimitMs } from './config-geocoding.js';
