import { type Config, ConfigError, loadConfig } from '../config/config.ts';
import type { Logger } from '../logging/logger.ts';

/** Reads the environment; on a bad one prints every problem and exits (server and worker entry points). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee .env.example for what each variable means.`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * On SIGTERM or SIGINT runs `stop` once and exits 0; exits 1 if it takes longer than the
 * configured shutdown timeout.
 */
export function stopOnSignals(logger: Logger, timeoutMs: number, what: string, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `shutting down: ${what}`);
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    await stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
