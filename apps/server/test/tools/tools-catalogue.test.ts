import type { ToolListResponse } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';

describe('GET /api/tools', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime('pglite');
  });
  afterAll(() => rt?.close());

  it('says which option values fall to the demo engine, so the page can say so', async () => {
    const { tools } = (await (await rt.request('/api/tools')).json()) as ToolListResponse;
    const byId = Object.fromEntries(tools.map((t) => [t.id, t]));
    expect(byId['image-upscale']).toMatchObject({
      engine: { kind: 'local' },
      demoOptions: { upscaleType: ['creative'] },
    });
    expect(byId['ai-photo-editor']).toMatchObject({ engine: { kind: 'local' }, demoOptions: { editType: ['custom'] } });
    expect(byId.vectorization?.demoOptions).toEqual({});
    expect(byId['image-generation']).toMatchObject({ engine: { kind: 'demo' }, demoOptions: {} });
  });
});
