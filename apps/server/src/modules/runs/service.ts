import { randomUUID } from 'node:crypto';
import {
  type ImageField,
  imageCountOf,
  type Run,
  type RunError,
  type RunListResponse,
  RATE_LIMIT_BLOCK_MINUTES,
  RATE_LIMIT_WINDOW_MINUTES,
  runCost,
  TOOL_RUNS_PER_HOUR,
  type ToolId,
} from '@atelier/contracts';
import type { EngineRegistry } from '../../engines/registry.ts';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import type { RunRow, StoredOutput } from '../../platform/db/schema/index.ts';
import type { IdentifiedImage } from '../../platform/images/identify-image.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { runMetrics } from '../../platform/metrics/registry.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { chargeCredits, refundCredits } from '../credits/credits-service.ts';
import { enforceRateLimit } from '../security/enforce-rate-limit.ts';
import { browserRunActions } from './browser-runs.ts';
import { presentRun } from './present-run.ts';
import * as repo from './repo.ts';
import { notifyRunChanged } from './run-events.ts';
import { inputKey } from './storage-keys.ts';

export const RUN_QUEUE = 'tool-run';
export interface RunJob {
  runId: string;
}

export interface RunRequest {
  tool: ToolId;
  options: Record<string, unknown>;
  images: Partial<Record<ImageField, IdentifiedImage>>;
}

export interface RunServiceDeps {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  engines: EngineRegistry;
  logger: Logger;
}

/**
 * Fails a run and gives its credits back in one transaction: either both happen or
 * neither. The refund's idempotency key is per run, so a second caller changes nothing.
 */
export async function failRunAndRefund(db: Database, runId: string, error: RunError, attempt?: number) {
  const failed = await db.transaction(async (tx) => {
    const row = await repo.markFailed(tx, runId, error, attempt);
    if (!row) return undefined;
    if (row.credits > 0) {
      await refundCredits(tx, {
        userId: row.userId,
        amount: row.credits,
        reason: 'refund',
        reference: runId,
        idempotencyKey: `refund:${runId}`,
      });
    }
    await notifyRunChanged(tx, runId);
    return row;
  });
  if (failed) {
    runMetrics.failed(failed, error.code);
    if (failed.refunded) runMetrics.refunded(failed, 'automatic');
  }
  return failed;
}

/**
 * Records a worker's result, while its attempt still holds the run. False when the sweeper
 * gave the attempt up meanwhile (the caller then drops the files it stored).
 */
export async function completeRunAndNotify(db: Database, run: RunRow, outputs: StoredOutput[]): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const ok = await repo.completeRun(tx, run.id, run.attempts, outputs);
    if (ok) await notifyRunChanged(tx, run.id);
    return ok;
  });
  if (done) runMetrics.succeeded(run);
  return done;
}

export function createRunService({ db, storage, queue, engines, logger }: RunServiceDeps) {
  /** Charges, records and (unless done in the browser) enqueues a run, all in one transaction. */
  async function createRun(userId: string, runId: string, request: RunRequest, inputs: Record<string, string>) {
    const cost = runCost(request.tool, imageCountOf(request.options));
    const engine = engines.choiceFor(request.tool);
    const clientSide = engine.kind === 'client';
    const created = await db.transaction(async (tx: DbOrTx) => {
      await chargeCredits(tx, {
        userId,
        amount: cost,
        reason: 'run',
        reference: runId,
        idempotencyKey: `run:${runId}`,
      });
      const now = new Date(); // millisecond precision, so history cursors compare exactly
      const row = await repo.insertRun(tx, {
        id: runId,
        userId,
        tool: request.tool,
        credits: cost,
        options: request.options,
        inputs,
        engine: engine.id,
        clientSide,
        // The browser did the work: the server only records and charges it (DESIGN.md §5).
        ...(clientSide ? { status: 'succeeded' as const, progress: 100, finishedAt: now } : {}),
        createdAt: now,
        updatedAt: now,
      });
      if (!clientSide) await queue.send(tx, RUN_QUEUE, { runId } satisfies RunJob);
      return row;
    });
    // A browser run is counted here and if reported failed; the server never learns of its success.
    runMetrics.started(created);
    return created;
  }

  return {
    /** The result or the failure of a background removal done in the browser (browser-runs.ts). */
    ...browserRunActions({ db, storage, logger }),

    /** Counts a run attempt against the abuse limit; called before the upload is read. */
    async assertRunAllowed(userId: string): Promise<void> {
      await enforceRateLimit(db, {
        key: `tool-run:${userId}`,
        rule: {
          maxAttempts: TOOL_RUNS_PER_HOUR,
          windowMinutes: RATE_LIMIT_WINDOW_MINUTES,
          blockMinutes: RATE_LIMIT_BLOCK_MINUTES,
        },
        action: 'tool_run',
        userId,
      });
    },

    /**
     * Inputs are stored first (a transaction must not wait on file I/O), and removed again
     * when the transaction refuses the run, so a refusal leaves no file behind.
     */
    async startRun(userId: string, request: RunRequest): Promise<Run> {
      const runId = randomUUID();
      const inputs: Record<string, string> = {};
      try {
        for (const [field, image] of Object.entries(request.images)) {
          const key = inputKey(userId, runId, field, image.extension);
          await storage.put(key, image.data, image.mediaType);
          inputs[field] = key;
        }
        const row = await createRun(userId, runId, request, inputs);
        queue.wake(RUN_QUEUE); // an inline worker starts now rather than at its next poll
        return presentRun(row);
      } catch (error) {
        await Promise.all(
          Object.values(inputs).map((key) =>
            storage.delete(key).catch((err) => logger.warn({ err, key }, 'could not delete an input')),
          ),
        );
        throw error;
      }
    },

    async getRun(userId: string, runId: string): Promise<Run> {
      const row = await repo.findRunOfUser(db, runId, userId);
      if (!row) throw notFound('Run');
      return presentRun(row);
    },

    async listRuns(userId: string, limit: number, cursor?: string): Promise<RunListResponse> {
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await repo.listRunsOfUser(db, userId, limit + 1, after);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        runs: page.map(presentRun),
        nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },
  };
}

export type RunService = ReturnType<typeof createRunService>;

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_ERROR', 'Invalid cursor', { fields: { cursor: 'invalid' } });
  }
  return { createdAt, id };
}
