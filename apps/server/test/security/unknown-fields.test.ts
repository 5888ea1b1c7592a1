import type { ErrorBody, SecuritySettings } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { requestToolRun } from '../support/tool-runs.ts';
import { as, signUpTestUser, withPlan } from '../support/users.ts';

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

describeOnEachDatabase('unknown fields', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // Upscales and generations on a fake provider: fast, and charged as real runs are (a demo
    // run is free), so a refused request that charged would show.
    rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      { engines: [paintingEngine('image-upscale', 'image-generation')] },
    );
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('refuses a field a run or batch does not take, in multipart and JSON, and charges nothing', async () => {
    // Batches are a feature of Pro and up: the refusal here is the field's, not the plan's.
    const user = await withPlan(rt, await signUpTestUser(rt));
    const before = await getCreditBalance(rt.database.db, user.userId);
    const image = await pngImage();
    const cases: [string, FormData | object, string[]][] = [
      // The misspelling of `upscaleType` that used to run as crisp and be charged.
      ['image-upscale', runForm({ upscale_type: 'creative' }, { image }), ['upscale_type']],
      // An image field of another tool.
      ['image-upscale', runForm({}, { image, mask: image }), ['mask']],
      ['image-generation', { prompt: 'a lighthouse', upscale_type: 'creative', seed: 3 }, ['upscale_type', 'seed']],
    ];
    for (const [tool, body, fields] of cases) {
      const res = await requestToolRun(rt, user, tool, body);
      expect(res.status, fields.join()).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.issues).toEqual(fields.map((field) => ({ field, problem: 'unknown_field' })));
    }
    const batch = runForm({ upscaleTyp: 'crisp' }, { image });
    batch.append('image', new Blob([new Uint8Array(image)]), 'second.png');
    const refusedBatch = await rt.request(
      '/api/tools/image-upscale/batches',
      as(user, { method: 'POST', body: batch }),
    );
    expect(refusedBatch.status).toBe(400);
    expect((await errorOf(refusedBatch)).issues).toEqual([{ field: 'upscaleTyp', problem: 'unknown_field' }]);

    const runs = await rt.database.query('SELECT id FROM runs WHERE user_id = $1', [user.userId]);
    expect(runs.rows).toHaveLength(0);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before);
    // The spelling the tool takes still runs.
    expect(
      (await requestToolRun(rt, user, 'image-upscale', runForm({ upscaleType: 'creative' }, { image }))).status,
    ).toBe(202);
  });

  it('refuses an unknown security setting, and every VALIDATION_ERROR names its fields in issues', async () => {
    const user = await signUpTestUser(rt);
    const before = (await (await rt.request('/api/security/settings', as(user))).json()) as SecuritySettings;
    const settings = await rt.request(
      '/api/security/settings',
      as(user, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ securityMonitoring: !before.securityMonitoring, sessionTimeout: 5 }),
      }),
    );
    expect(settings.status).toBe(400);
    expect((await errorOf(settings)).issues).toEqual([{ field: 'sessionTimeout', problem: 'unknown_field' }]);
    const after = await (await rt.request('/api/security/settings', as(user))).json();
    expect(after).toEqual(before);

    const cursor = await rt.request('/api/runs?cursor=garbage', as(user));
    expect(cursor.status).toBe(400);
    expect((await errorOf(cursor)).issues).toEqual([{ field: 'cursor', problem: 'invalid' }]);

    const notJson = await rt.request(
      '/api/tools/image-generation/runs',
      as(user, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prompt":' }),
    );
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).issues).toEqual([{ field: '(body)', problem: 'invalid' }]);
  });
});
