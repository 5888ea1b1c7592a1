import {
  WEBHOOK_DELIVERY_LOG_DAYS,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryStatus,
} from '@atelier/contracts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type WebhookDeliveryRow, webhookDeliveries } from '../../platform/db/schema/index.ts';
import type { WebhookJob } from './webhook-events.ts';

/**
 * The delivery log's rows (schema/automation.ts `webhook_deliveries`): written with the event,
 * in the transaction that queues it, and after each attempt by the delivery worker.
 */

/** Logs a delivery about to be queued, and lets the user's rows past the log's age go. */
export async function logDelivery(tx: DbOrTx, job: WebhookJob): Promise<void> {
  await tx
    .insert(webhookDeliveries)
    .values({ id: job.id, userId: job.userId, type: job.type, url: job.url, body: job.body });
  await tx
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.userId, job.userId),
        lt(webhookDeliveries.createdAt, sql`now() - make_interval(days => ${WEBHOOK_DELIVERY_LOG_DAYS})`),
      ),
    );
}

/** Appends an attempt and sets where the delivery stands, in one statement. */
export async function logAttempt(
  db: DbOrTx,
  id: string,
  attempt: WebhookDeliveryAttempt,
  status: WebhookDeliveryStatus,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status, attempts: sql`${webhookDeliveries.attempts} || ${JSON.stringify([attempt])}::jsonb` })
    .where(eq(webhookDeliveries.id, id));
}

/** A delivery's attempts so far (none when it is not in the log). */
export async function findDeliveryAttempts(db: DbOrTx, id: string): Promise<WebhookDeliveryAttempt[]> {
  const [row] = await db
    .select({ attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  return row?.attempts ?? [];
}

export async function setDeliveryStatus(db: DbOrTx, id: string, status: WebhookDeliveryStatus): Promise<void> {
  await db.update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.id, id));
}

/** One of the user's deliveries (another user's is none), locked when `forUpdate`. */
export async function findDelivery(db: DbOrTx, userId: string, id: string, forUpdate = false) {
  const query = db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * A page of the user's deliveries, newest first, after the one named by `cursor`: ordered by
 * (created_at, id), so a page never repeats or skips one even when they share a timestamp.
 */
export async function deliveriesOf(db: DbOrTx, userId: string, cursor: string | undefined, limit: number) {
  const after = cursor
    ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (SELECT created_at, id FROM webhook_deliveries WHERE id = ${cursor} AND user_id = ${userId})`
    : undefined;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, userId), after))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export const presentDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  type: row.type,
  url: row.url,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  attempts: row.attempts,
});
