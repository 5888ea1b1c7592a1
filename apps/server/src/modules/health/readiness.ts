import { randomUUID } from 'node:crypto';
import type { ReadinessCheck, ReadinessResponse } from '@atelier/contracts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Storage } from '../../platform/storage/storage.ts';

/** A check that has not answered in this time has failed: a probe must not hang. */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * A storage write is remembered this long: /api/ready is public (load balancers ask it), and
 * each probe must not become a write to S3.
 */
const STORAGE_CHECK_TTL_MS = 5_000;
/** Storage keys cannot start with a dot; nothing else lives under this folder. */
const PROBE_KEY_PREFIX = 'system/readiness';

export interface ReadinessDeps {
  database: DatabaseHandle;
  storage: Storage;
  /** Where this process works on runs: its queue must be polling. */
  queue?: JobQueue | undefined;
  /** How long readiness reads "draining" before shutdown goes on (READY_DRAIN_DELAY_MS). */
  drainDelayMs: number;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process should get traffic (GET /api/ready, and /ready on the metrics port):
 * the database answers, storage takes a write, the queue polls where runs are worked on, and
 * the process is not shutting down. The signal handler calls `startDraining()` before
 * anything else, so load balancers see 503 while requests in flight finish.
 */
export class Readiness {
  private draining = false;
  private storageCheck: { at: number; result: Promise<void> } | undefined;

  constructor(private readonly deps: ReadinessDeps) {}

  /** Turns readiness to 503 at once, then waits READY_DRAIN_DELAY_MS for balancers to notice. */
  async startDraining(): Promise<void> {
    this.draining = true;
    if (this.deps.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.deps.drainDelayMs));
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<ReadinessResponse> {
    const checks: Partial<Record<ReadinessCheck, string>> = {};
    const failing: ReadinessCheck[] = [];
    const record = (name: ReadinessCheck, outcome: string) => {
      checks[name] = outcome;
      if (outcome !== 'ok') failing.push(name);
    };
    const run = async (name: ReadinessCheck, check: () => Promise<void>) => {
      try {
        await withTimeout(check(), name);
        record(name, 'ok');
      } catch (error) {
        record(name, error instanceof Error ? error.message : 'failed');
      }
    };
    if (this.draining) record('shutdown', 'draining');
    await Promise.all([
      run('database', async () => {
        await this.deps.database.query('SELECT 1');
      }),
      run('storage', () => this.storageWritable()),
    ]);
    const polling = this.deps.queue?.polling();
    if (polling) record('queue', polling.ok ? 'ok' : (polling.problem ?? 'not polling'));
    return { status: failing.length ? 'not_ready' : 'ready', checks, failing };
  }

  /** Writes and deletes a small object, at most once per STORAGE_CHECK_TTL_MS. */
  private storageWritable(): Promise<void> {
    const now = Date.now();
    if (!this.storageCheck || now - this.storageCheck.at > STORAGE_CHECK_TTL_MS) {
      const key = `${PROBE_KEY_PREFIX}/${randomUUID()}`;
      const { storage } = this.deps;
      const result = storage.put(key, Buffer.from('ok'), 'text/plain').then(() => storage.delete(key));
      result.catch(() => {}); // read by the callers; this copy only keeps it from being unhandled
      this.storageCheck = { at: now, result };
    }
    return this.storageCheck.result;
  }
}
