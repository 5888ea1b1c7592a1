import type { ApiKeyScope } from '@atelier/contracts';
import { api, call, callWithoutContent } from '../../lib/api-client.ts';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;
export const WEBHOOK_SECRET_QUERY_KEY = ['webhook-secret'] as const;

/** /api/me/api-keys and /api/me/webhook-secret: a signed-in person's automation settings. */
export const automationApi = {
  listKeys: async () => (await call(api.GET('/me/api-keys'))).apiKeys,
  createKey: (body: { name: string; scopes: ApiKeyScope[] }) => call(api.POST('/me/api-keys', { body })),
  revokeKey: (id: string) => callWithoutContent(api.DELETE('/me/api-keys/{id}', { params: { path: { id } } })),
  webhookSecret: async () => call(api.GET('/me/webhook-secret')),
  rotateWebhookSecret: async () => call(api.POST('/me/webhook-secret')),
};
