import path from 'node:path';
import {
  RATE_LIMIT_PRUNE_INTERVAL_MINUTES,
  SANDBOX_RENEWAL_CHECK_MINUTES,
  SUBSCRIPTION_CANCEL_RETRY_MINUTES,
} from '@atelier/contracts';
import { type ServerType, serve } from '@hono/node-server';
import { type AppDeps, createApp } from './app.ts';
import type { Engine } from './engines/engine.ts';
import type { EnginePool } from './engines/local/pool/engine-pool.ts';
import { createPaymentProvider } from './modules/billing/providers/create-provider.ts';
import { type BillingDeps, processCancelRequests, renewDueSandboxSubscriptions } from './modules/billing/service.ts';
import { startOperations } from './modules/health/operations.ts';
import { startRunPipeline } from './modules/runs/run-pipeline.ts';
import * as rateLimiter from './modules/security/rate-limiter.ts';
import type { Config } from './platform/config/config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { warmPages } from './platform/http/pages/warm-pages.ts';
import { createLogger, type Logger } from './platform/logging/logger.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { OutboxMailer } from './platform/mail/outbox-mailer.ts';
import { SmtpMailer } from './platform/mail/smtp-mailer.ts';
import { startPeriodicTask } from './platform/process/periodic-task.ts';
import { openStorage } from './platform/storage/open-storage.ts';

export interface Runtime extends AppDeps {
  app: ReturnType<typeof createApp>;
  /** The metrics listener's port, when METRICS_PORT is set. */
  metricsPort: number | undefined;
  /**
   * First step of a shutdown, while requests in flight finish: ends the progress streams, stops
   * maintenance and taking runs; runs in progress may finish until `until` (epoch ms), then go
   * back to the queue.
   */
  drain(until: number): Promise<void>;
  /** Drains at once if that was not done, then closes everything this runtime opened, in order. */
  close(): Promise<void>;
}

/** Builds the dependencies and the app from a validated config. Used by `main.ts` and by tests. */
export async function createRuntime(
  config: Config,
  overrides: {
    logger?: Logger;
    database?: DatabaseHandle;
    engines?: readonly Engine[];
    /** Engine processes owned by the caller, not ended with the runtime (run-pipeline.ts). */
    enginePool?: EnginePool;
  } = {},
): Promise<Runtime> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const database =
    overrides.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') }));
  const storage = openStorage(config);
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(database.db);
  const paymentProvider = createPaymentProvider(config.payments, database.db, config.publicUrl);
  if (paymentProvider.name === 'sandbox' && config.isProduction) {
    logger.warn('Payments run on the sandbox (no STRIPE_SECRET_KEY): anyone can "pay" on the test checkout page.');
  }
  const runs = await startRunPipeline({
    config,
    database,
    storage,
    logger,
    engines: overrides.engines,
    enginePool: overrides.enginePool,
  });
  // Maintenance every process does now and then; each task is safe to run from several at once.
  const billing: BillingDeps = { db: database.db, paymentProvider, publicUrl: config.publicUrl, logger };
  const stopTasks = [
    startPeriodicTask(
      'prune rate limits',
      RATE_LIMIT_PRUNE_INTERVAL_MINUTES * 60_000,
      () => rateLimiter.prune(database.db),
      logger,
    ),
    startPeriodicTask(
      'cancel subscriptions of Lifetime members',
      SUBSCRIPTION_CANCEL_RETRY_MINUTES * 60_000,
      () => processCancelRequests(billing),
      logger,
    ),
    // Stripe renews through webhooks; the sandbox's renewals are this clock (ADR 0006).
    ...(paymentProvider.name === 'sandbox'
      ? [
          startPeriodicTask(
            'renew sandbox subscriptions',
            SANDBOX_RENEWAL_CHECK_MINUTES * 60_000,
            () => renewDueSandboxSubscriptions(billing),
            logger,
          ),
        ]
      : []),
  ];
  const operations = await startOperations({ config, logger, database, storage, queue: runs.queue });
  const { readiness } = operations;
  const deps: AppDeps = { config, logger, database, storage, mailer, runs, paymentProvider, readiness };
  const app = createApp(deps);
  let drained: Promise<void> | undefined;
  const drain = (until: number) => {
    drained ??= (async () => {
      await runs.watcher.close();
      await Promise.all([...stopTasks.map((stop) => stop()), runs.drain(until)]);
    })();
    return drained;
  };
  return {
    ...deps,
    app,
    metricsPort: operations.metrics?.port,
    drain,
    close: async () => {
      await drain(Date.now());
      await operations.close();
      await runs.close();
      if (mailer instanceof SmtpMailer) mailer.close();
      storage.close?.();
      if (!overrides.database) await database.close();
    },
  };
}

/**
 * Listens on config.port and resolves once the socket is bound. Outside tests the landing pages
 * are then rendered once in the background, so the first visitor does not wait for the server
 * renderer to load (tests count requests and log lines, and load pages themselves).
 */
export function listen(runtime: Runtime): Promise<{ server: ServerType; port: number }> {
  const { config } = runtime;
  return new Promise((resolve) => {
    const server = serve({ fetch: runtime.app.fetch, port: config.port, hostname: config.host }, (info) => {
      resolve({ server, port: info.port });
      if (config.nodeEnv !== 'test') void warmPages((path, init) => runtime.app.request(path, init), runtime.logger);
    });
  });
}
