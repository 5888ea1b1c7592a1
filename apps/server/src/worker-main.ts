// `npm run worker`: a process that only runs queued tool runs (and sweeps runs whose worker
// died). Scale-out: API processes with WORKER=off plus any number of these, on PostgreSQL.
import { startOperations } from './modules/health/operations.ts';
import { startRunPipeline } from './modules/runs/run-pipeline.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { createLogger } from './platform/logging/logger.ts';
import { loadConfigOrExit, stopOnSignals } from './platform/process/process-lifecycle.ts';
import { openStorage } from './platform/storage/open-storage.ts';

async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    // PGlite is one process's database: the server's inline worker (WORKER=inline) serves it.
    console.error(
      'A separate worker needs PostgreSQL: set DATABASE_URL (and STORAGE=s3 when workers run on other machines).',
    );
    process.exit(1);
  }
  const logger = createLogger(config.logLevel).child({ process: 'worker' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const storage = openStorage(config);
  const runs = await startRunPipeline({ config, database, storage, logger, runWorker: true });
  // Metrics and /ready on METRICS_PORT, when set: a worker has no public port.
  const operations = await startOperations({ config, logger, database, storage, queue: runs.queue });
  logger.info({ concurrency: config.runs.workerConcurrency }, 'worker is taking runs');

  // Runs still going when the timeout hits keep their lease until it runs out; the sweeper
  // of another worker then retries or refunds them.
  stopOnSignals(logger, config.shutdownTimeoutMs, 'finishing the runs in progress', async () => {
    await operations.readiness.startDraining(); // first: /ready answers 503 from here on
    await runs.close();
    await operations.close();
    await database.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
