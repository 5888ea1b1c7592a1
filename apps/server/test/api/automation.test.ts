import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiKey, Batch, CreatedApiKeyResponse, CreatedBatch, Run, WebhookEvent } from '@atelier/contracts';
import { unzipSync } from 'fflate';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chargeCredits, getCreditBalance } from '../../src/modules/credits/service.ts';
import { createWebhookDelivery } from '../../src/modules/webhooks/webhook-delivery.ts';
import { publicApiConformance } from '../support/api-conformance.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { batchForm, pngImage, runForm } from '../support/images.ts';
import { ledgerAndBalance } from '../support/run-records.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { requestToolRun, startToolRun, waitForRun } from '../support/tool-runs.ts';
import { as, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';

/**
 * The image-in tools on a fake provider: fast, no model to load on a shared machine, and
 * charged as real runs are (a demo engine's run is free).
 */
const PAINTED_TOOLS = {
  engines: [paintingEngine('image-upscale', 'ai-eraser', 'vectorization', 'ai-photo-editor', 'replace-background')],
};
const NO_SWEEP = { RUN_SWEEP_INTERVAL_SECONDS: '3600' };
/** The API document, whose `webhooks` describe the deliveries. */
const document = publicApiConformance();

/** A request with only an API key: no cookie, no Origin — what a script sends. */
const withKey = (secret: string, init: RequestInit = {}): RequestInit => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${secret}`);
  return { ...init, headers };
};

async function createKey(rt: TestRuntime, user: TestUser, name = 'script') {
  const res = await rt.request(
    '/api/me/api-keys',
    as(user, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiKeyResponse;
}

function waitForBatch(rt: TestRuntime, user: TestUser, id: string): Promise<Batch> {
  return vi.waitFor(
    async () => {
      const res = await rt.request(`/api/batches/${id}`, as(user));
      expect(res.status).toBe(200);
      const { batch } = (await res.json()) as { batch: Batch };
      if (batch.status !== 'completed') throw new Error(`batch ${id} stayed ${JSON.stringify(batch.counts)}`);
      return batch;
    },
    { timeout: 30_000, interval: 50 },
  );
}

describeOnEachDatabase('automation', (kind) => {
  let rt: TestRuntime;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    // Tests deliver to a receiver on 127.0.0.1, which production refuses.
    rt = await createTestRuntime(kind, { ...NO_SWEEP, WEBHOOK_ALLOW_PRIVATE: 'true' }, PAINTED_TOOLS);
  });
  afterAll(async () => {
    await rt?.close();
    await receiver?.close();
  });

  describe('API keys', () => {
    it('a key created through the API runs a tool with no cookie and is charged; 403 on account deletion; 401 once revoked', async () => {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const { apiKey, secret } = await createKey(rt, user, 'Shop sync');
      expect(apiKey).toMatchObject({ name: 'Shop sync', lastUsedAt: null });
      expect(secret.startsWith(apiKey.prefix)).toBe(true);

      const form = runForm({}, { image: await pngImage() });
      const started = await rt.request(
        '/api/tools/image-upscale/runs',
        withKey(secret, { method: 'POST', body: form }),
      );
      expect(started.status).toBe(202);
      const { run } = (await started.json()) as { run: Run };
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);
      const res = await rt.request(`/api/runs/${run.id}`, withKey(secret));
      expect(res.status).toBe(200);
      // Its output file is the key's too; a monitor's GET of the health check is not refused.
      const done = await waitForRun(rt, user, run.id);
      expect((await rt.request(done.outputs[0]!.url, withKey(secret))).status).toBe(200);
      expect((await rt.request('/api/health', withKey(secret))).status).toBe(200);
      expect((await rt.request('/api/me', withKey(secret))).status).toBe(200);

      // A key is not a person: no account deletion, no profile change, no key management.
      const deletion = await rt.request('/api/me', withKey(secret, { method: 'DELETE' }));
      expect(deletion.status).toBe(403);
      expect(((await deletion.json()) as { error: { code: string } }).error.code).toBe('API_KEY_NOT_ALLOWED');
      for (const [method, path] of [
        ['PATCH', '/api/me'],
        ['GET', '/api/me/api-keys'],
        ['GET', '/api/security/settings'],
        ['GET', '/api/security/sessions'],
        ['GET', '/api/billing/subscription'],
        ['GET', '/api/referrals'],
      ] as const) {
        const refused = await rt.app.request(`http://localhost${path}`, withKey(secret, { method }));
        expect(refused.status, `${method} ${path}`).toBe(403);
      }
      // Better Auth's own endpoints are not the API's routes: no such route, with a key as without.
      expect((await rt.app.request('http://localhost/api/auth/list-sessions', withKey(secret))).status).toBe(404);
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);

      // Listed without its secret, with when it was last used.
      const list = await rt.request('/api/me/api-keys', as(user));
      const { apiKeys } = (await list.json()) as { apiKeys: ApiKey[] };
      expect(apiKeys).toHaveLength(1);
      expect(apiKeys[0]!.lastUsedAt).not.toBeNull();
      expect(JSON.stringify(apiKeys)).not.toContain(secret);

      const revoked = await rt.request(`/api/me/api-keys/${apiKey.id}`, as(user, { method: 'DELETE' }));
      expect(revoked.status).toBe(204);
      expect((await rt.request('/api/runs', withKey(secret))).status).toBe(401);
      expect((await rt.request('/api/me', withKey(secret))).status).toBe(401);
      const events = await rt.database.query<{ event_type: string }>(
        `SELECT event_type FROM security_events WHERE user_id = $1 AND event_type LIKE 'api_key_%' ORDER BY created_at`,
        [user.userId],
      );
      expect(events.rows.map((e) => e.event_type)).toEqual(['api_key_created', 'api_key_revoked']);
    });

    it('refuses an unknown key with 401, stores only hashes, and stops a disabled account’s keys', async () => {
      const unknown = await rt.request('/api/runs', withKey('atk_not-a-real-key'));
      expect(unknown.status).toBe(401);
      const user = await withPlan(rt, await signUpTestUser(rt));
      const { secret } = await createKey(rt, user);
      const stored = await rt.database.query<{ secret_hash: string }>(
        'SELECT secret_hash FROM api_keys WHERE user_id = $1',
        [user.userId],
      );
      expect(stored.rows[0]!.secret_hash).not.toContain(secret.slice(4));
      expect((await rt.request('/api/runs', withKey(secret))).status).toBe(200);
      await rt.database.query('UPDATE profiles SET disabled_at = now() WHERE user_id = $1', [user.userId]);
      expect((await rt.request('/api/runs', withKey(secret))).status).toBe(401);
    });

    it('allows at most 10 keys, and a key from another site passes the same-origin check (no cookies)', async () => {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const keys = [];
      for (let i = 0; i < 10; i++) keys.push(await createKey(rt, user, `key ${i}`));
      const eleventh = await rt.request(
        '/api/me/api-keys',
        as(user, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"one more"}' }),
      );
      expect(eleventh.status).toBe(400);
      const fromElsewhere = await rt.request(
        '/api/tools/image-upscale/runs',
        withKey(keys[0]!.secret, {
          method: 'POST',
          headers: { origin: 'https://elsewhere.example' },
          body: runForm({}, { image: await pngImage() }),
        }),
      );
      expect(fromElsewhere.status).toBe(202);
    });
  });

  describe('results flow between tools', () => {
    it('a run started from a previous run’s output needs no upload; another user’s run id is refused', async () => {
      const owner = await withPlan(rt, await signUpTestUser(rt));
      const first = await startToolRun(rt, owner, 'image-upscale', runForm({}, { image: await pngImage() }));
      const done = await waitForRun(rt, owner, first.id);
      expect(done.status).toBe('succeeded');
      expect(done.inputs).toEqual([
        expect.objectContaining({ field: 'image', mediaType: 'image/png', width: 200, height: 150, name: 'image.png' }),
      ]);
      const input = await rt.request(done.inputs[0]!.url, as(owner));
      expect(input.status).toBe(200);

      // JSON, no file: the first run's output becomes the eraser's image.
      const chained = await startToolRun(rt, owner, 'ai-eraser', { inputRunId: first.id, outputIndex: 0 });
      expect(chained.source).toEqual({ runId: first.id, outputIndex: 0 });
      expect(chained.inputs[0]).toMatchObject({ field: 'image', width: done.outputs[0]!.width });
      expect((await waitForRun(rt, owner, chained.id)).status).toBe('succeeded');
      expect(await getCreditBalance(rt.database.db, owner.userId)).toBe(28);

      // Multipart works too.
      const form = runForm({ inputRunId: first.id, outputIndex: '0' });
      expect((await requestToolRun(rt, owner, 'vectorization', form)).status).toBe(202);

      const stranger = await withPlan(rt, await signUpTestUser(rt));
      const refused = await requestToolRun(rt, stranger, 'image-upscale', { inputRunId: first.id });
      expect(refused.status).toBe(404);
      const missing = await requestToolRun(rt, owner, 'image-upscale', { inputRunId: first.id, outputIndex: 5 });
      expect(missing.status).toBe(404);
      const both = await requestToolRun(
        rt,
        owner,
        'image-upscale',
        runForm({ inputRunId: first.id }, { image: await pngImage() }),
      );
      expect(both.status).toBe(400);
      expect(await getCreditBalance(rt.database.db, stranger.userId)).toBe(30);
    });

    it('runs a run again with its stored inputs and options, charged; a browser run is not rerunnable', async () => {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const first = await startToolRun(
        rt,
        user,
        'image-upscale',
        runForm({ upscaleType: 'creative' }, { image: await pngImage() }),
      );
      await waitForRun(rt, user, first.id);
      const res = await rt.request(`/api/runs/${first.id}/rerun`, as(user, { method: 'POST' }));
      expect(res.status).toBe(202);
      const { run } = (await res.json()) as { run: Run };
      expect(run.id).not.toBe(first.id);
      expect(run.options).toEqual(first.options);
      expect(run.inputs).toHaveLength(1);
      expect(run.inputs[0]!.url).not.toBe(first.inputs[0]!.url);
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(28);

      const browser = await startToolRun(rt, user, 'background-removal', { clientSide: true, width: 100, height: 80 });
      const refused = await rt.request(`/api/runs/${browser.id}/rerun`, as(user, { method: 'POST' }));
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RUN_NOT_RERUNNABLE');
      const stranger = await withPlan(rt, await signUpTestUser(rt));
      expect((await rt.request(`/api/runs/${first.id}/rerun`, as(stranger, { method: 'POST' }))).status).toBe(404);
    });
  });

  describe('batches', () => {
    it('a batch of 3 with 2 credits left answers 402 and charges nothing', async () => {
      const user = await withPlan(rt, await signUpTestUser(rt));
      await chargeCredits(rt.database.db, {
        userId: user.userId,
        amount: 28,
        reason: 'run',
        idempotencyKey: `spend:${user.userId}`,
      });
      const res = await rt.request(
        '/api/tools/ai-eraser/batches',
        as(user, { method: 'POST', body: await batchForm(['a.png', 'b.png', 'c.png']) }),
      );
      expect(res.status).toBe(402);
      expect(await ledgerAndBalance(rt.database, user.userId)).toMatchObject({ balance: 2, ledger: 2 });
      const rows = await rt.database.query('SELECT id FROM runs WHERE user_id = $1', [user.userId]);
      expect(rows.rows).toHaveLength(0);
      const batches = await rt.database.query('SELECT id FROM batches WHERE user_id = $1', [user.userId]);
      expect(batches.rows).toHaveLength(0);
    });

    it('a batch of 3 ends with an archive of 3 entries named after the inputs; owner only', async () => {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const res = await rt.request(
        '/api/tools/image-upscale/batches',
        as(user, {
          method: 'POST',
          body: await batchForm(['cat.jpg', 'dog.png', 'cat.png'], { upscaleType: 'crisp', webhookUrl: receiver.url }),
        }),
      );
      expect(res.status).toBe(202);
      const { batch: created } = (await res.json()) as { batch: CreatedBatch };
      expect(created.runIds).toHaveLength(3);
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(27);

      const batch = await waitForBatch(rt, user, created.id);
      expect(batch.counts).toEqual({ queued: 0, running: 0, succeeded: 3, failed: 0 });
      expect(batch.runs.map((r) => r.id)).toEqual(created.runIds);
      expect(batch.runs.every((r) => r.batchId === created.id)).toBe(true);

      const archive = await rt.request(`/api/batches/${created.id}/archive`, as(user));
      expect(archive.status).toBe(200);
      expect(archive.headers.get('content-type')).toBe('application/zip');
      const entries = unzipSync(new Uint8Array(await archive.arrayBuffer()));
      expect(Object.keys(entries).sort()).toEqual(['cat (2).png', 'cat.png', 'dog.png']);
      expect(Buffer.from(entries['dog.png']!).subarray(1, 4).toString()).toBe('PNG');

      const completed = await receiver.waitFor('batch.completed');
      const event = JSON.parse(completed.body) as Extract<WebhookEvent, { type: 'batch.completed' }>;
      // The body is what the document's webhooks say it is.
      expect(document.schemaProblem('WebhookEvent', event)).toBeUndefined();
      expect(document.schemaProblem('BatchWebhookEvent', event)).toBeUndefined();
      expect(event.data.batch).toMatchObject({ id: created.id, status: 'completed' });
      // Output URLs are absolute on PUBLIC_URL, in the batch and in its event alike, and fetch as they are.
      const filesAt = `${rt.config.publicUrl}/api/v1/files/runs/`;
      const outputUrls = (b: Batch) => b.runs.flatMap((r) => r.outputs.map((o) => o.url));
      for (const url of [...outputUrls(batch), ...outputUrls(event.data.batch as Batch)]) {
        expect(url.startsWith(filesAt), url).toBe(true);
      }
      expect((await rt.request(outputUrls(batch)[0]!, as(user))).status).toBe(200);

      const stranger = await withPlan(rt, await signUpTestUser(rt));
      expect((await rt.request(`/api/batches/${created.id}`, as(stranger))).status).toBe(404);
      expect((await rt.request(`/api/batches/${created.id}/archive`, as(stranger))).status).toBe(404);
    });

    it('refuses a bad image, too many images or a browser tool before charging', async () => {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const bad = await batchForm(['a.png']);
      bad.append('image', new Blob([new Uint8Array(Buffer.from('not an image'))]), 'b.png');
      expect((await rt.request('/api/tools/ai-eraser/batches', as(user, { method: 'POST', body: bad }))).status).toBe(
        400,
      );
      const tooMany = new FormData();
      const one = new Uint8Array(await pngImage(40, 40));
      for (let i = 0; i < 51; i++) tooMany.append('image', new Blob([one]), `${i}.png`);
      const res = await rt.request('/api/tools/ai-eraser/batches', as(user, { method: 'POST', body: tooMany }));
      expect(res.status).toBe(400);
      const browser = await rt.app.request(
        'http://localhost/api/tools/background-removal/batches',
        as(user, { method: 'POST', body: await batchForm(['a.png']) }),
      );
      expect(browser.status).toBe(400);
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
    });
  });

  describe('webhooks', () => {
    it('a webhook is signed with the user’s secret; after a rotation with both secrets for a day', async () => {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const run = await startToolRun(
        rt,
        user,
        'image-upscale',
        runForm({ webhookUrl: `${receiver.url}?run` }, { image: await pngImage() }),
      );
      const delivery = await receiver.waitFor('run.succeeded');
      const secretRes = await rt.request('/api/me/webhook-secret', as(user));
      const { secret } = (await secretRes.json()) as { secret: string };
      expect(secret).toMatch(/^whsec_/);
      const verified = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
      expect(verified).toMatchObject({ type: 'run.succeeded', data: { run: { id: run.id, status: 'succeeded' } } });
      expect(document.schemaProblem('WebhookEvent', verified)).toBeUndefined();
      expect(document.schemaProblem('RunWebhookEvent', verified)).toBeUndefined();
      // … and the schema is no formality: a body without its run does not pass.
      expect(document.schemaProblem('WebhookEvent', { ...(verified as object), data: {} })).toBeDefined();
      const { outputs } = (verified as { data: { run: Run } }).data.run;
      expect(outputs[0]!.url.startsWith(`${rt.config.publicUrl}/api/v1/files/runs/${user.userId}/${run.id}/`)).toBe(
        true,
      );
      expect(delivery.headers['webhook-signature']).toMatch(/^v1,/);

      // After a rotation, deliveries carry both signatures for a day: receivers on the old secret
      // and on the new one both verify them.
      const rotated = await rt.request('/api/me/webhook-secret', as(user, { method: 'POST' }));
      const { secret: next, previousSecretExpiresAt } = (await rotated.json()) as {
        secret: string;
        previousSecretExpiresAt: string;
      };
      expect(next).not.toBe(secret);
      const overlapHours = (Date.parse(previousSecretExpiresAt) - Date.now()) / 3_600_000;
      expect(overlapHours).toBeGreaterThan(23.9);
      expect(overlapHours).toBeLessThanOrEqual(24);
      const deliveryOf = async (form: FormData) => {
        const { id } = await startToolRun(rt, user, 'image-upscale', form);
        return receiver.waitFor(`run ${id}`, (body) => body.includes(id));
      };
      const inOverlap = await deliveryOf(
        runForm({ webhookUrl: `${receiver.url}?overlap` }, { image: await pngImage() }),
      );
      const headers = inOverlap.headers as Record<string, string>;
      expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
      for (const key of [secret, next]) expect(new Webhook(key).verify(inOverlap.body, headers)).toBeTruthy();

      // Once the overlap is over, only the new secret signs.
      await rt.database.query(
        "UPDATE webhook_secrets SET previous_until = now() - interval '1 second' WHERE user_id = $1",
        [user.userId],
      );
      const after = await deliveryOf(runForm({ webhookUrl: `${receiver.url}?after` }, { image: await pngImage() }));
      const afterHeaders = after.headers as Record<string, string>;
      expect(new Webhook(next).verify(after.body, afterHeaders)).toBeTruthy();
      expect(() => new Webhook(secret).verify(after.body, afterHeaders)).toThrow();
      const shown = (await (await rt.request('/api/me/webhook-secret', as(user))).json()) as Record<string, unknown>;
      expect(shown).toEqual({ secret: next, previousSecretExpiresAt: null });
      expect((await rt.request('/api/me/webhook-secret', withKey('atk_x'))).status).toBe(401);
    });
  });
});

/** The app's webhook delivery, called directly, with private addresses allowed or not. */
const deliveryOf = (rt: TestRuntime, allowPrivate: boolean) =>
  createWebhookDelivery({
    db: rt.database.db,
    queue: rt.runs.queue,
    logger: rt.logger,
    policy: { ...rt.config.webhooks, allowPrivate },
  });

describeOnEachDatabase('webhook addresses without WEBHOOK_ALLOW_PRIVATE', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, NO_SWEEP, PAINTED_TOOLS);
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('a webhook URL on 127.0.0.1 is refused and nothing is charged', async () => {
    const user = await withPlan(rt, await signUpTestUser(rt));
    for (const url of [
      'http://127.0.0.1:9201/hook',
      'http://localhost:9201/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://10.0.0.7/x',
      'ftp://example.com/x',
    ]) {
      const res = await requestToolRun(
        rt,
        user,
        'image-upscale',
        runForm({ webhookUrl: url }, { image: await pngImage() }),
      );
      expect(res.status, url).toBe(400);
      const body = (await res.json()) as { error: { code: string; issues?: { field: string }[] } };
      expect(body.error.code, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
      expect(body.error.issues?.[0]?.field).toBe('webhookUrl');
    }
    const batch = await rt.request(
      '/api/tools/ai-eraser/batches',
      as(user, { method: 'POST', body: await batchForm(['a.png'], { webhookUrl: 'http://127.0.0.1/x' }) }),
    );
    expect(batch.status).toBe(400);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
  });

  it('checks the address again at delivery, after DNS: a name that resolves to loopback gets nothing', async () => {
    const receiver = await startReceiver();
    try {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const delivery = deliveryOf(rt, false);
      const job = {
        id: 'msg_test',
        userId: user.userId,
        url: receiver.url.replace('127.0.0.1', 'localhost'),
        type: 'run.succeeded' as const,
        body: '{"type":"run.succeeded"}',
        createdAt: Date.now(),
      };
      await delivery.deliver(job); // refused: not retried, nothing sent
      expect(receiver.received).toHaveLength(0);
      // With private addresses allowed, the same job arrives; a 24-hour-old one is dropped.
      const open = deliveryOf(rt, true);
      await open.deliver({ ...job, createdAt: Date.now() - 25 * 60 * 60 * 1000 });
      expect(receiver.received).toHaveLength(0);
      await open.deliver(job);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('throws for a receiver that fails, so the queue retries it', async () => {
    const server = http.createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const user = await withPlan(rt, await signUpTestUser(rt));
      const delivery = deliveryOf(rt, true);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      await expect(
        delivery.deliver({
          id: 'msg_x',
          userId: user.userId,
          url,
          type: 'run.failed',
          body: '{}',
          createdAt: Date.now(),
        }),
      ).rejects.toThrow(/answered 500/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
