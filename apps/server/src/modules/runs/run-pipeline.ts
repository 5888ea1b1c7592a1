import type { Engine } from '../../engines/engine.ts';
import { LocalEngine } from '../../engines/local/local-engine.ts';
import { createEnginePool, type EnginePool } from '../../engines/local/pool/engine-pool.ts';
import { configuredProviders } from '../../engines/providers/configured-providers.ts';
import { createEngineRegistry, type EngineRegistry } from '../../engines/registry.ts';
import type { Config } from '../../platform/config/config.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { type JobQueue, startJobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { startPeriodicTask } from '../../platform/process/periodic-task.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createWebhookDelivery, WEBHOOK_QUEUE_SETTINGS } from '../webhooks/webhook-delivery.ts';
import { WEBHOOK_QUEUE } from '../webhooks/webhook-events.ts';
import { expireAllLeases } from './repo.ts';
import { createRunWatcher, type RunWatcher } from './run-events.ts';
import { sweepRuns } from './run-sweeper.ts';
import { RunWorker } from './run-worker.ts';
import { RUN_QUEUE, type RunDeps } from './service.ts';

export interface RunPipeline {
  engines: EngineRegistry;
  queue: JobQueue;
  /** What the run service's functions take (service.ts). */
  deps: RunDeps;
  watcher: RunWatcher;
  /** Present when this process runs tool runs (WORKER=inline, or the worker process). */
  worker: RunWorker | undefined;
  /** The local engines' processes, where this process runs tool runs. */
  enginePool: EnginePool | undefined;
  sweep(): ReturnType<typeof sweepRuns>;
  /**
   * First step of stopping: no new runs are taken; the runs in progress may finish until
   * `until` (epoch ms), then go back to the queue (RunWorker.drain).
   */
  drain(until: number): Promise<void>;
  /** Drains at once if that was not done, then ends the engine pool, the watcher and the queue. */
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
  /**
   * Engine processes owned by the caller, used where this process works on runs and not ended
   * with the pipeline: a test worker's runtimes share one (test/support/shared-engine-pool.ts),
   * so each does not start processes and load models again.
   */
  enginePool?: EnginePool;
}

/** Webhook deliveries in flight at once per process (each waits on a receiver, not the CPU). */
const WEBHOOK_DELIVERY_CONCURRENCY = 4;

/** A queued run nobody has taken for this long is sent to the queue again. */
const WAITING_RESEND_MS = 10 * 60 * 1000;

/**
 * The queue, engines, run service, progress watcher and — where this process works on runs —
 * the worker and its sweeper, started together and stopped in reverse order.
 */
export async function startRunPipeline(options: RunPipelineOptions): Promise<RunPipeline> {
  const { config, database, storage, logger } = options;
  const { leaseMs, maxAttempts, sweepIntervalMs, workerConcurrency, enginePoolSize } = config.runs;
  const runsHere = options.runWorker ?? config.worker === 'inline';
  // Only a process that works on runs has engine processes (started on the first local run):
  // an API process with WORKER=off never loads a model.
  const ownPool = runsHere && !options.enginePool ? createEnginePool({ size: enginePoolSize, logger }) : undefined;
  const enginePool = runsHere ? (options.enginePool ?? ownPool) : undefined;
  const local = new LocalEngine({ pool: enginePool });
  const engines = createEngineRegistry(
    config.engines,
    [...(options.engines ?? []), ...configuredProviders(config.providers, local)],
    local,
  );
  const queue = await startJobQueue(database, logger, {
    [RUN_QUEUE]: {
      // The runs table decides what a retry means (run-sweeper.ts); pg-boss retries only
      // cover a job lost between fetch and claim, and a repeated job is a no-op.
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: Math.max(60, Math.ceil((leaseMs * maxAttempts) / 1000) * 4),
    },
    [WEBHOOK_QUEUE]: WEBHOOK_QUEUE_SETTINGS,
  });
  const deps: RunDeps = { db: database.db, storage, queue, engines, logger, publicUrl: config.publicUrl };
  const watcher = createRunWatcher(database);
  const sweep = () =>
    sweepRuns({
      db: database.db,
      queue,
      logger,
      publicUrl: config.publicUrl,
      maxAttempts,
      waitingMs: WAITING_RESEND_MS,
    });

  let worker: RunWorker | undefined;
  let stopSweeping = async () => {};
  if (runsHere) {
    worker = new RunWorker({
      db: database.db,
      storage,
      queue,
      engines,
      logger,
      publicUrl: config.publicUrl,
      concurrency: workerConcurrency,
      leaseMs,
      enginePool,
    });
    // The embedded database is this process's alone (its folder is locked): a run still
    // `running` was left by a process that died, so it is retried now, not after its lease.
    if (database.kind === 'pglite') await expireAllLeases(database.db);
    await worker.start();
    // Webhooks are delivered where runs are worked on: an API process with WORKER=off sends none.
    await createWebhookDelivery({ db: database.db, queue, logger, policy: config.webhooks }).start(
      WEBHOOK_DELIVERY_CONCURRENCY,
    );
    // A sweep at start-up too: what a dead process left is taken up as soon as one is back.
    stopSweeping = startPeriodicTask('sweep runs', sweepIntervalMs, sweep, logger);
  }

  let drained: Promise<void> | undefined;
  const drain = (until: number) => {
    drained ??= (async () => {
      await stopSweeping();
      const result = await worker?.drain(until);
      if (result?.handedBack) logger.info(result, 'runs handed back to the queue');
    })();
    return drained;
  };

  return {
    engines,
    queue,
    deps,
    watcher,
    worker,
    enginePool,
    sweep,
    drain,
    async close() {
      await drain(Date.now());
      // A pool of the caller's goes on; runs in progress on it were aborted by the drain.
      await ownPool?.close();
      await watcher.close();
      await queue.stop();
    },
  };
}
