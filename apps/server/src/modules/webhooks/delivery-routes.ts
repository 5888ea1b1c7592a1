import {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
} from '@atelier/contracts';
import type { Database } from '../../platform/db/database.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { requireUser } from '../auth/require-user.ts';
import { deliveriesOf, findDelivery, presentDelivery, setDeliveryStatus } from './delivery-log.ts';
import { WEBHOOK_QUEUE, type WebhookJob } from './webhook-events.ts';

const listWebhookDeliveries = apiRoute({
  method: 'get',
  path: '/webhooks/deliveries',
  operationId: 'listWebhookDeliveries',
  tag: 'automation',
  access: 'user',
  apiKey: true,
  feature: 'webhooks',
  summary: "The caller's webhook deliveries, newest first: each event sent, where it stands and every attempt",
  description:
    'Kept 30 days. `status`: `pending` (queued or redelivered, not yet tried), `delivered` (a 2xx), `retrying` ' +
    '(the last attempt failed; another comes with backoff), `failed` (given up after 24 hours, or the address was ' +
    "refused at delivery). Each attempt has its time, the receiver's status code (null when none came), its " +
    'duration and why it failed.',
  middleware: [requireUser] as const,
  request: { query: webhookDeliveriesQuerySchema },
  responses: { 200: jsonContent(webhookDeliveriesResponseSchema, 'A page of deliveries and the cursor of the next') },
});

const redeliverWebhook = apiRoute({
  method: 'post',
  path: '/webhooks/deliveries/{id}/redeliver',
  operationId: 'redeliverWebhook',
  tag: 'automation',
  access: 'user',
  apiKey: true,
  feature: 'webhooks',
  summary: 'Send a delivery again: the same body and `webhook-id`, signed anew, with 24 hours of retries',
  description:
    'For an event a receiver missed or rejected. The `webhook-id` stays the same, so a receiver that already ' +
    'handled it can tell. The address is checked again at delivery.',
  middleware: [requireUser] as const,
  request: { params: webhookDeliveryParamsSchema },
  responses: {
    202: jsonContent(webhookDeliveryResponseSchema, 'The delivery, queued again (`pending`)'),
    404: errorResponse('No such delivery of yours (NOT_FOUND)'),
    409: errorResponse('The delivery is already waiting to be sent (CONFLICT)'),
  },
});

/** The delivery log and redelivery (ADR 0066). */
export function webhookDeliveryRoutes(db: Database, queue: JobQueue) {
  return createApiRouter()
    .openapi(listWebhookDeliveries, async (c) => {
      const { cursor, limit } = c.req.valid('query');
      const { rows, more } = await deliveriesOf(db, c.var.user.id, cursor, limit);
      const deliveries = rows.map(presentDelivery);
      return c.json({ deliveries, nextCursor: more ? (deliveries.at(-1)?.id ?? null) : null }, 200);
    })
    .openapi(redeliverWebhook, async (c) => {
      const { id } = c.req.valid('param');
      const userId = c.var.user.id;
      const delivery = await db.transaction(async (tx) => {
        const row = await findDelivery(tx, userId, id, true);
        if (!row) throw notFound('No such delivery');
        if (row.status === 'pending') throw new AppError('CONFLICT', 'This delivery is already waiting to be sent');
        const job: WebhookJob = { id, userId, url: row.url, type: row.type, body: row.body, createdAt: Date.now() };
        await queue.send(tx, WEBHOOK_QUEUE, job);
        await setDeliveryStatus(tx, id, 'pending');
        return { ...row, status: 'pending' as const };
      });
      queue.wake(WEBHOOK_QUEUE);
      return c.json({ delivery: presentDelivery(delivery) }, 202);
    });
}
