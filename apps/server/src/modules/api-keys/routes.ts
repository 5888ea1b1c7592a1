import {
  API_KEYS_PER_USER,
  apiKeyListResponseSchema,
  createApiKeyBodySchema,
  createdApiKeyResponseSchema,
  rollApiKeyBodySchema,
  rolledApiKeyResponseSchema,
  webhookSecretResponseSchema,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import type { Database } from '../../platform/db/database.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';
import * as service from './service.ts';

// Key management is for a signed-in person only: an API key is refused here (API_KEY_NOT_ALLOWED).

const createApiKey = apiRoute({
  method: 'post',
  path: '/me/api-keys',
  operationId: 'createApiKey',
  tag: 'automation',
  access: 'user',
  feature: 'apiKeys',
  summary: `Create a personal API key (at most ${API_KEYS_PER_USER}; Pro and higher plans); its secret is in this answer only`,
  description:
    'For a signed-in session only. `scopes` limits what the key may do (every scope when left out): a call ' +
    'outside them answers 403 API_KEY_SCOPE naming the scope it needs, before anything is charged. `expiresAt` ' +
    'ends it (401 from then on). An unknown field is refused (VALIDATION_ERROR, `unknown_field`).',
  middleware: [requireUser] as const,
  request: jsonBody(createApiKeyBodySchema),
  responses: {
    201: jsonContent(createdApiKeyResponseSchema, 'The key and its secret, shown this once'),
  },
});

const listApiKeys = apiRoute({
  method: 'get',
  path: '/me/api-keys',
  operationId: 'listApiKeys',
  tag: 'automation',
  access: 'user',
  summary: "The caller's API keys (never their secrets); listed on every plan, usable while the plan has API keys",
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(apiKeyListResponseSchema, 'The keys, oldest first') },
});

const deleteApiKey = apiRoute({
  method: 'delete',
  path: '/me/api-keys/{id}',
  operationId: 'deleteApiKey',
  tag: 'automation',
  access: 'user',
  summary: 'Revoke an API key: it stops working at once',
  middleware: [requireUser] as const,
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 204: { description: 'Revoked' }, 404: errorResponse('No such key of yours (NOT_FOUND)') },
});

const rollApiKey = apiRoute({
  method: 'post',
  path: '/me/api-keys/{id}/roll',
  operationId: 'rollApiKey',
  tag: 'automation',
  access: 'user',
  feature: 'apiKeys',
  summary: 'Roll an API key: a new secret with its name and scopes; the old one works until the overlap ends',
  description:
    'For a signed-in session only. The old key keeps working for `overlapSeconds` (a day when left out, at most ' +
    'a week, 0 to stop it at once) and then answers 401 like an expired key; `previousKey.expiresAt` says when. ' +
    'The new secret is in this answer only.',
  middleware: [requireUser] as const,
  request: { params: z.object({ id: z.uuid() }), ...jsonBody(rollApiKeyBodySchema) },
  responses: {
    201: jsonContent(rolledApiKeyResponseSchema, 'The new key and its secret, and the old key with its end'),
    404: errorResponse('No such live key of yours (NOT_FOUND)'),
  },
});

const getWebhookSecret = apiRoute({
  method: 'get',
  path: '/me/webhook-secret',
  operationId: 'getWebhookSecret',
  tag: 'automation',
  access: 'user',
  feature: 'webhooks',
  summary: "The secret the caller's webhooks are signed with (made on first request; Pro and higher plans)",
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(webhookSecretResponseSchema, 'The `whsec_` secret') },
});

const rotateWebhookSecret = apiRoute({
  method: 'post',
  path: '/me/webhook-secret',
  operationId: 'rotateWebhookSecret',
  tag: 'automation',
  access: 'user',
  feature: 'webhooks',
  summary: 'Replace the webhook signing secret; the old one signs beside it for a day',
  description:
    'Deliveries from now on are signed with the new secret and, until `previousSecretExpiresAt` (a day: the ' +
    'longest a delivery is retried), with the old one too — two `v1,` signatures in `webhook-signature`, as ' +
    'Standard Webhooks allows — so a receiver still on the old secret keeps verifying them while it switches. ' +
    'A second rotation within the day replaces the old secret by the one in force.',
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(webhookSecretResponseSchema, 'The new `whsec_` secret') },
});

export function apiKeyRoutes(db: Database) {
  return createApiRouter()
    .openapi(createApiKey, async (c) => c.json(await service.createApiKey(db, c.var.user.id, c.req.valid('json')), 201))
    .openapi(rollApiKey, async (c) =>
      c.json(
        await service.rollApiKey(db, c.var.user.id, c.req.valid('param').id, c.req.valid('json').overlapSeconds),
        201,
      ),
    )
    .openapi(listApiKeys, async (c) => c.json({ apiKeys: await service.listApiKeys(db, c.var.user.id) }, 200))
    .openapi(deleteApiKey, async (c) => {
      await service.revokeApiKey(db, c.var.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(getWebhookSecret, async (c) =>
      c.json(service.presentWebhookSecrets(await service.webhookSecretsOf(db, c.var.user.id)), 200),
    )
    .openapi(rotateWebhookSecret, async (c) =>
      c.json(service.presentWebhookSecrets(await service.rotateWebhookSecret(db, c.var.user.id)), 200),
    );
}
