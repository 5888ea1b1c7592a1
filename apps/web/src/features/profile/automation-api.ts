import type { ApiKeyScope } from '@atelier/contracts';

import { api, call, callWithoutContent } from '../../lib/api-client.ts';

/** How many deliveries the profile card lists: the latest; the API pages through the rest. */
const WEBHOOK_DELIVERIES_SHOWN = 10;

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;
export const WEBHOOK_SECRET_QUERY_KEY = ['webhook-secret'] as const;
export const WEBHOOK_DELIVERIES_QUERY_KEY = ['webhook-deliveries'] as const;

/** /api/me/api-keys, /api/me/webhook-secret and the delivery log: a signed-in person's automation settings. */
export const automationApi = {
  listKeys: async () => (await call(api.GET('/me/api-keys'))).apiKeys,
  createKey: (body: { name: string; scopes: ApiKeyScope[] }) => call(api.POST('/me/api-keys', { body })),
  revokeKey: (id: string) => callWithoutContent(api.DELETE('/me/api-keys/{id}', { params: { path: { id } } })),
  webhookSecret: async () => call(api.GET('/me/webhook-secret')),
  rotateWebhookSecret: async () => call(api.POST('/me/webhook-secret')),
  /** The latest deliveries (the first page of the log). */
  webhookDeliveries: async () =>
    (await call(api.GET('/webhooks/deliveries', { params: { query: { limit: WEBHOOK_DELIVERIES_SHOWN } } })))
      .deliveries,
  redeliverWebhook: (id: string) => call(api.POST('/webhooks/deliveries/{id}/redeliver', { params: { path: { id } } })),
};
