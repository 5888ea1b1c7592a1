import type { CreatedApiKeyResponse, Run } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { waitForRun } from '../support/tool-runs.ts';
import { as, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';

/** A request as a script sends it: the API key, no cookie, and the idempotency key when given. */
const scripted = (secret: string, init: RequestInit, key?: string): RequestInit => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${secret}`);
  if (key) headers.set('idempotency-key', key);
  return { ...init, headers };
};

const runsOf = async (rt: TestRuntime, userId: string) =>
  (await rt.database.query<{ id: string }>('SELECT id FROM runs WHERE user_id = $1', [userId])).rows.length;

describeOnEachDatabase('Idempotency-Key', (kind) => {
  let rt: TestRuntime;
  let user: TestUser;
  let secret: string;
  beforeAll(async () => {
    // Upscales on a fake provider: fast, and charged as real runs are (a demo run is free).
    rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      { engines: [paintingEngine('image-upscale')] },
    );
  });
  afterAll(async () => {
    await rt?.close();
  });

  const freshCaller = async () => {
    // API keys and batches are features of Pro and up.
    user = await withPlan(rt, await signUpTestUser(rt));
    const res = await rt.request(
      '/api/me/api-keys',
      as(user, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"script"}' }),
    );
    secret = ((await res.json()) as CreatedApiKeyResponse).secret;
  };

  it('a multipart run start sent twice with one key starts one run, charges once and replays the first answer', async () => {
    await freshCaller();
    const before = await getCreditBalance(rt.database.db, user.userId);
    const image = await pngImage();
    // A new FormData each time: a retry's multipart boundary differs, the request is the same.
    const send = () =>
      rt.request(
        '/api/tools/image-upscale/runs',
        scripted(secret, { method: 'POST', body: runForm({ upscaleType: 'crisp' }, { image }) }, 'retry-1'),
      );
    const first = await send();
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.text();
    const again = await send();
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect(await runsOf(rt, user.userId)).toBe(1);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before - 1);

    // The same key with another body is refused, and nothing is charged for it.
    const other = await rt.request(
      '/api/tools/image-upscale/runs',
      scripted(secret, { method: 'POST', body: runForm({ upscaleType: 'creative' }, { image }) }, 'retry-1'),
    );
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await runsOf(rt, user.userId)).toBe(1);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before - 1);

    // Another key is another request.
    const fresh = await rt.request(
      '/api/tools/image-upscale/runs',
      scripted(secret, { method: 'POST', body: runForm({ upscaleType: 'crisp' }, { image }) }, 'retry-2'),
    );
    expect(fresh.status).toBe(202);
    expect(await runsOf(rt, user.userId)).toBe(2);
  });

  it('a JSON run start and a batch are charged once; another account’s same key is its own', async () => {
    await freshCaller();
    const { run: source } = (await (
      await rt.request(
        '/api/tools/image-upscale/runs',
        scripted(secret, { method: 'POST', body: runForm({}, { image: await pngImage() }) }),
      )
    ).json()) as { run: Run };
    await waitForRun(rt, user, source.id);
    const before = await getCreditBalance(rt.database.db, user.userId);
    const json = () =>
      rt.request(
        '/api/tools/image-upscale/runs',
        scripted(
          secret,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ inputRunId: source.id }),
          },
          'json-key',
        ),
      );
    const [a, b] = [await json(), await json()];
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await b.json()).toEqual(await a.json());
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before - 1);

    const batch = async () => {
      const form = new FormData();
      for (const i of [0, 1]) form.append('image', new Blob([new Uint8Array(await pngImage(120 + i))]), `${i}.png`);
      return rt.request('/api/tools/image-upscale/batches', scripted(secret, { method: 'POST', body: form }, 'batch'));
    };
    const [first, second] = [await batch(), await batch()];
    expect(first.status).toBe(202);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before - 3);

    // The key is per account: someone else's `json-key` is not this one's.
    const owner = user;
    await freshCaller();
    const elsewhere = await rt.request(
      '/api/tools/image-upscale/runs',
      scripted(secret, { method: 'POST', body: runForm({}, { image: await pngImage() }) }, 'json-key'),
    );
    expect(elsewhere.status).toBe(202);
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    expect(await getCreditBalance(rt.database.db, owner.userId)).toBe(before - 3);
  });

  it('two concurrent requests with one key start one run; a refused answer (402) is replayed, a malformed key refused', async () => {
    await freshCaller();
    const before = await getCreditBalance(rt.database.db, user.userId);
    const image = await pngImage();
    const send = (key: string) =>
      rt.request(
        '/api/tools/image-upscale/runs',
        scripted(secret, { method: 'POST', body: runForm({}, { image }) }, key),
      );
    const answers = await Promise.all([send('together'), send('together'), send('together')]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).not.toHaveLength(0);
    for (const res of answers) {
      expect([202, 409]).toContain(res.status);
      if (res.status === 409) {
        expect(res.headers.get('retry-after')).toBe('1');
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      }
    }
    expect(await runsOf(rt, user.userId)).toBe(1);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before - 1);

    // An answer that did something other than start (no credits left) is kept as it was.
    await rt.database.query('UPDATE profiles SET credits = 0 WHERE user_id = $1', [user.userId]);
    expect((await send('broke')).status).toBe(402);
    await rt.database.query('UPDATE profiles SET credits = 5 WHERE user_id = $1', [user.userId]);
    const replayed = await send('broke');
    expect(replayed.status).toBe(402);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await runsOf(rt, user.userId)).toBe(1);

    const malformed = await send('has space');
    expect(malformed.status).toBe(400);
    const body = (await malformed.json()) as { error: { code: string; issues: { field: string }[] } };
    expect(body.error.issues).toEqual([{ field: 'Idempotency-Key', problem: 'invalid' }]);
  });
});
