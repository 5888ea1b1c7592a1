import { z } from 'zod';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_ROLL_OVERLAP_MAX_SECONDS, DATETIME_MAX_LENGTH } from './limits.ts';
import { BATCH_TOOLS, type WebhookEventType } from './run-constants.ts';
import { runSchema } from './runs.ts';
import { nameText } from './text-fields.ts';
import { toolIdSchema } from './tool-schemas.ts';

// Power use: batches, personal API keys and signed webhooks.

export const batchToolIdSchema = z
  .enum(BATCH_TOOLS)
  .meta({ id: 'BatchToolId', description: 'A tool that takes a batch of images (one server run per image).' });

/** What `POST /api/tools/{tool}/batches` answers: the batch and its runs' ids, in the images' order. */
export const createdBatchSchema = z
  .object({
    id: z.string(),
    tool: toolIdSchema,
    runIds: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'CreatedBatch', description: 'A batch just started: one run per image, in the order sent.' });
export type CreatedBatch = z.infer<typeof createdBatchSchema>;
export const createdBatchResponseSchema = z.object({ batch: createdBatchSchema }).meta({ id: 'CreatedBatchResult' });
export type CreatedBatchResponse = z.infer<typeof createdBatchResponseSchema>;

export const BATCH_STATUSES = ['running', 'completed'] as const;
export const batchSchema = z
  .object({
    id: z.string(),
    tool: toolIdSchema,
    /** `completed` once every run has succeeded or failed. */
    status: z.enum(BATCH_STATUSES),
    counts: z.object({
      queued: z.number().int(),
      running: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
    }),
    /** The batch's runs, in the order the images were sent. */
    runs: z.array(runSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'Batch', description: 'A batch of runs of one tool and how far it has come.' });
export type Batch = z.infer<typeof batchSchema>;
export const batchResponseSchema = z.object({ batch: batchSchema }).meta({ id: 'BatchResult' });
export type BatchResponse = z.infer<typeof batchResponseSchema>;

/**
 * What a key may do, each a group of operations (modules/api-keys/api-key-scope.ts): `read`
 * every GET a key may make (runs, batches, artworks, teams, the profile, files); `runs` start,
 * rerun and finish runs; `batches` start batches; `artworks` save, change, delete and like
 * artworks; `webhooks` give a `webhookUrl` to a run or batch. A key without the scope an
 * operation needs is refused with 403 API_KEY_SCOPE, before anything is charged.
 */
export const API_KEY_SCOPES = ['read', 'runs', 'batches', 'artworks', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES).meta({
  id: 'ApiKeyScope',
  description:
    'What a key may do: `read` (every GET a key may make), `runs` (start, rerun, finish runs), `batches` (start ' +
    'batches), `artworks` (save, change, delete, like), `webhooks` (give a `webhookUrl`).',
});

const isoDateTime = z.iso.datetime({ offset: true }).max(DATETIME_MAX_LENGTH);

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The secret's first characters, to tell keys apart (the secret itself is shown once). */
    prefix: z.string(),
    scopes: z.array(apiKeyScopeSchema),
    /** When the key stops working (set at creation, or by rolling it); null: never. */
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey', description: 'A personal API key (never its secret).' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBodySchema = z
  .object({
    name: nameText().min(1).max(API_KEY_NAME_MAX_LENGTH),
    /** Every scope when left out. */
    scopes: z.array(apiKeyScopeSchema).min(1).max(API_KEY_SCOPES.length).optional(),
    /** When the key stops working (in the future); never when left out. */
    expiresAt: isoDateTime.optional(),
  })
  .strict()
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

export const rollApiKeyBodySchema = z
  .object({
    /** How long the old secret keeps working beside the new one (0: it stops at once); a day when left out. */
    overlapSeconds: z.number().int().min(0).max(API_KEY_ROLL_OVERLAP_MAX_SECONDS).optional(),
  })
  .strict()
  .meta({ id: 'RollApiKeyRequest' });
export type RollApiKeyBody = z.input<typeof rollApiKeyBodySchema>;

export const createdApiKeyResponseSchema = z
  .object({
    apiKey: apiKeySchema,
    /** Send as `Authorization: Bearer <secret>`. Shown this once: only its hash is stored. */
    secret: z.string(),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponseSchema>;

export const rolledApiKeyResponseSchema = z
  .object({
    /** The new key: the old one's name and scopes, a new secret. */
    apiKey: apiKeySchema,
    secret: z.string(),
    /** The old key, now with the `expiresAt` its overlap ends at. */
    previousKey: apiKeySchema,
  })
  .meta({ id: 'RolledApiKey' });
export type RolledApiKeyResponse = z.infer<typeof rolledApiKeyResponseSchema>;

export const apiKeyListResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const webhookSecretResponseSchema = z
  .object({
    /** `whsec_` and base64: the Standard Webhooks signing secret of the caller's webhooks. */
    secret: z.string(),
    /**
     * Until when deliveries are also signed with the secret this one replaced (a second `v1,`
     * signature in `webhook-signature`); null when no earlier secret is in its overlap.
     */
    previousSecretExpiresAt: isoDateTime.nullable(),
  })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

const WEBHOOK_SIGNING =
  'POSTed with the headers webhook-id, webhook-timestamp and webhook-signature (`v1,<base64 HMAC-SHA256 of ' +
  "id.timestamp.body>` with the user's `whsec_` secret), per Standard Webhooks.";
/** When the event happened (ISO 8601). */
const eventTimestampSchema = z
  .string()
  .meta({ description: 'When the event happened (ISO 8601)', format: 'date-time' });

/** The body of a run's webhook: sent to the run's `webhookUrl` when it succeeds or fails. */
export const runWebhookEventSchema = z
  .object({
    type: z.enum(['run.succeeded', 'run.failed'] as const satisfies readonly WebhookEventType[]),
    timestamp: eventTimestampSchema,
    data: z.object({ run: runSchema }),
  })
  .meta({ id: 'RunWebhookEvent', description: `A run ended: \`run.succeeded\` or \`run.failed\`. ${WEBHOOK_SIGNING}` });

/** The body of a batch's webhook: sent to the batch's `webhookUrl` when its last run ends. */
export const batchWebhookEventSchema = z
  .object({
    type: z.literal('batch.completed' satisfies WebhookEventType),
    timestamp: eventTimestampSchema,
    data: z.object({ batch: batchSchema }),
  })
  .meta({ id: 'BatchWebhookEvent', description: `A batch's last run ended. ${WEBHOOK_SIGNING}` });

/** The body of any webhook delivery, told apart by `type`. */
export const webhookEventSchema = z
  .discriminatedUnion('type', [runWebhookEventSchema, batchWebhookEventSchema])
  .meta({ id: 'WebhookEvent', description: `The body of a webhook delivery, by \`type\`. ${WEBHOOK_SIGNING}` });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
