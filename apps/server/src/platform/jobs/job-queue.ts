import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, DbOrTx } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import { settleJobCompletionsThroughErrors } from './settled-completions.ts';

/**
 * pg-boss in the application's own database, reached through the database handle (pg pool
 * or PGlite) rather than a pool of its own: one database, one set of connections, and on
 * PGlite the only possible way in.
 */
export interface JobQueue {
  /**
   * Adds a job inside the caller's transaction: it exists if and only if the transaction commits.
   * `priority`: waiting jobs of a higher one are fetched first (pg-boss orders by priority, then age).
   */
  send(tx: DbOrTx, queue: string, data: object, options?: { singletonKey?: string; priority?: number }): Promise<void>;
  work(queue: string, concurrency: number, handler: (data: unknown) => Promise<void>): Promise<void>;
  /**
   * Makes this process's workers of a queue fetch now instead of at their next poll. Call it
   * after the transaction that sent a job has committed (before, the job is not visible).
   */
  wake(queue: string): void;
  /**
   * Stops fetching new jobs. Handlers in flight go on (their owner waits for them or not); a
   * worker busy with one stops fetching when it returns.
   */
  stopWorkers(): Promise<void>;
  /**
   * Whether this process's workers are polling: registered, not stopped, and their fetches
   * not failing lately (readiness). Undefined when the process has no workers to ask about.
   */
  polling(): { ok: boolean; problem?: string } | undefined;
  stop(): Promise<void>;
}

/** Where pg-boss keeps its jobs (its default schema). */
const BOSS_SCHEMA = 'pgboss';

/**
 * SQL: `queue` holds a job no worker has fetched yet whose data's `field` is `value` — a job
 * still waiting its turn, as opposed to one a worker is about to act on.
 */
export const waitingJobWhere = (queue: string, field: string, value: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${sql.identifier(BOSS_SCHEMA)}.job AS waiting_job
    WHERE waiting_job.name = ${queue} AND waiting_job.state = 'created'
      AND waiting_job.data->>${field} = (${value})::text)`;

/** A worker whose fetch failed this recently is not polling (a healthy one fetches every 0.5 s). */
const WORKER_ERROR_GRACE_MS = 5_000;
/** During an outage every worker's every poll fails: one log line per this long says so. */
const ERROR_LOG_INTERVAL_MS = 5_000;

interface QueueSettings {
  /** pg-boss retries a job whose handler threw or whose worker vanished. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay after each failed attempt (webhook deliveries). */
  retryBackoff?: boolean;
  /** After this, pg-boss considers an active job's worker gone. */
  expireInSeconds: number;
}

/** Rewrites `$1 … $n` SQL from pg-boss into a drizzle query, so it runs on a transaction handle. */
function positionalToSql(text: string, values: unknown[] = []) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
    sql.raw(''),
  );
}

export async function startJobQueue(
  database: DatabaseHandle,
  logger: Logger,
  queues: Record<string, QueueSettings>,
): Promise<JobQueue> {
  settleJobCompletionsThroughErrors();
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.query(text, values) },
    schedule: false,
    // Each API and worker process starts the queue; maintenance is cheap and lock-guarded.
    supervise: true,
  });
  /** When a worker's fetch last failed: pg-boss reports those as errors naming the queue. */
  let lastWorkerErrorAt = 0;
  // Every error pg-boss meets (a fetch, its maintenance) comes here and nowhere else: an
  // 'error' event without a listener would end the process. pg-boss goes on polling through
  // the pool, which connects again once the database is back, so an outage needs nothing but
  // patience; it is logged once per ERROR_LOG_INTERVAL_MS, not once per worker and poll.
  let lastLoggedAt = 0;
  let unlogged = 0;
  boss.on('error', (err) => {
    const now = Date.now();
    if ((err as { queue?: unknown }).queue) lastWorkerErrorAt = now;
    if (now - lastLoggedAt < ERROR_LOG_INTERVAL_MS) {
      unlogged++;
      return;
    }
    logger.error({ err, similarErrorsNotLogged: unlogged }, 'job queue error');
    lastLoggedAt = now;
    unlogged = 0;
  });
  await boss.start();
  for (const [name, s] of Object.entries(queues)) {
    const options = {
      name,
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelaySeconds,
      retryBackoff: s.retryBackoff ?? false,
      expireInSeconds: s.expireInSeconds,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else
      await boss.createQueue(name, options).catch(async (err) => {
        // Another process created it between the check and here.
        if (!(await boss.getQueue(name))) throw err;
      });
  }

  const workers: { id: string; queue: string; busy: boolean }[] = [];
  let stopping = false;
  // pg-boss's offWork polls every second until the worker's loop has ended, and that timer
  // holds a stopping process open: a worker is taken off only when its loop can end at once —
  // now if it is idle, else as soon as its handler returns.
  const offWork = (w: (typeof workers)[number]) => {
    workers.splice(workers.indexOf(w), 1);
    return boss.offWork({ id: w.id });
  };
  let workersStarted = false;
  return {
    async send(tx, queue, data, options = {}) {
      const db = {
        executeSql: async (text: string, values?: unknown[]) =>
          (await tx.execute(positionalToSql(text, values))) as unknown as { rows: unknown[] },
      };
      await boss.send(queue, data, {
        db,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
      });
    },
    async work(queue, concurrency, handler) {
      // Every registered worker fetches one job at a time; N of them run N jobs at once.
      for (let i = 0; i < concurrency; i++) {
        const worker = { id: '', queue, busy: false };
        worker.id = await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          worker.busy = true;
          try {
            for (const job of jobs) await handler(job.data);
          } finally {
            worker.busy = false;
            if (stopping) void offWork(worker);
          }
        });
        workers.push(worker);
      }
      workersStarted = true;
    },
    wake(queue) {
      for (const w of workers) if (w.queue === queue) boss.notifyWorker(w.id);
    },
    async stopWorkers() {
      stopping = true;
      await Promise.all(workers.filter((w) => !w.busy).map(offWork));
    },
    polling() {
      if (!workersStarted) return undefined;
      if (stopping || workers.length === 0) return { ok: false, problem: 'workers stopped' };
      if (Date.now() - lastWorkerErrorAt < WORKER_ERROR_GRACE_MS) return { ok: false, problem: 'fetching jobs fails' };
      return { ok: true };
    },
    async stop() {
      workers.length = 0; // pg-boss stops its workers too
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
