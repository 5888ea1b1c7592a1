import fs from 'node:fs';
import { Hono } from 'hono';
import { adminRoutes } from './modules/admin/routes.ts';
import { serveApiDocument } from './modules/api-docs/api-document.ts';
import { apiDocsRoutes } from './modules/api-docs/routes.ts';
import { apiKeyAuth } from './modules/api-keys/api-key-auth.ts';
import { API_KEY_PATH_PREFIXES, isAdminConsolePath } from './modules/api-keys/api-key-scope.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { artworkFileRoutes, artworkRoutes } from './modules/artworks/routes.ts';
import type { ClaimDeps } from './modules/auth/account-claim.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { sessionResolver } from './modules/auth/session-user.ts';
import { batchRoutes } from './modules/batches/routes.ts';
import type { PaymentProvider } from './modules/billing/providers/payment-provider.ts';
import { billingModule } from './modules/billing/routes.ts';
import { accountVerified } from './modules/billing/service.ts';
import { ledgerRoutes } from './modules/credits/ledger-routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/routes.ts';
import { planContext } from './modules/entitlements/plan-context.ts';
import { registerFileOperations } from './modules/files/file-docs.ts';
import { fileRoutes } from './modules/files/routes.ts';
import type { Readiness } from './modules/health/readiness.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { runRoutes } from './modules/runs/routes.ts';
import type { RunPipeline } from './modules/runs/run-pipeline.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { teamMembershipRoutes } from './modules/teams/membership-routes.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import * as teams from './modules/teams/service.ts';
import { toolRoutes } from './modules/tools/routes.ts';
import { webhookDeliveryRoutes } from './modules/webhooks/delivery-routes.ts';
import { registerWebhookOperations } from './modules/webhooks/webhook-docs.ts';
import type { Config } from './platform/config/config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { createApiRouter } from './platform/http/api-router.ts';
import { legacyApiHeaders, versionedGetPath } from './platform/http/api-version.ts';
import type { AppEnv } from './platform/http/app-env.ts';
import { limitRequestBodies, type UploadRoute } from './platform/http/body-limit.ts';
import { refuseHostileCallbackFields } from './platform/http/callback-fields.ts';
import { compressResponses } from './platform/http/compression.ts';
import { errorAnswers } from './platform/http/error-answers.ts';
import { errorHandler, unmatchedRoute } from './platform/http/error-handler.ts';
import { idempotentPosts } from './platform/http/idempotency.ts';
import { knownRoutes } from './platform/http/known-routes.ts';
import { reactRouterPages } from './platform/http/pages/react-router-pages.ts';
import { rateLimitHeaders } from './platform/http/rate-limit-headers.ts';
import { requestContext } from './platform/http/request-context.ts';
import { sameOriginOnly } from './platform/http/same-origin.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { findWebBuild, webAppRoutes } from './platform/http/web-app.ts';
import type { Logger } from './platform/logging/logger.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { httpMetrics } from './platform/metrics/http-metrics.ts';
import type { Storage } from './platform/storage/storage.ts';

/**
 * The routes that take image uploads (multipart/form-data), each behind its own limit; every
 * other body is held to REQUEST_BODY_MAX_BYTES (platform/http/body-limit.ts). A test
 * (test/security/body-size-and-control-characters.test.ts) keeps this list and the API document's multipart
 * operations the same.
 */
export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  { method: 'POST', path: /^\/api\/tools\/[^/]+\/(runs|batches)$/ },
  { method: 'POST', path: /^\/api\/tools\/background-removal\/runs\/[^/]+\/result$/ },
  { method: 'PUT', path: /^\/api\/me\/avatar$/ },
];

/** Everything the HTTP layer needs, built once at boot (or by a test). */
export interface AppDeps {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  storage: Storage;
  mailer: Mailer;
  runs: RunPipeline;
  paymentProvider: PaymentProvider;
  readiness: Readiness;
}

export function createApp(deps: AppDeps) {
  const { config, database, mailer, logger, storage } = deps;
  // `/api/v1/…` is routed as `/api/…`, `/api/v1/files/…` as `/files/…` (api-version.ts).
  const app = new Hono<AppEnv>({ getPath: versionedGetPath });
  app.use('*', httpMetrics());
  app.use('*', requestContext(logger));
  // Outside everything that writes a body, so every text response passes through it.
  app.use('*', compressResponses());
  // Inside compression: it reads the error bodies it completes.
  app.use('*', errorAnswers());
  // Pages send their own policy, with their response's nonce (pages/react-router-pages.ts).
  app.use('*', securityHeaders({ hsts: config.publicUrl.startsWith('https://') }));
  app.onError(errorHandler);
  app.use('/api/*', legacyApiHeaders());
  // Before anything that could read a body.
  app.use('*', limitRequestBodies(UPLOAD_ROUTES));

  const billing = billingModule({ ...deps, db: database.db, publicUrl: config.publicUrl });
  const teamDeps: teams.TeamDeps = { db: database.db, mailer, logger, publicUrl: config.publicUrl };
  const claims: ClaimDeps = {
    db: database.db,
    mailer,
    logger,
    onEmailVerified: async (userId) => {
      try {
        await accountVerified(billing.deps, userId);
      } finally {
        // An invitation opened before the address was verified is accepted now.
        await teams.acceptClaimedInvitations(teamDeps, userId);
      }
    },
  };
  const auth = createAuth({ ...claims, config });
  app.use('*', sessionResolver(auth, database.db, config.trustProxy));
  app.use('*', planContext(database.db));
  // The routes are read on the first request that needs them, when all of them are mounted.
  const known = knownRoutes(app, API_KEY_PATH_PREFIXES);
  const unmatched = unmatchedRoute(known, isAdminConsolePath);
  app.use('*', apiKeyAuth(database.db, known, unmatched));
  // The OAuth callback receives Apple's cross-site form_post …
  app.use('/api/*', sameOriginOnly(config.publicUrl, ['/api/auth/callback/']));
  // … whose fields reach Better Auth unchecked by our schemas.
  app.use('/api/auth/callback/*', refuseHostileCallbackFields());
  // Outside the idempotency step: a replayed answer was not counted again, so it says nothing.
  app.use('/api/*', rateLimitHeaders());
  // Once the caller is known, before any route acts on (or charges for) the request.
  app.use('/api/*', idempotentPosts(database.db));

  const api = createApiRouter();
  api.route('/', healthRoutes(database, deps.readiness));
  api.route('/', toolRoutes(deps.runs.engines));
  api.route('/', runRoutes(deps.runs.deps, deps.runs.watcher, config.webhooks));
  api.route('/', batchRoutes(deps.runs.deps, config.webhooks));
  api.route('/billing', billing.apiRoutes);
  api.route('/', ledgerRoutes(database.db));
  api.route('/', artworkRoutes({ db: database.db, storage, logger }));
  api.route('/auth', authRoutes({ auth, config, claims }));
  api.route('/', profileRoutes({ db: database.db, storage, auth }));
  api.route('/', apiKeyRoutes(database.db));
  api.route('/', webhookDeliveryRoutes(database.db, deps.runs.deps.queue));
  api.route('/security', securityRoutes(database.db));
  api.route('/referrals', referralRoutes({ db: database.db, publicUrl: config.publicUrl }));
  api.route('/', teamRoutes(teamDeps));
  api.route('/', teamMembershipRoutes(teamDeps));

  registerFileOperations(api);
  registerWebhookOperations(api);
  serveApiDocument(api);
  api.route('/docs', apiDocsRoutes());
  api.notFound(unmatched);
  // Beside the public API, not in it: its operations stay out of /api/openapi.json.
  app.route(
    '/api/admin',
    adminRoutes({ db: database.db, billing: billing.deps, requireSecondFactor: config.adminRequireSecondFactor }),
  );
  app.route('/api', api);
  app.all('/api/*', unmatched);
  if (billing.sandboxPages) app.route('/billing/sandbox', billing.sandboxPages);

  if (mailer.kind === 'outbox' && !config.isProduction) {
    app.route('/dev', devMailboxRoutes(database.db));
  }

  // Before /files: artworks' files carry their own visibility check.
  app.route('/files/artworks', artworkFileRoutes({ db: database.db, storage }));
  app.route('/files', fileRoutes(storage, database.db));
  // Files are only read: any other method on a file path is 405, anything else the JSON 404.
  app.all('/files/*', unmatched);

  app.route('/', seoRoutes({ db: database.db, publicUrl: config.publicUrl }));

  const web = findWebBuild(config.webDistDir);
  if (web && fs.existsSync(web.serverBuild)) {
    const pages = reactRouterPages({
      serverBuild: web.serverBuild,
      publicUrl: config.publicUrl,
      app: (request, env) => app.fetch(request, env),
    });
    app.route('/', webAppRoutes(web.clientDir, pages));
  } else {
    logger.warn('The web app is not built (apps/web/dist): run `npm run build`. Serving the API only.');
    app.notFound((c) => c.text('Atelier API is running; the web app is not built. Run `npm run build`.', 404));
  }
  return app;
}
