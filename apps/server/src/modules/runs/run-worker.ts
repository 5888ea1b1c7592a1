import type { ErrorCode, ImageField, RunError, ToolOptions } from '@atelier/contracts';
import { EngineError, type EngineImage } from '../../engines/engine.ts';
import type { EnginePool } from '../../engines/local/pool/engine-pool.ts';
import type { EngineRegistry } from '../../engines/registry.ts';
import type { Database } from '../../platform/db/database.ts';
import type { RunRow } from '../../platform/db/schema/index.ts';
import { retryWhileUnavailable } from '../../platform/db/unavailable.ts';
import { identifyImage } from '../../platform/images/identify-image.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { readStoredBytes, type Storage } from '../../platform/storage/storage.ts';
import * as repo from './repo.ts';
import { notifyRunChanged } from './run-events.ts';
import { completeRunAndNotify, failRunAndRefund, queueRun, RUN_QUEUE, type RunJob } from './service.ts';
import { storeOutputs } from './store-outputs.ts';

export interface RunWorkerOptions {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  engines: EngineRegistry;
  logger: Logger;
  /** PUBLIC_URL: the file URLs of the webhook events of runs ending here are absolute on it. */
  publicUrl: string;
  concurrency: number;
  leaseMs: number;
  /** Where CPU-heavy work on outputs (SVG sanitizing) runs; without it, on this thread. */
  enginePool?: EnginePool;
}

/** Progress is written at most this often; the stream polls or is notified in between. */
const PROGRESS_WRITE_INTERVAL_MS = 250;

/** The abort reason of a run given back to the queue at shutdown: it did not fail. */
const HANDED_BACK = new Error('The process is stopping: the run went back to the queue');

/** Resolves when `work` settles or at the time `until` (epoch ms), whichever comes first. */
async function settleBy(work: Promise<unknown>, until: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((r) => (timer = setTimeout(r, Math.max(0, until - Date.now()))))]);
  clearTimeout(timer);
}

/** What a failed run shows: the engine's own code, or a generic INTERNAL one. */
export function runErrorOf(error: unknown): RunError {
  if (error instanceof EngineError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL' satisfies ErrorCode, message: 'The tool failed. Please try again.' };
}

/**
 * Takes runs from the queue and runs them on their engine. A run is claimed for one attempt
 * with a lease that progress and a heartbeat keep extending; if this process dies, the lease
 * runs out and the sweeper retries or refunds the run (run-sweeper.ts).
 */
export class RunWorker {
  private readonly inFlight = new Set<Promise<void>>();
  /** The runs this worker holds, by id: the attempt it claimed and how to stop its engine. */
  private readonly claimed = new Map<string, { attempt: number; controller: AbortController }>();
  /** Set by kill(): the process is treated as dead and writes nothing more. */
  private dead = false;
  /** Set by drain(): the process is stopping and takes no new run. */
  private draining = false;
  /** Set by drain() once the time to finish is up: every run held goes back to the queue. */
  private handingBack = false;

  constructor(private readonly options: RunWorkerOptions) {}

  async start(): Promise<void> {
    await this.options.queue.work(RUN_QUEUE, this.options.concurrency, (data) =>
      this.track(this.process((data as RunJob).runId)),
    );
  }

  private async track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  /**
   * For a process that is stopping: takes no new run, lets the runs in progress finish until
   * `until` (epoch ms), then hands the others back to the queue — queued again with a new job,
   * the attempt not counted — and stops their engines, so that the next process to start runs
   * them at once. Resolves when every run's processing has returned.
   */
  async drain(until: number): Promise<{ handedBack: number }> {
    this.draining = true;
    await this.options.queue.stopWorkers();
    const settled = Promise.allSettled([...this.inFlight]);
    await settleBy(settled, until);
    this.handingBack = true;
    let handedBack = 0;
    // A run claimed while this loop runs is visited by it, or hands itself back (process()).
    for (const [runId, { attempt, controller }] of this.claimed) {
      if (await this.handBack(runId, attempt)) handedBack++;
      controller.abort(HANDED_BACK);
    }
    await settled;
    return { handedBack };
  }

  /** True when the run went back to the queue; false when it had finished meanwhile. */
  private handBack(runId: string, attempt: number): Promise<boolean> {
    return this.options.db
      .transaction(async (tx) => {
        if (!(await repo.handBackRun(tx, runId, attempt))) return false;
        await queueRun(tx, this.options.queue, { runId });
        await notifyRunChanged(tx, runId);
        return true;
      })
      .catch((err: unknown) => {
        // Its lease runs out and the sweeper retries it, as after a crash.
        this.options.logger.error({ err, runId }, 'could not hand the run back to the queue');
        return false;
      });
  }

  /**
   * Stops as if the process had been killed: no more writes, no heartbeats, runs left as they
   * are in the database. Used by tests and benchmarks to show that the sweeper recovers.
   */
  async kill(): Promise<void> {
    this.dead = true;
    await this.options.queue.stopWorkers();
    for (const { controller } of this.claimed.values()) controller.abort();
  }

  /** Runs one queued run to its end state. Never throws: every failure ends as a refunded run. */
  async process(runId: string): Promise<void> {
    const { db, leaseMs, logger } = this.options;
    if (this.dead) return;
    if (this.draining) {
      // Fetched as the process began to stop: the job goes back for the next process.
      await db
        .transaction((tx) => queueRun(tx, this.options.queue, { runId }))
        .catch((err: unknown) => logger.error({ err, runId }, 'could not re-send the job; the sweeper will'));
      return;
    }
    // A database that went away as the job was fetched: the claim waits for it (the job is
    // this worker's meanwhile), so the run starts as soon as it is back.
    const run = await this.whileUnavailable(runId, () => repo.claimRun(db, runId, leaseMs, RUN_QUEUE));
    if (!run) return; // taken by another worker, or already finished
    const controller = new AbortController();
    this.claimed.set(run.id, { attempt: run.attempts, controller });
    if (this.handingBack) {
      await this.handBack(run.id, run.attempts).finally(() => this.claimed.delete(run.id));
      return;
    }
    await notifyRunChanged(db, runId).catch(() => {}); // a hint: the stream polls anyway
    const log = logger.child({ runId, tool: run.tool, attempt: run.attempts });
    const progress = this.progressWriter(run, controller);
    const heartbeat = setInterval(() => progress.write(), Math.max(50, leaseMs / 3));
    try {
      const outputs = await this.runEngine(run, controller.signal, progress.report);
      if (this.dead) return;
      const pool = this.options.enginePool;
      const sanitize = pool ? (svg: string) => pool.sanitizeSvg(svg, controller.signal) : undefined;
      const stored = await storeOutputs(this.options.storage, run, outputs, controller.signal, sanitize);
      await progress.flush();
      if (this.dead) return;
      // The outputs are stored: the run is not given up while the database is away (the
      // heartbeat goes on, and renews the lease once it is back).
      let retried = false;
      let done = await this.whileUnavailable(
        run.id,
        () => completeRunAndNotify(db, this.options, run, stored),
        () => {
          retried = true;
        },
      );
      // A commit whose answer was lost with the connection is done all the same.
      if (!done && retried) done = await repo.succeededBy(db, run.id, run.attempts);
      if (!done) {
        // The sweeper gave this attempt up, or shutdown handed the run back, meanwhile: its
        // files are not the run's.
        await Promise.all(stored.map((output) => this.options.storage.delete(output.key).catch(() => {})));
      }
      log.info({ outputs: stored.length }, done ? 'run succeeded' : 'run finished after its lease was lost');
    } catch (error) {
      if (this.dead) return;
      if (controller.signal.reason === HANDED_BACK) {
        log.info('run handed back to the queue');
        return;
      }
      const runError = runErrorOf(error);
      if (runError.code === 'INTERNAL') log.error({ err: error }, 'run failed');
      else log.warn({ code: runError.code }, 'run failed');
      // Refunded once whatever the retries: the failure is conditional and the refund idempotent.
      await this.whileUnavailable(run.id, () =>
        failRunAndRefund(db, this.options, run.id, runError, run.attempts),
      ).catch((err) => log.error({ err }, 'could not mark the run failed; the sweeper will'));
    } finally {
      clearInterval(heartbeat);
      this.claimed.delete(run.id);
    }
  }

  /**
   * Runs a write of a run again while the database does not answer — for as long as a lease
   * lasts (after that the sweeper owns the run), and no longer once the process hands its runs
   * back or is dead — and logs the outage once. `onRetry` hears of each retry.
   */
  private whileUnavailable<T>(runId: string, work: () => Promise<T>, onRetry?: () => void): Promise<T> {
    let logged = false;
    return retryWhileUnavailable(work, {
      until: Date.now() + this.options.leaseMs,
      giveUp: () => this.dead || this.handingBack,
      onRetry: (err) => {
        onRetry?.();
        if (!logged) this.options.logger.warn({ err, runId }, "the database does not answer: retrying the run's write");
        logged = true;
      },
    });
  }

  private async runEngine(run: RunRow, signal: AbortSignal, onProgress: (p: number) => void) {
    const engine = this.options.engines.byId(run.engine) ?? this.options.engines.engineFor(run.tool);
    if (!engine) throw new EngineError('INTERNAL', `No engine serves ${run.tool}`);
    const images: Partial<Record<ImageField, EngineImage>> = {};
    for (const [field, key] of Object.entries(run.inputs)) {
      const bytes = await readStoredBytes(this.options.storage, key);
      if (!bytes) throw new EngineError('INTERNAL', 'An input of the run is missing');
      images[field as ImageField] = await identifyImage(bytes, field);
    }
    return engine.run(
      { tool: run.tool, options: run.options as ToolOptions, images },
      { onProgress: (p) => onProgress(p), signal },
    );
  }

  /**
   * Engine progress is persisted (throttled) and each write renews the lease; a write that
   * finds the run no longer held by this attempt aborts the engine.
   */
  private progressWriter(run: RunRow, controller: AbortController) {
    const { db, leaseMs } = this.options;
    let latest = 0;
    let lastWrite = 0;
    let chain: Promise<void> = Promise.resolve();
    const write = () => {
      if (this.dead) return chain;
      const value = latest;
      lastWrite = Date.now();
      chain = chain.then(async () => {
        if (this.dead) return;
        const held = await repo.recordProgress(db, run.id, run.attempts, value, leaseMs).catch(() => true);
        if (!held) controller.abort();
        else await notifyRunChanged(db, run.id).catch(() => {});
      });
      return chain;
    };
    return {
      write,
      report: (p: number) => {
        // 100 is written with the outputs, so a client never sees 100 without a result.
        latest = Math.max(latest, Math.min(99, Math.max(0, Math.round(p))));
        if (Date.now() - lastWrite >= PROGRESS_WRITE_INTERVAL_MS) void write();
      },
      flush: () => write(),
    };
  }
}
