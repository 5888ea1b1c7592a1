import type { ServerType } from '@hono/node-server';
import { ConfigError, loadConfig } from './platform/config/config.ts';
import { createLogger } from './platform/logging/logger.ts';
import { createRuntime, listen } from './server.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee .env.example for what each variable means.`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const runtime = await createRuntime(config, { logger });
  const { server, port } = await listen(runtime);
  logger.info(
    { port, database: runtime.database.kind, dataDir: config.dataDir, mail: runtime.mailer.kind },
    `Atelier is ready at ${config.publicUrl}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await closeServer(server);
    await runtime.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
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
