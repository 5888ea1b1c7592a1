import { RUN_QUEUE } from '../../src/modules/runs/service.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';

/**
 * A run as the database holds it, with the queue's jobs that would start it: what a process
 * leaves behind for the next one.
 */
export async function runRecord(database: DatabaseHandle, runId: string) {
  const [run] = (
    await database.query<{ status: string; attempts: number; progress: number; refunded: boolean }>(
      'SELECT status, attempts, progress, refunded FROM runs WHERE id = $1',
      [runId],
    )
  ).rows;
  const jobs = await database.query<{ state: string }>(
    `SELECT state FROM pgboss.job WHERE name = $1 AND data->>'runId' = $2`,
    [RUN_QUEUE, runId],
  );
  return { ...run!, waitingJobs: jobs.rows.filter((j) => j.state === 'created').length };
}

/** The user's balance and the sum of their ledger rows: equal unless a credit went astray. */
export async function ledgerAndBalance(database: DatabaseHandle, userId: string) {
  const [row] = (
    await database.query<{ ledger: number; balance: number }>(
      `SELECT (SELECT COALESCE(SUM(amount), 0)::int FROM credit_ledger WHERE user_id = $1) AS ledger,
              (SELECT credits FROM profiles WHERE user_id = $1) AS balance`,
      [userId],
    )
  ).rows;
  return row!;
}
