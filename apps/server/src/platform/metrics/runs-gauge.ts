import type { DatabaseHandle } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import { setRunsInProgressSource } from './registry.ts';

/**
 * Fills atelier_runs_in_progress from the database each time it is scraped: the queue is
 * shared by every process, so only the database knows its depth. Every process reports the
 * same value; alert on max(), not sum(). The count goes through the (status, lease) index.
 * Returns the function that stops reading from this database.
 */
export function countRunsInProgressFrom(database: DatabaseHandle, logger: Logger): () => void {
  return setRunsInProgressSource(async () => {
    try {
      const { rows } = await database.query<{ status: string; count: number }>(
        `SELECT status, count(*)::int AS count FROM runs WHERE status IN ('queued', 'running') GROUP BY status`,
      );
      return new Map(rows.map((row) => [row.status, Number(row.count)]));
    } catch (err) {
      logger.warn({ err }, 'metrics: could not count the runs in progress');
      return undefined;
    }
  });
}
