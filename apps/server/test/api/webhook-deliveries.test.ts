import type { CreatedApiKeyResponse, ErrorBody, WebhookDelivery } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { startToolRun } from '../support/tool-runs.ts';
import { as, postJson, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';

type Page = { deliveries: WebhookDelivery[]; nextCursor: string | null };

describeOnEachDatabase('the webhook delivery log', (kind) => {
  let rt: TestRuntime;
  let receiver: Receiver;
  let user: TestUser;
  beforeAll(async () => {
    receiver = await startReceiver();
    // The receiver is on 127.0.0.1, which production refuses.
    rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600', WEBHOOK_ALLOW_PRIVATE: 'true' },
      { engines: [paintingEngine('image-upscale')] },
    );
    user = await withPlan(rt, await signUpTestUser(rt));
  });
  afterAll(async () => {
    await rt?.close();
    await receiver?.close();
  });

  const deliveries = async (query = '', who = user) =>
    (await (await rt.request(`/api/v1/webhooks/deliveries${query}`, as(who))).json()) as Page;
  const deliveryOf = async (id: string) => (await deliveries('?limit=100')).deliveries.find((d) => d.id === id);
  const runWithWebhook = async (tag: string) => {
    const run = await startToolRun(
      rt,
      user,
      'image-upscale',
      runForm({ webhookUrl: `${receiver.url}?${tag}` }, { image: await pngImage() }),
    );
    const arrived = await receiver.waitFor(`run ${run.id}`, (body) => body.includes(run.id));
    return { run, webhookId: String(arrived.headers['webhook-id']) };
  };
  const settled = (id: string, status: WebhookDelivery['status']) =>
    vi.waitFor(
      async () => {
        const delivery = await deliveryOf(id);
        if (delivery?.status !== status) throw new Error(`delivery ${id} is ${delivery?.status}`);
        return delivery;
      },
      { timeout: 30_000, interval: 50 },
    );

  it('logs a failed attempt with the receiver’s status, and a redelivery keeps the webhook-id', async () => {
    receiver.answers.push(500);
    const { webhookId } = await runWithWebhook('failing');
    const failed = await settled(webhookId, 'retrying');
    expect(failed).toMatchObject({ type: 'run.succeeded', url: `${receiver.url}?failing` });
    expect(failed.attempts).toEqual([expect.objectContaining({ statusCode: 500, error: 'the receiver answered 500' })]);

    const again = await rt.request(`/api/v1/webhooks/deliveries/${webhookId}/redeliver`, as(user, { method: 'POST' }));
    expect(again.status).toBe(202);
    expect(((await again.json()) as { delivery: WebhookDelivery }).delivery.status).toBe('pending');
    const delivered = await settled(webhookId, 'delivered');
    expect(delivered.attempts.at(-1)).toMatchObject({ statusCode: 204, error: null });
    const sent = receiver.received.filter((r) => r.headers['webhook-id'] === webhookId);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);
  });

  it('pages newest first without repeats; another user sees none of it and cannot redeliver it', async () => {
    const first = await runWithWebhook('page-1');
    const second = await runWithWebhook('page-2');
    await settled(second.webhookId, 'delivered');
    const one = await deliveries('?limit=1');
    expect(one.deliveries.map((d) => d.id)).toEqual([second.webhookId]);
    const rest = await deliveries(`?limit=100&cursor=${one.nextCursor}`);
    expect(rest.deliveries.map((d) => d.id)).toContain(first.webhookId);
    expect(rest.deliveries.map((d) => d.id)).not.toContain(second.webhookId);
    expect((await deliveries('?cursor=not-a-cursor')).deliveries).toBeUndefined();

    const stranger = await withPlan(rt, await signUpTestUser(rt));
    expect((await deliveries('', stranger)).deliveries).toEqual([]);
    const theirs = await rt.request(
      `/api/v1/webhooks/deliveries/${first.webhookId}/redeliver`,
      as(stranger, { method: 'POST' }),
    );
    expect(theirs.status).toBe(404);
  });

  it('a pending delivery is not queued twice, and a read-only key reads the log but cannot redeliver', async () => {
    const { webhookId } = await runWithWebhook('pending');
    await settled(webhookId, 'delivered');
    // Held pending by hand: as it is between a redelivery and its attempt.
    await rt.database.query("UPDATE webhook_deliveries SET status = 'pending' WHERE id = $1", [webhookId]);
    const twice = await rt.request(`/api/v1/webhooks/deliveries/${webhookId}/redeliver`, as(user, { method: 'POST' }));
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorBody).error.code).toBe('CONFLICT');

    const created = await rt.request('/api/v1/me/api-keys', as(user, postJson({ name: 'reader', scopes: ['read'] })));
    const { secret } = (await created.json()) as CreatedApiKeyResponse;
    const bearer = { headers: { authorization: `Bearer ${secret}` } };
    expect((await rt.request('/api/v1/webhooks/deliveries', bearer)).status).toBe(200);
    const refused = await rt.request(`/api/v1/webhooks/deliveries/${webhookId}/redeliver`, {
      ...bearer,
      method: 'POST',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({ code: 'API_KEY_SCOPE', scope: 'webhooks' });
  });
});
