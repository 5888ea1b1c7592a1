import { Hono } from 'hono';
import type { Config } from './platform/config/config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/routes.ts';
import { apiDocsRoutes } from './modules/api-docs/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createApiRouter } from './platform/http/api-router.ts';
import type { AppEnv } from './platform/http/app-env.ts';
import { apiNotFound, errorHandler } from './platform/http/error-handler.ts';
import { requestContext } from './platform/http/request-context.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { findWebDist, spaRoutes } from './platform/http/spa.ts';
import type { Logger } from './platform/logging/logger.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import type { Storage } from './platform/storage/storage.ts';

/** Everything the HTTP layer needs, built once at boot (or by a test). */
export interface AppDeps {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  storage: Storage;
  mailer: Mailer;
}

export function createApp(deps: AppDeps) {
  const { config, database, mailer, logger } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(logger));
  app.use('*', securityHeaders({ hsts: config.publicUrl.startsWith('https://') }));
  app.onError(errorHandler);

  const api = createApiRouter();
  api.route('/', healthRoutes(database));

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Atelier API', version: '0.1.0', description: 'AI image tools paid for with credits.' },
    servers: [{ url: '/api' }],
  });
  api.route('/docs', apiDocsRoutes());
  api.notFound(apiNotFound);
  app.route('/api', api);
  app.all('/api/*', apiNotFound);

  if (mailer.kind === 'outbox' && !config.isProduction) {
    app.route('/dev', devMailboxRoutes(database.db));
  }

  const webDist = findWebDist(config.webDistDir);
  if (webDist) {
    app.route('/', spaRoutes(webDist));
  } else {
    logger.warn('The web app is not built (apps/web/dist): run `npm run build`. Serving the API only.');
    app.notFound((c) => c.text('Atelier API is running; the web app is not built. Run `npm run build`.', 404));
  }
  return app;
}
