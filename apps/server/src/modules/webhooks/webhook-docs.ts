import { type WebhookEventType, webhookEventSchema } from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../platform/http/api-router.ts';
import { jsonBody } from '../../platform/http/json-content.ts';

/** The Standard Webhooks headers every delivery carries (webhook-delivery.ts sets them). */
const signatureHeaders = z.object({
  'webhook-id': z.string().meta({ description: 'The message id (`msg_…`): the same on every retry, to deduplicate' }),
  'webhook-timestamp': z.string().meta({ description: 'When this attempt was signed (Unix seconds)' }),
  'webhook-signature': z.string().meta({
    description:
      '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 part of the user\'s `whsec_` secret',
  }),
});

const WEBHOOKS: { type: WebhookEventType; summary: string; data: string }[] = [
  { type: 'run.succeeded', summary: 'A run succeeded: its outputs are ready', data: '`{run}` (`RunWebhookEvent`)' },
  { type: 'run.failed', summary: 'A run failed: its credits were given back', data: '`{run}` (`RunWebhookEvent`)' },
  { type: 'batch.completed', summary: "A batch's last run ended", data: '`{batch}` (`BatchWebhookEvent`)' },
];

const operationIdOf = (type: WebhookEventType) =>
  `on${type
    .split('.')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}`;

/**
 * The webhooks of the document (OpenAPI 3.1 `webhooks`): what Atelier POSTs to a run's or a
 * batch's `webhookUrl`, keyed by event type, so a client generator can type the receiver. Each
 * body is a `WebhookEvent`, whose `type` tells a run's event from a batch's.
 */
export function registerWebhookOperations(api: ApiRouter) {
  for (const { type, summary, data } of WEBHOOKS) {
    api.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      operationId: operationIdOf(type),
      tags: ['automation'],
      // Authenticated by its signature (the webhook-signature header), which no security scheme describes.
      security: [],
      summary,
      description:
        `Sent when the event happens: a \`WebhookEvent\` with \`"type": "${type}"\` and \`data\` ${data}, signed ` +
        'per Standard Webhooks. Answer 2xx within ' +
        '10 s; anything else is retried with a doubling delay for up to 24 hours.',
      request: { headers: signatureHeaders, ...jsonBody(webhookEventSchema) },
      responses: {
        200: { description: 'Any 2xx acknowledges the delivery' },
        400: { description: 'Any other answer (or none in 10 s) is retried later' },
      },
    });
  }
}
