import { createLogger } from './platform/logging/logger.ts';
import { closeHttpServer } from './platform/process/close-http-server.ts';
import { closingReserveMs, Lifecycle, loadConfigOrExit } from './platform/process/process-lifecycle.ts';
import { createRuntime, listen } from './server.ts';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const lifecycle = new Lifecycle(logger, config.shutdownGraceMs);
  const runtime = await createRuntime(config, { logger });
  const { server, port } = await listen(runtime);
  logger.info(
    { port, database: runtime.database.kind, dataDir: config.dataDir, mail: runtime.mailer.kind },
    `Atelier is ready at ${config.publicUrl}`,
  );
  // The engine processes start now rather than on the first run, so nobody's requests wait
  // while they boot during someone's run (a failure is logged; the first run retries).
  void runtime.runs.enginePool?.warm();

  // Requests in flight and runs in progress share the grace period; what follows them
  // (handing runs back, closing the engine pool, queue and database) keeps a reserve of it.
  lifecycle.stopOnSignals('finishing requests and runs in flight', async (deadline) => {
    // First: /api/ready answers 503 from here on, so load balancers take this process out.
    await runtime.readiness.startDraining();
    const until = deadline - closingReserveMs(config.shutdownGraceMs);
    await Promise.all([closeHttpServer(server, until), runtime.drain(until)]);
    await runtime.close();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
