import type { ServerType } from '@hono/node-server';
import { createLogger } from './platform/logging/logger.ts';
import { loadConfigOrExit, stopOnSignals } from './platform/process/process-lifecycle.ts';
import { createRuntime, listen } from './server.ts';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const runtime = await createRuntime(config, { logger });
  const { server, port } = await listen(runtime);
  logger.info(
    { port, database: runtime.database.kind, dataDir: config.dataDir, mail: runtime.mailer.kind },
    `Atelier is ready at ${config.publicUrl}`,
  );

  stopOnSignals(logger, config.shutdownTimeoutMs, 'finishing requests in flight', async () => {
    await runtime.readiness.startDraining(); // first: /api/ready answers 503 from here on
    await closeServer(server);
    await runtime.close();
  });
}

/** Stops accepting connections and waits for the requests in flight to finish. */
function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Idle keep-alive sockets would hold close() open; requests in flight still finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
