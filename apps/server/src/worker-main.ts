// `npm run worker`: a process that only runs queued tool runs (and sweeps runs whose worker
// died). Scale-out: API processes with WORKER=off plus any number of these, on PostgreSQL.
import { startOperations } from './modules/health/operations.ts';
import { startRunPipeline } from './modules/runs/run-pipeline.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { createLogger } from './platform/logging/logger.ts';
import { closingReserveMs, Lifecycle, loadConfigOrExit } from './platform/process/process-lifecycle.ts';
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
  const lifecycle = new Lifecycle(logger, config.shutdownGraceMs);
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const storage = openStorage(config);
  const runs = await startRunPipeline({ config, database, storage, logger, runWorker: true });
  // Metrics and /ready on METRICS_PORT, when set: a worker has no public port.
  const operations = await startOperations({ config, logger, database, storage, queue: runs.queue });
  logger.info(
    { concurrency: config.runs.workerConcurrency, engineProcesses: config.runs.enginePoolSize },
    'worker is taking runs',
  );
  void runs.enginePool?.warm(); // as in main.ts: the first run does not wait for processes to boot

  // Runs still going near the end of the grace period go back to the queue, for another
  // worker — or this one once restarted — to run them at once.
  lifecycle.stopOnSignals('finishing the runs in progress', async (deadline) => {
    await operations.readiness.startDraining(); // first: /ready answers 503 from here on
    await runs.drain(deadline - closingReserveMs(config.shutdownGraceMs));
    await runs.close();
    await operations.close();
    storage.close?.();
    await database.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
