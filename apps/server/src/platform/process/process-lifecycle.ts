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
 * The part of the grace period kept for what follows the drain: handing runs back, ending the
 * engine processes, the queue, storage and the database. Work in progress gets the rest.
 */
export function closingReserveMs(graceMs: number): number {
  return Math.min(2000, graceMs / 4);
}

/**
 * Where a process is in its life. `stopping` turns true on the first SIGTERM or SIGINT and
 * stays so: a readiness check can answer "draining" from it while requests in flight finish.
 */
export class Lifecycle {
  private stoppingSince: number | undefined;

  constructor(
    private readonly logger: Logger,
    /** How long stopping may take in all (SHUTDOWN_GRACE_MS). */
    readonly graceMs: number,
  ) {}

  get stopping(): boolean {
    return this.stoppingSince !== undefined;
  }

  /**
   * On the first SIGTERM or SIGINT: runs `stop(deadline)` once — it must have stopped taking
   * work and closed everything by `deadline` (epoch ms) — and then lets the process end by
   * itself, its event loop empty. If anything still holds the process at the deadline (a
   * socket, a timer, a child), it is logged by name and the process exits with code 1.
   */
  stopOnSignals(what: string, stop: (deadline: number) => Promise<void>): void {
    const begin = (signal: NodeJS.Signals) => {
      if (this.stoppingSince !== undefined) {
        this.logger.info({ signal }, 'already stopping');
        return;
      }
      this.stoppingSince = Date.now();
      const deadline = this.stoppingSince + this.graceMs;
      this.logger.info({ signal, graceMs: this.graceMs }, `shutting down: ${what}`);
      setTimeout(() => {
        this.logger.error(
          { holding: process.getActiveResourcesInfo() },
          'shutdown did not finish within SHUTDOWN_GRACE_MS; exiting',
        );
        process.exit(1);
      }, this.graceMs).unref();
      stop(deadline).then(
        () => {
          this.logger.info({ ms: Date.now() - (this.stoppingSince ?? 0) }, 'stopped');
          process.exitCode = 0;
        },
        (err: unknown) => {
          this.logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', begin);
    process.on('SIGINT', begin);
  }
}
