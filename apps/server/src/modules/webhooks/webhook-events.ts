import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { RunRow } from '../../platform/db/schema/index.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { presentBatch } from '../batches/present-batch.ts';
import { completeBatchIfDone, runsOfBatch } from '../batches/repo.ts';
import { presentRun } from '../runs/present-run.ts';
import { logDelivery } from './delivery-log.ts';

export const WEBHOOK_QUEUE = 'webhook-delivery';

/** What ending a run needs beyond the database: the queue its events go to, PUBLIC_URL for their URLs. */
export interface RunEndDeps {
  queue: JobQueue;
  publicUrl: string;
}

/** One delivery: the body is fixed when the event happens; each attempt signs it anew. */
export interface WebhookJob {
  /** The Standard Webhooks `webhook-id`: the same on every attempt, for receivers to deduplicate. */
  id: string;
  userId: string;
  url: string;
  type: WebhookEventType;
  body: string;
  /** When the event happened, or was redelivered (epoch ms): deliveries stop 24 hours after. */
  createdAt: number;
}

async function enqueue(tx: DbOrTx, queue: JobQueue, userId: string, url: string, event: WebhookEvent) {
  const job: WebhookJob = {
    id: `msg_${randomUUID()}`,
    userId,
    url,
    type: event.type,
    body: JSON.stringify(event),
    createdAt: Date.now(),
  };
  await logDelivery(tx, job);
  await queue.send(tx, WEBHOOK_QUEUE, job);
}

/**
 * Inside the transaction that ended a run (succeeded or failed): queues its `run.*` webhook,
 * and, when it was the last of its batch to end, marks the batch completed and queues
 * `batch.completed`. Queued with the run's end, so an event exists exactly when the end
 * commits; delivered later by the webhook worker, so it never delays or fails the run.
 */
export async function announceRunEnd(tx: DbOrTx, ends: RunEndDeps, row: RunRow): Promise<void> {
  const { queue, publicUrl } = ends;
  const timestamp = new Date().toISOString();
  if (row.webhookUrl && (row.status === 'succeeded' || row.status === 'failed')) {
    await enqueue(tx, queue, row.userId, row.webhookUrl, {
      type: row.status === 'succeeded' ? 'run.succeeded' : 'run.failed',
      timestamp,
      data: { run: presentRun(row, publicUrl) },
    });
  }
  if (!row.batchId) return;
  const batch = await completeBatchIfDone(tx, row.batchId);
  if (batch?.webhookUrl) {
    await enqueue(tx, queue, batch.userId, batch.webhookUrl, {
      type: 'batch.completed',
      timestamp,
      data: { batch: presentBatch(batch, await runsOfBatch(tx, batch.id), publicUrl) },
    });
  }
}
