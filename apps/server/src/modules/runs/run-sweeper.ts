import type { Database } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import * as repo from './repo.ts';
import { notifyRunChanged } from './run-events.ts';
import { failRunAndRefund, queueRun } from './service.ts';

export interface SweepOptions {
  db: Database;
  queue: JobQueue;
  logger: Logger;
  /** PUBLIC_URL: the file URLs of the webhook events of runs failed here are absolute on it. */
  publicUrl: string;
  /** Attempts a run gets before a lost worker means failure (and refund). */
  maxAttempts: number;
  /** A queued run untouched this long has lost its job: it is sent again. */
  waitingMs: number;
}

const BATCH = 50;

/**
 * No run stays running forever and no credit is lost: a running run whose lease ran out
 * (its worker died) is queued again while it has attempts left, else failed and refunded in
 * one transaction. Several sweepers may run at once: rows are locked with SKIP LOCKED and
 * the refund is idempotent per run.
 */
export async function sweepRuns(options: SweepOptions): Promise<{ retried: number; failed: number; resent: number }> {
  const result = { retried: 0, failed: 0, resent: 0 };
  const giveUp: string[] = [];
  await options.db.transaction(async (tx) => {
    for (const run of await repo.lockExpiredRuns(tx, BATCH)) {
      if (run.attempts >= options.maxAttempts) {
        giveUp.push(run.id);
        continue;
      }
      await repo.requeueRun(tx, run.id);
      await queueRun(tx, options.queue, { runId: run.id, userId: run.userId });
      await notifyRunChanged(tx, run.id);
      result.retried++;
    }
    for (const run of await repo.lockWaitingRuns(tx, options.waitingMs, BATCH)) {
      await repo.requeueRun(tx, run.id);
      await queueRun(tx, options.queue, { runId: run.id, userId: run.userId });
      result.resent++;
    }
  });
  for (const runId of giveUp) {
    const failed = await failRunAndRefund(options.db, options, runId, {
      code: 'INTERNAL',
      message: 'The run was interrupted. Your credits have been refunded.',
    });
    if (failed) result.failed++;
  }
  if (result.retried || result.failed || result.resent)
    options.logger.warn(result, 'swept runs that lost their worker');
  return result;
}
