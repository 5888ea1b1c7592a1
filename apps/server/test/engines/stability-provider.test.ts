import { INPAINTING_PROMPT_MESSAGE, type ToolListResponse } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { STABILITY_TOOLS, type StabilityEngine } from '../../src/engines/providers/stability/stability-engine.ts';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { type FakeStability, startFakeStability } from '../fakes/fake-stability.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, rectMask, runForm } from '../support/images.ts';
import { itHandlesProviderFailures } from '../support/provider-failure-tests.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { runToEnd } from '../support/tool-runs.ts';
import { as, signUpTestUser, withPlan } from '../support/users.ts';

const SIGN_UP_CREDITS = 30;
const KEY = 'sk-secret-stability-789';

describeOnEachDatabase('Stability provider', (kind) => {
  let fake: FakeStability;
  let rt: TestRuntime;
  beforeAll(async () => {
    fake = await startFakeStability(KEY);
    rt = await createTestRuntime(kind, {
      RUN_SWEEP_INTERVAL_SECONDS: '3600',
      STABILITY_API_KEY: KEY,
      STABILITY_API_BASE: fake.baseUrl,
    });
    // The engine the app built from its config: poll the stand-in's jobs without the 10 s wait.
    (rt.runs.engines.byId('stability') as StabilityEngine).polling.intervalMs = 20;
  });
  afterEach(() => {
    fake.apiKey = KEY;
    fake.failNext(0, 500);
    fake.filterNext(0);
  });
  afterAll(async () => {
    await rt?.close();
    await fake?.close();
  });

  it('serves generation, image-to-image, inpainting, eraser, replace-background and both upscales', async () => {
    const { tools } = (await (await rt.request('/api/tools')).json()) as ToolListResponse;
    const byId = Object.fromEntries(tools.map((t) => [t.id, t]));
    for (const id of STABILITY_TOOLS) {
      expect(byId[id]?.engine).toEqual({ id: 'stability', kind: 'provider' });
      expect(byId[id]?.demoOptions).toEqual({});
    }
    expect(byId['image-generation']?.ignoredOptions).toEqual(['model']);
    expect(byId.inpainting?.ignoredOptions).toEqual([]);
    expect(byId.vectorization?.engine.id).not.toBe('stability');
    expect(byId['background-removal']?.engine).toEqual({ id: 'browser', kind: 'client' });
  });

  it('generates two images with two calls for 2 credits and stores them', async () => {
    const user = await signUpTestUser(rt);
    const before = fake.requests.length;
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a lighthouse', n: 2, size: '1365x1024' });
    expect(run).toMatchObject({ status: 'succeeded', credits: 2, engine: 'stability' });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS - 2);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      expect(r).toMatchObject({
        path: '/v2beta/stable-image/generate/core',
        fields: { prompt: 'a lighthouse', aspect_ratio: '5:4', style_preset: 'photographic', output_format: 'png' },
      });
      expect(r.contentType).toMatch(/^multipart\/form-data/);
    }
    expect(run.outputs).toHaveLength(2);
    for (const output of run.outputs) {
      expect(output.url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/files\/runs\//);
      expect(output).toMatchObject({ mediaType: 'image/png', width: 102, height: 84 });
      expect((await rt.request(output.url, as(user))).status).toBe(200);
    }
  });

  it('replaces a background through an asynchronous job, polled until its image is ready', async () => {
    const user = await signUpTestUser(rt);
    const polls = fake.polls.length;
    const form = runForm({ prompt: 'a beach at dusk', n: '2' }, { image: await pngImage(160, 120) });
    const run = await runToEnd(rt, user, 'replace-background', form);
    expect(run).toMatchObject({ status: 'succeeded', credits: 2, engine: 'stability', error: null });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v2beta/stable-image/edit/replace-background-and-relight',
      fields: { background_prompt: 'a beach at dusk, photographic', output_format: 'png' },
    });
    // Two jobs, each answering 202 twice and then its image.
    const answered = fake.polls.slice(polls).map((p) => p.status);
    expect(answered.filter((s) => s === 202)).toHaveLength(4);
    expect(answered.filter((s) => s === 200)).toHaveLength(2);
    expect(run.outputs).toHaveLength(2);
    expect(run.outputs[0]).toMatchObject({ mediaType: 'image/png', width: 160, height: 120 });
  });

  it('upscales creatively through an asynchronous job', async () => {
    const user = await withPlan(rt, await signUpTestUser(rt));
    const form = runForm({ upscaleType: 'creative' }, { image: await pngImage(100, 80) });
    const run = await runToEnd(rt, user, 'image-upscale', form);
    expect(run).toMatchObject({ status: 'succeeded', engine: 'stability' });
    expect(fake.requests.at(-1)?.path).toBe('/v2beta/stable-image/upscale/creative');
    expect(fake.polls.at(-1)?.status).toBe(200);
    expect(run.outputs[0]).toMatchObject({ width: 400, height: 320 });
  });

  it('erases the background into a PNG with an alpha channel', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'ai-eraser', runForm({}, { image: await pngImage(160, 120) }));
    expect(run).toMatchObject({ status: 'succeeded', engine: 'stability' });
    expect(fake.requests.at(-1)?.path).toBe('/v2beta/stable-image/edit/remove-background');
    const stored = Buffer.from(await (await rt.request(run.outputs[0]!.url, as(user))).arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', hasAlpha: true, width: 160, height: 120 });
  });

  it('sends inpainting the mask: white exactly where Atelier’s mask is white', async () => {
    const user = await signUpTestUser(rt);
    const [width, height] = [200, 150];
    const mask = await rectMask(width, height);
    const form = runForm({ prompt: 'a red balloon' }, { image: await pngImage(width, height), mask: mask.png });
    const run = await runToEnd(rt, user, 'inpainting', form);
    expect(run).toMatchObject({ status: 'succeeded', engine: 'stability', error: null });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v2beta/stable-image/edit/inpaint', fields: { prompt: 'a red balloon' } });
    const grey = await sharp(sent.files.mask!).toColourspace('b-w').raw().toBuffer();
    let mismatches = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if ((grey[y * width + x] === 255) !== mask.white(x, y)) mismatches++;
    expect(mismatches).toBe(0);
  });

  it('asks for an inpainting prompt, as Stability uses it, before charging', async () => {
    const user = await signUpTestUser(rt);
    const mask = await rectMask(200, 150);
    const form = runForm({}, { image: await pngImage(200, 150), mask: mask.png });
    const res = await rt.request('/api/tools/inpainting/runs', as(user, { method: 'POST', body: form }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        message: INPAINTING_PROMPT_MESSAGE,
        fields: { prompt: INPAINTING_PROMPT_MESSAGE },
      },
    });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS);
  });

  it('fails and refunds a run whose image came back CONTENT_FILTERED', async () => {
    const user = await signUpTestUser(rt);
    fake.filterNext(1);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'something moderated' });
    expect(run).toMatchObject({ status: 'failed', refunded: true, error: { code: 'CONTENT_POLICY' }, outputs: [] });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS);
  });

  itHandlesProviderFailures(() => ({ rt, fake, key: KEY }));
});
