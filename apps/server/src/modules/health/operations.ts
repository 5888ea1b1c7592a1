import type { Config } from '../../platform/config/config.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { type MetricsServer, startMetricsServer } from '../../platform/metrics/metrics-server.ts';
import { countRunsInProgressFrom } from '../../platform/metrics/runs-gauge.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { Readiness } from './readiness.ts';

export interface Operations {
  readiness: Readiness;
  /** The metrics listener, when METRICS_PORT is set. */
  metrics: MetricsServer | undefined;
  close(): Promise<void>;
}

/**
 * What every process (API or worker) offers to whoever runs it: readiness, and — when
 * METRICS_PORT is set — the private metrics listener (with /ready too, for worker processes
 * that have no public port).
 */
export async function startOperations(options: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
}): Promise<Operations> {
  const readiness = new Readiness({
    database: options.database,
    storage: options.storage,
    queue: options.queue,
    drainDelayMs: options.config.readyDrainDelayMs,
  });
  const stopCounting = countRunsInProgressFrom(options.database, options.logger);
  const metrics = options.config.metrics
    ? await startMetricsServer({
        ...options.config.metrics,
        logger: options.logger,
        ready: async () => {
          const body = await readiness.check();
          return { ok: body.status === 'ready', body };
        },
      })
    : undefined;
  return {
    readiness,
    metrics,
    close: async () => {
      stopCounting();
      await metrics?.close();
    },
  };
}
