/**
 * Builds the Fastify instance: external plugins first (security headers, rate
 * limiting, forms, API docs), then the identity provider, the merchant API
 * and the web app. Tests build it too, with their own database.
 */
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './platform/context.js';
import { registerBackgroundJobs } from './background-jobs.js';
import { trustProxyOption } from './platform/config/config.js';
import { setImageConcurrency } from './platform/files/images.js';
import { registerAuthChallenge, requireBearerToken } from './platform/identity/authenticate.js';
import { DEFAULT_BODY_LIMIT, registerBodyLimits } from './platform/http/body-limits.js';
import { registerCompression } from './platform/http/compression.js';
import { registerDeprecation } from './platform/http/deprecation.js';
import {
  registerClosingAnswer,
  registerErrorHandling,
  sendNotFound,
} from './platform/http/errors.js';
import { registerInputHygiene } from './platform/http/input-hygiene.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerProblemsPage } from './platform/http/problems-page.js';
import { registerRateLimit } from './platform/http/rate-limit.js';
import { registerRequestId, requestIdGenerator } from './platform/http/request-id.js';
import {
  MAX_PARAM_LENGTH,
  frameworkErrorAnswer,
  registerSecurityHeaders,
  securityHeaders,
} from './platform/http/security-headers.js';
import { serializerCompiler } from './platform/http/serializer.js';
import { registerSpa } from './platform/http/spa.js';
import { registerMetrics } from './platform/metrics/routes.js';
import { serverTimeouts } from './platform/http/timeouts.js';
import { createServices } from './services.js';
import { tracingPlugin } from './platform/tracing/hooks.js';
import { fileRoutes } from './platform/files/routes.js';
import { identityRoutes } from './modules/sign-in/routes.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { passwordResetRoutes } from './modules/password-reset/routes.js';
import { accessCodeSetRoutes } from './modules/access-code-sets/routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { jobsAdminRoutes } from './modules/jobs-admin/routes.js';
import { campaignRoutes } from './modules/campaigns/routes.js';
import { codeRoutes } from './modules/codes/routes.js';
import { drawAppRoutes, drawRoutes } from './modules/draws/routes.js';
import { participantAdminRoutes } from './modules/ingest/admin-routes.js';
import { ingestRoutes } from './modules/ingest/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { merchantRoutes } from './modules/merchants/routes.js';
import { mySessionRoutes } from './modules/my-sessions/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { currentUserSessionRoutes } from './modules/current-user-session/routes.js';
import { myPasswordRoutes } from './modules/my-password/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { twoFactorRoutes } from './modules/two-factor/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { apiTokenRoutes } from './modules/api-tokens/index.js';
import { registerIdempotency } from './platform/idempotency/idempotency.js';
import { registerCors } from './platform/http/cors.js';

export interface BuildAppOptions {
  /** Serve the built web app from config.webDistDir (off in API tests). */
  serveWeb?: boolean;
}

export async function buildApp(
  ctx: AppContext,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const setSecurityHeaders = securityHeaders(ctx.config.publicUrl, ctx.config.web.tokenUrl);
  setImageConcurrency(ctx.config.files.imageConcurrency);
  const app = Fastify({
    loggerInstance: ctx.log,
    // Each route has its own limit (body-limits.ts); this one is for answers found by no route.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // X-Forwarded-For decides request.ip (and the sign-in limits): believed only from TRUST_PROXY.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // A UUID per request, or a trusted proxy's id; every answer names it (X-Request-Id).
    genReqId: requestIdGenerator(ctx.config.trustProxy),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The start's hooks work on the database (the job queue's tables on a first
    // start, the statistics a stopped process left unfolded): on a busy
    // machine or after a large import that takes longer than Fastify's 10 s.
    pluginTimeout: 120_000,
    // Slow clients are cut off: whole requests, headers, idle connections (HTTP_*_TIMEOUT_MS).
    ...serverTimeouts(ctx.config.http),
    frameworkErrors: frameworkErrorAnswer(setSecurityHeaders),
    // Requests arriving during a stop are answered by registerClosingAnswer, in the product's format.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // With tracing on (docs/operations.md, "Tracing"), a server span per request: registered
  // first, so that it sees every hook and route registered after it.
  const tracing = tracingPlugin();
  if (tracing) await app.register(tracing);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // Counts every answer (when metrics are on) and serves /metrics where configured.
  registerMetrics(app, ctx);
  registerRequestId(app);
  registerClosingAnswer(app);
  registerErrorHandling(app);
  registerAuthChallenge(app, ctx.config.identity.realm);
  registerBodyLimits(app);

  registerSecurityHeaders(app, setSecurityHeaders);
  registerInputHygiene(app);
  await registerCompression(app);
  await registerRateLimit(app, ctx.config.redis);
  await app.register(fastifyFormbody);
  // Uploads (images, CSV and code files): one file per request; each route sets its own size limit (uploadRoute).
  await app.register(fastifyMultipart, {
    limits: {
      files: 1,
      fields: 10,
      fieldSize: 1024,
      fileSize: Math.max(ctx.config.files.imageMaxBytes, ctx.config.files.csvMaxBytes),
    },
  });
  await registerOpenApi(app, ctx.config);
  // Routes with `config.deprecated` answer with Deprecation, Sunset and Link headers.
  registerDeprecation(app, `${ctx.config.publicUrl}/api/docs`);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerProblemsPage(app);

  // Each module's service, built once from what it uses (services.ts).
  const services = createServices(ctx);
  await app.register(systemRoutes, services.system);
  if (!ctx.config.identity.jwksUrl) {
    await app.register(identityRoutes);
    await app.register(registrationRoutes);
    await app.register(passwordResetRoutes, services.passwordReset);
  }
  await app.register(fileRoutes);
  await app.register(
    async (api) => {
      // Browser apps of the origins in CORS_ORIGINS: their preflights are answered before authentication.
      await registerCors(api, ctx.config.http.corsOrigins);
      requireBearerToken(api);
      // A retried POST with the same Idempotency-Key gets the first answer (per user, per integrator token).
      registerIdempotency(api, {
        db: ctx.db,
        secretsKey: ctx.mfaKey,
        callerOf: (request) =>
          request.user?.token
            ? `api-token:${request.user.token.id}`
            : request.user
              ? `user:${request.user.id}`
              : request.claims
                ? `subject:${request.claims.iss} ${request.claims.sub}`
                : undefined,
      });
      await api.register(currentUserSessionRoutes, services.currentUserSession);
      await api.register(myPasswordRoutes, services.myPassword);
      await api.register(merchantRoutes, services.merchants);
      await api.register(campaignRoutes, services.campaigns);
      await api.register(codeRoutes, services.codes);
      await api.register(searchRoutes, services.search);
      await api.register(accountRoutes, services.accounts);
      await api.register(locationRoutes, services.locations);
      await api.register(notificationRoutes, services.notifications);
      await api.register(statsRoutes, services.stats);
      await api.register(drawRoutes, services.draws);
      await api.register(apiKeyRoutes, services.apiKeys);
      await api.register(jobsAdminRoutes, services.jobsAdmin);
      await api.register(participantAdminRoutes, services.ingest);
      await api.register(accessCodeSetRoutes, services.accessCodeSets);
      await api.register(mySessionRoutes, services.mySessions);
      await api.register(twoFactorRoutes, services.twoFactor);
      await api.register(webhookRoutes, services.webhooks);
      await api.register(apiTokenRoutes, services.apiTokens);
    },
    { prefix: '/api' },
  );
  // The consumer app's events and draws: an API key instead of a user's token.
  await app.register(ingestRoutes, { prefix: '/api', ...services.ingest });
  await app.register(drawAppRoutes, { prefix: '/api', ...services.draws });

  registerBackgroundJobs(app, ctx);

  if (options.serveWeb) await registerSpa(app, ctx.config.webDistDir);
  else app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
  return app;
}
