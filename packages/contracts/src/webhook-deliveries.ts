import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './run-constants.ts';

/** Deliveries per page of the log, by default and at most. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
/** How long a delivery stays in the log. */
export const WEBHOOK_DELIVERY_LOG_DAYS = 30;

/** A delivery's `webhook-id`: `msg_` and a UUID. */
export const WEBHOOK_ID_PATTERN = /^msg_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const webhookId = z.string().regex(WEBHOOK_ID_PATTERN).max(40);

/**
 * Where a delivery stands: `pending` (queued, not yet tried, or redelivered), `delivered` (a 2xx),
 * `retrying` (the last attempt failed; another comes with backoff), `failed` (given up: 24
 * hours of failures, or an address refused at delivery).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliveryAttemptSchema = z
  .object({
    at: z.string(),
    /** The receiver's status code; null when no answer came (timeout, refused connection …). */
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    /** Why the attempt failed, when it did. */
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookDeliveryAttempt', description: 'One POST of a delivery to its receiver.' });
export type WebhookDeliveryAttempt = z.infer<typeof webhookDeliveryAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    /** The `webhook-id` header: the same on every attempt and on a redelivery. */
    id: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    url: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    createdAt: z.string(),
    /** Every attempt, oldest first. */
    attempts: z.array(webhookDeliveryAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event sent to a webhookUrl, and how its attempts went.' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z
  .object({
    /** `nextCursor` of the previous page: the id of its last delivery. */
    cursor: webhookId.optional(),
    limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(WEBHOOK_DELIVERIES_PAGE_SIZE),
  })
  .strict();

export const webhookDeliveryParamsSchema = z.object({ id: webhookId });

export const webhookDeliveriesResponseSchema = z
  .object({
    deliveries: z.array(webhookDeliverySchema),
    /** Pass as `cursor` for the next (older) page; null on the last one. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'WebhookDeliveries', description: "The caller's webhook deliveries, newest first." });

export const webhookDeliveryResponseSchema = z
  .object({ delivery: webhookDeliverySchema })
  .meta({ id: 'WebhookDeliveryResult' });
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponseSchema>;
