import { RATE_LIMIT_PRUNE_INTERVAL_MINUTES } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { RateLimiter } from './rate-limiter.ts';

/**
 * Prunes idle rate-limit rows at start and then every interval. The returned stop waits for a
 * prune in flight, so the database is not closed under it.
 */
export function startRateLimitPruning(db: DbOrTx, logger: Logger): () => Promise<void> {
  const limiter = new RateLimiter(db);
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = limiter
      .prune()
      .then((count) => count && logger.debug({ count }, 'pruned idle rate-limit rows'))
      .catch((err: unknown) => logger.warn({ err }, 'could not prune rate-limit rows'));
  };
  prune();
  const timer = setInterval(prune, RATE_LIMIT_PRUNE_INTERVAL_MINUTES * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
