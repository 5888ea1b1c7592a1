import type { ToolListResponse } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../fakes/fake-openai.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, rectMask, runForm } from '../support/images.ts';
import { itHandlesProviderFailures } from '../support/provider-failure-tests.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { runToEnd } from '../support/tool-runs.ts';
import { as, signUpTestUser } from '../support/users.ts';

const SIGN_UP_CREDITS = 30;
const KEY = 'sk-secret-openai-456';

describeOnEachDatabase('OpenAI provider', (kind) => {
  let fake: FakeOpenAI;
  let rt: TestRuntime;
  beforeAll(async () => {
    fake = await startFakeOpenAI(KEY);
    rt = await createTestRuntime(kind, {
      RUN_SWEEP_INTERVAL_SECONDS: '3600',
      OPENAI_API_KEY: KEY,
      OPENAI_API_BASE: fake.baseUrl,
    });
  });
  afterEach(() => {
    fake.apiKey = KEY;
    fake.failNext(0, 500);
  });
  afterAll(async () => {
    await rt?.close();
    await fake?.close();
  });

  it('serves generation, inpainting and the photo editor, and nothing else', async () => {
    const { tools } = (await (await rt.request('/api/tools')).json()) as ToolListResponse;
    const engines = Object.fromEntries(tools.map((t) => [t.id, t.engine]));
    expect(engines['image-generation']).toEqual({ id: 'openai', kind: 'provider' });
    expect(engines.inpainting).toEqual({ id: 'openai', kind: 'provider' });
    expect(engines['ai-photo-editor']).toEqual({ id: 'openai', kind: 'provider' });
    expect(engines.vectorization?.id).not.toBe('openai');
    // The page leaves out what gpt-image-1 does not take.
    const generation = tools.find((t) => t.id === 'image-generation');
    expect(generation?.ignoredOptions).toEqual(['model', 'style', 'substyle', 'negative_prompt']);
  });

  it('generates two images for 2 credits and stores them', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a lighthouse', n: 2, size: '1365x1024' });
    expect(run).toMatchObject({ status: 'succeeded', credits: 2, engine: 'openai' });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS - 2);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v1/images/generations', contentType: 'application/json' });
    expect(sent.fields).toEqual({ model: 'gpt-image-1', prompt: 'a lighthouse', n: 2, size: '1536x1024' });
    expect(run.outputs).toHaveLength(2);
    for (const output of run.outputs) {
      expect(output.url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/files\/runs\//);
      expect(output).toMatchObject({ mediaType: 'image/png' });
      expect((await rt.request(output.url, as(user))).status).toBe(200);
    }
  });

  it('sends inpainting a PNG mask whose alpha is 0 exactly where the mask was white', async () => {
    const user = await signUpTestUser(rt);
    const [width, height] = [200, 150];
    const mask = await rectMask(width, height);
    const form = runForm({ prompt: 'a red balloon' }, { image: await pngImage(width, height), mask: mask.png });
    const run = await runToEnd(rt, user, 'inpainting', form);
    expect(run).toMatchObject({ status: 'succeeded', engine: 'openai', error: null });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/images/edits');
    expect(sent.contentType).toMatch(/^multipart\/form-data/);
    expect(sent.fields).toMatchObject({ model: 'gpt-image-1', prompt: 'a red balloon' });
    expect(await sharp(sent.files.mask!).metadata()).toMatchObject({ format: 'png', width, height, hasAlpha: true });
    const alpha = await sharp(sent.files.mask!).ensureAlpha().extractChannel(3).raw().toBuffer();
    let mismatches = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        if ((alpha[y * width + x] === 0) !== mask.white(x, y)) mismatches++;
      }
    expect(mismatches).toBe(0);
    expect(new Set(alpha)).toEqual(new Set([0, 255]));
  });

  it('sends a custom photo edit to /images/edits without a mask', async () => {
    const user = await signUpTestUser(rt);
    const form = runForm({ editType: 'custom', prompt: 'make it autumn' }, { image: await pngImage(160, 120) });
    const run = await runToEnd(rt, user, 'ai-photo-editor', form);
    expect(run).toMatchObject({ status: 'succeeded', engine: 'openai' });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/images/edits');
    expect(sent.fields.prompt).toBe('make it autumn');
    expect(sent.files.image).toBeDefined();
    expect(sent.files.mask).toBeUndefined();
  });

  itHandlesProviderFailures(() => ({ rt, fake, key: KEY }));
});
