import type { Engine } from '../../engines/engine.ts';
import { configuredProviders } from '../../engines/providers/configured-providers.ts';
import { createEngineRegistry, type EngineRegistry } from '../../engines/registry.ts';
import type { Config } from '../../platform/config/config.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { type JobQueue, startJobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createRunWatcher, type RunWatcher } from './run-events.ts';
import { sweepRuns } from './run-sweeper.ts';
import { RunWorker } from './run-worker.ts';
import { createRunService, RUN_QUEUE, type RunService } from './service.ts';

export interface RunPipeline {
  engines: EngineRegistry;
  queue: JobQueue;
  service: RunService;
  watcher: RunWatcher;
  /** Present when this process runs tool runs (WORKER=inline, or the worker process). */
  worker: RunWorker | undefined;
  sweep(): ReturnType<typeof sweepRuns>;
  close(): Promise<void>;
}

export interface RunPipelineOptions {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  logger: Logger;
  /**
   * Engines to offer before the AI providers of the config (which are always added, in the API
   * and in worker processes alike): test fakes.
   */
  engines?: readonly Engine[];
  /** Whether this process works on runs; defaults to WORKER=inline. */
  runWorker?: boolean;
}

/** A queued run nobody has taken for this long is sent to the queue again. */
const WAITING_RESEND_MS = 10 * 60 * 1000;

/**
 * The queue, engines, run service, progress watcher and — where this process works on runs —
 * the worker and its sweeper, started together and stopped in reverse order.
 */
export async function startRunPipeline(o: RunPipelineOptions): Promise<RunPipeline> {
  const { config, database, storage, logger } = o;
  const engines = createEngineRegistry(config.engines, [
    ...(o.engines ?? []),
    ...configuredProviders(config.providers),
  ]);
  const { leaseMs, maxAttempts, sweepIntervalMs, workerConcurrency } = config.runs;
  const queue = await startJobQueue(database, logger, {
    [RUN_QUEUE]: {
      // The runs table decides what a retry means (run-sweeper.ts); pg-boss retries only
      // cover a job lost between fetch and claim, and a repeated job is a no-op.
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: Math.max(60, Math.ceil((leaseMs * maxAttempts) / 1000) * 4),
    },
  });
  const service = createRunService({ db: database.db, storage, queue, engines, logger });
  const watcher = createRunWatcher(database);
  const sweep = () => sweepRuns({ db: database.db, queue, logger, maxAttempts, waitingMs: WAITING_RESEND_MS });

  let worker: RunWorker | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  if (o.runWorker ?? config.worker === 'inline') {
    worker = new RunWorker({
      db: database.db,
      storage,
      queue,
      engines,
      logger,
      concurrency: workerConcurrency,
      leaseMs,
    });
    await worker.start();
    sweeper = setInterval(() => {
      sweep().catch((err) => logger.error({ err }, 'run sweep failed'));
    }, sweepIntervalMs);
    sweeper.unref();
  }

  return {
    engines,
    queue,
    service,
    watcher,
    worker,
    sweep,
    async close() {
      clearInterval(sweeper);
      await worker?.stop();
      await watcher.close();
      await queue.stop();
    },
  };
}
