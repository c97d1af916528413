/**
 * The composition of the modules: each module's service is built once, here,
 * from exactly what it uses of the application's context, and app.ts hands
 * it to that module's routes as their plugin options. Nothing below this
 * file sees the whole context.
 */
import type { AppContext } from './platform/context.js';
import { bodyLimits } from './platform/http/body-limits.js';
import {
  createCampaignService,
  type CampaignRoutesOptions,
} from './modules/campaigns/create-service.js';
import type { CampaignDeps } from './modules/campaigns/deps.js';
import type { CodeRoutesOptions } from './modules/codes/routes.js';
import { createDrawService, type DrawDeps } from './modules/draws/service.js';
import type { LocationRoutesOptions } from './modules/locations/routes.js';
import { createLocationService } from './modules/locations/service.js';
import type { MerchantRoutesOptions } from './modules/merchants/routes.js';
import { createMerchantService } from './modules/merchants/service.js';
import {
  createNotificationService,
  type NotificationDeps,
} from './modules/notifications/service.js';
import { createCodeService } from './modules/codes/service.js';
import type { WebhookRoutesOptions } from './modules/webhooks/routes.js';
import { createWebhookService } from './modules/webhooks/service.js';
import { createApiTokenService, type ApiTokenRoutesOptions } from './modules/api-tokens/index.js';
import type { AccountRoutesOptions } from './modules/accounts/routes.js';
import { createAccountService } from './modules/accounts/service.js';
import type { AccessCodeSetRoutesOptions } from './modules/access-code-sets/routes.js';
import { createAccessCodeSetService } from './modules/access-code-sets/service.js';
import type { TwoFactorRoutesOptions } from './modules/two-factor/routes.js';
import { createTwoFactorService } from './modules/two-factor/service.js';
import type { MyPasswordRoutesOptions } from './modules/my-password/routes.js';
import { createMyPasswordService } from './modules/my-password/service.js';
import type { MySessionRoutesOptions } from './modules/my-sessions/routes.js';
import { createMySessionService } from './modules/my-sessions/service.js';
import type { PasswordResetRoutesOptions } from './modules/password-reset/routes.js';
import { createPasswordResetService } from './modules/password-reset/service.js';
import { createApiKeyService } from './modules/api-keys/service.js';
import { createCurrentUserSessionService } from './modules/current-user-session/service.js';
import type { IngestRoutesOptions } from './modules/ingest/routes.js';
import { createIngestService, type IngestDeps } from './modules/ingest/service.js';
import { createJobsAdminService } from './modules/jobs-admin/service.js';
import { createSearchService } from './modules/search/service.js';
import type { StatsRoutesOptions } from './modules/stats/routes.js';
import { createStatsService } from './modules/stats/service.js';
import { createSystemService } from './modules/system/service.js';

/** What the ingest uses (the erasure and the retention too; the tests build it as well). */
export const ingestDeps = (ctx: AppContext): IngestDeps => ({
  db: ctx.db,
  log: ctx.log,
  web: ctx.config.web,
  stats: ctx.config.stats,
});

/**
 * The routes options of the statistics, the ingest (and the erasure), the
 * site search, the web app's session, the API keys, the jobs screen and the
 * system routes.
 */
function statsAndAdminServices(ctx: AppContext) {
  const { config } = ctx;
  const stats: StatsRoutesOptions = {
    stats: createStatsService({ db: ctx.db, web: config.web }),
  };
  const ingest: IngestRoutesOptions = {
    ingest: createIngestService({ ...ingestDeps(ctx), metrics: ctx.metrics }),
    ingestBatchBodyLimit: bodyLimits(config).ingestBatch,
  };
  const jobsAdmin = { jobsAdmin: createJobsAdminService({ db: ctx.db, jobs: ctx.jobs }) };
  const search = { search: createSearchService(ctx.db) };
  const currentUserSession = { session: createCurrentUserSessionService(ctx.db) };
  const apiKeys = { apiKeys: createApiKeyService(ctx.db) };
  const system = { system: createSystemService({ database: ctx.database, config }) };
  return { stats, ingest, jobsAdmin, search, currentUserSession, apiKeys, system };
}

/**
 * The routes options of the accounts, the access-code sets and the caller's
 * own account (password, sessions, two-factor), and of the password reset.
 */
function accountServices(ctx: AppContext) {
  const { config } = ctx;
  const accounts: AccountRoutesOptions = {
    accounts: createAccountService({
      db: ctx.db,
      jobs: ctx.jobs,
      publicUrl: config.publicUrl,
      web: { timeZone: config.web.timeZone, appName: config.web.appName },
      invitations: {
        invitationTtlHours: config.merchants.invitationTtlHours,
        invitationsPerMerchantPerHour: config.merchants.invitationsPerMerchantPerHour,
        invitationsPerAddressPerDay: config.merchants.invitationsPerAddressPerDay,
      },
    }),
  };
  const accessCodeSets: AccessCodeSetRoutesOptions = {
    accessCodeSets: createAccessCodeSetService({ db: ctx.db }),
    accessCodeTextBodyLimit: bodyLimits(config).accessCodeText,
  };
  /** The security mails' part: recordSecurityEvent mails on the outbox, in the configured language. */
  const securityMail = { db: ctx.db, jobs: ctx.jobs, config };
  const twoFactor: TwoFactorRoutesOptions = {
    twoFactor: createTwoFactorService({ ...securityMail, mfaKey: ctx.mfaKey }),
  };
  const myPassword: MyPasswordRoutesOptions = {
    myPassword: createMyPasswordService(securityMail),
    limits: {
      loginRateLimitPerMinute: config.identity.loginRateLimitPerMinute,
      loginFailuresPerAccountPerHour: config.identity.loginFailuresPerAccountPerHour,
    },
  };
  const mySessions: MySessionRoutesOptions = { mySessions: createMySessionService(securityMail) };
  const passwordReset: PasswordResetRoutesOptions = {
    passwordReset: createPasswordResetService(securityMail),
    publicUrl: config.publicUrl,
    linkTtlMinutes: config.accounts.passwordResetTtlMinutes,
    attemptsPerAddressPerMinute: config.identity.loginRateLimitPerMinute,
  };
  return { accounts, accessCodeSets, twoFactor, myPassword, mySessions, passwordReset };
}

/** What the campaigns module uses (the jobs build it again when they run: tests swap parts). */
export const campaignDeps = (ctx: AppContext): CampaignDeps => ({
  db: ctx.db,
  files: ctx.files,
  jobs: ctx.jobs,
  log: ctx.log,
  frontendUrl: ctx.config.web.frontendUrl,
  appName: ctx.config.web.appName,
  agencyAutoApproveSeconds: ctx.config.campaigns.agencyAutoApproveSeconds,
  imageMaxPixels: ctx.config.files.imageMaxPixels,
});

/** What the notifications module uses (its weekly job and the tests build it too). */
export const notificationDeps = (ctx: AppContext): NotificationDeps => ({
  db: ctx.db,
  jobs: ctx.jobs,
  log: ctx.log,
  web: ctx.config.web,
});

/** What the draws module uses (the scheduler's job, the demo data and the tests build it too). */
export const drawDeps = (ctx: AppContext): DrawDeps => ({
  ...notificationDeps(ctx),
  drawDelayMinutes: ctx.config.campaigns.drawDelayMinutes,
});

/** Every module's routes options, built once per app. */
export function createServices(ctx: AppContext) {
  const { config } = ctx;
  const campaigns: CampaignRoutesOptions = {
    campaigns: createCampaignService(campaignDeps(ctx)),
    limits: {
      campaignSave: bodyLimits(config).campaignSave,
      imageMaxBytes: config.files.imageMaxBytes,
    },
  };
  const codes: CodeRoutesOptions = {
    codes: createCodeService(ctx.db),
    codeListBodyLimit: bodyLimits(config).codeList,
  };
  const draws = { draws: createDrawService(drawDeps(ctx)) };
  const notifications = { notifications: createNotificationService(ctx.db) };
  const locations: LocationRoutesOptions = {
    locations: createLocationService({
      db: ctx.db,
      jobs: ctx.jobs,
      log: ctx.log,
      geocoder: ctx.geocoder,
      config: { geocoding: config.geocoding, files: { csvMaxRows: config.files.csvMaxRows } },
    }),
    csvMaxBytes: config.files.csvMaxBytes,
  };
  const merchants: MerchantRoutesOptions = {
    merchants: createMerchantService({
      db: ctx.db,
      files: ctx.files,
      jobs: ctx.jobs,
      log: ctx.log,
      imageMaxPixels: config.files.imageMaxPixels,
    }),
    imageMaxBytes: config.files.imageMaxBytes,
  };
  const webhooks: WebhookRoutesOptions = {
    webhooks: createWebhookService({
      db: ctx.db,
      jobs: ctx.jobs,
      settings: config.webhooks,
      secretsKey: ctx.mfaKey,
    }),
  };
  const apiTokens: ApiTokenRoutesOptions = { apiTokens: createApiTokenService({ db: ctx.db }) };
  return {
    campaigns,
    codes,
    draws,
    notifications,
    locations,
    merchants,
    webhooks,
    apiTokens,
    ...accountServices(ctx),
    ...statsAndAdminServices(ctx),
  };
}
