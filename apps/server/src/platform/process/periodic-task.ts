import type { Logger } from '../logging/logger.ts';

/**
 * Runs a maintenance task at start and then every `intervalMs` in this process, never two at
 * once. Tasks must be safe to run from several processes (idempotent, or row-locked). The
 * returned stop waits for a run in flight, so the database is not closed under it.
 */
export function startPeriodicTask(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  logger: Logger,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= task()
      .catch((err: unknown) => logger.warn({ err, task: name }, 'periodic task failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
