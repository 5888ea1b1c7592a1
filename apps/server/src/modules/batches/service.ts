import { randomUUID } from 'node:crypto';
import type { Batch, CreatedBatch } from '@atelier/contracts';
import type { Database } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { runMetrics } from '../../platform/metrics/registry.ts';
import { runPriority } from '../entitlements/effective-plan.ts';
import { insertChargedRun, type RunDeps, type RunRequest, withStoredInputs } from '../runs/service.ts';
import { archiveEntries, streamArchive } from './archive.ts';
import type { BatchRequest } from './batch-request.ts';
import { presentBatch } from './present-batch.ts';
import * as repo from './repo.ts';

/** A batch is runs: it needs what they need. */
export type BatchDeps = RunDeps;

// Batches (ADR 0019): one ordinary run per image, charged together in one transaction.

/** A batch of the user's; anyone else's answers as a missing one does. */
async function batchOfUser(db: Database, userId: string, batchId: string) {
  const batch = await repo.findBatchOfUser(db, batchId, userId);
  if (!batch) throw notFound('Batch');
  return batch;
}

/** All images were checked by the reader; here every run is charged and queued, or none is. */
export async function startBatch(deps: BatchDeps, userId: string, request: BatchRequest): Promise<CreatedBatch> {
  const { db } = deps;
  const batchId = randomUUID();
  const requests = request.images.map((image) => ({
    runId: randomUUID(),
    request: {
      tool: request.tool,
      options: request.options,
      images: { image },
      teamId: request.teamId,
    } satisfies RunRequest,
  }));
  const { batch, rows } = await withStoredInputs(deps, userId, requests, (stored) =>
    db.transaction(async (tx) => {
      const batch = await repo.insertBatch(tx, {
        id: batchId,
        userId,
        tool: request.tool,
        webhookUrl: request.webhookUrl ?? null,
        teamId: request.teamId ?? null,
      });
      // One plan for the whole batch: every run waits at the same priority.
      const priority = await runPriority(tx, userId);
      const rows = [];
      for (const [i, { runId, request: one }] of requests.entries()) {
        rows.push(await insertChargedRun(deps, tx, userId, runId, one, stored[i]!, batchId, priority));
      }
      return { batch, rows };
    }),
  );
  for (const row of rows) runMetrics.started(row);
  return {
    id: batch.id,
    tool: batch.tool,
    runIds: rows.map((r) => r.id),
    createdAt: batch.createdAt.toISOString(),
  };
}

export async function getBatch(deps: BatchDeps, userId: string, batchId: string): Promise<Batch> {
  const { db, publicUrl } = deps;
  const batch = await batchOfUser(db, userId, batchId);
  return presentBatch(batch, await repo.runsOfBatch(db, batchId), publicUrl);
}

/** The archive of a batch of the user's (404 for anyone else's), streamed as it is built. */
export async function openArchive(deps: BatchDeps, userId: string, batchId: string) {
  const { db, storage } = deps;
  const batch = await batchOfUser(db, userId, batchId);
  const entries = archiveEntries(await repo.runsOfBatch(db, batchId));
  return { fileName: `${batch.tool}-${batch.id.slice(0, 8)}.zip`, body: streamArchive(storage, entries) };
}
