import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Run, ToolListResponse } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMFYUI_DEFAULTS, STAGE } from '../../src/engines/providers/comfyui/comfyui-engine.ts';
import { NODE } from '../../src/engines/providers/comfyui/workflows.ts';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { type FakeComfyUI, startFakeComfyUI } from '../fakes/fake-comfyui.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { runToEnd } from '../support/tool-runs.ts';
import { as, signUpTestUser } from '../support/users.ts';

const SIGN_UP_CREDITS = 30;
const COMFY_TOOLS = ['image-generation', 'image-to-image', 'inpainting'];

/** Atelier's mask: white (inpaint) on the left half, black elsewhere. */
async function leftHalfMask(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width / 2; x++) raw[y * width + x] = 255;
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** An address where nothing listens. */
async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describeOnEachDatabase('ComfyUI provider', (kind) => {
  let fake: FakeComfyUI;
  let rt: TestRuntime;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600', COMFYUI_URL: fake.baseUrl });
  });
  afterEach(() => {
    fake.stepDelayMs = 5;
    fake.checkpoints = ['sd_xl_base_1.0.safetensors'];
  });
  afterAll(async () => {
    await rt?.close();
    await fake?.close();
  });

  it('serves generation, image-to-image and inpainting, and nothing else', async () => {
    const { tools } = (await (await rt.request('/api/tools')).json()) as ToolListResponse;
    for (const tool of tools) {
      if (COMFY_TOOLS.includes(tool.id)) {
        expect(tool.engine, tool.id).toEqual({ id: 'comfyui', kind: 'provider' });
        expect(tool.ignoredOptions, tool.id).toEqual(tool.id === 'inpainting' ? [] : ['model']);
      } else expect(tool.engine.id, tool.id).not.toBe('comfyui');
    }
  });

  it('generates two images in one batch for 2 credits and stores them at the asked size', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a lighthouse', n: 2, size: '1365x1024' });
    expect(run).toMatchObject({ status: 'succeeded', credits: 2, engine: 'comfyui', progress: 100 });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS - 2);
    const sent = fake.prompts.at(-1)!.prompt;
    expect(sent[NODE.emptyLatent.id]!.inputs).toEqual({ width: 1368, height: 1024, batch_size: 2 });
    expect(sent[NODE.positive.id]!.inputs!.text).toBe('a lighthouse, photorealistic');
    expect(run.outputs).toHaveLength(2);
    for (const output of run.outputs) {
      expect(output.url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/files\/runs\//);
      expect(output).toMatchObject({ mediaType: 'image/png', width: 1365, height: 1024 });
      const res = await rt.request(output.url, as(user));
      expect(res.status).toBe(200);
      expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 1365, height: 1024 });
    }
  });

  it("streams the sampler's real steps as the run's progress", async () => {
    fake.stepDelayMs = 60;
    const user = await signUpTestUser(rt);
    const start = await rt.request(
      '/api/tools/image-generation/runs',
      as(user, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'a slow sunrise', size: '1024x1024' }),
      }),
    );
    expect(start.status).toBe(202);
    const { run } = (await start.json()) as { run: Run };
    const text = await (await rt.request(`/api/runs/${run.id}/events`, as(user))).text();
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({
      event: m[1],
      run: (JSON.parse(m[2]!) as { run: Run }).run,
    }));
    expect(events.at(-1)).toMatchObject({ event: 'end', run: { status: 'succeeded', progress: 100 } });

    const { steps } = COMFYUI_DEFAULTS;
    expect(fake.progressSent.get(fake.prompts.at(-1)!.id)).toEqual(Array.from({ length: steps }, (_, i) => i + 1));
    // Each step k of n is reported as samplingFrom + k/n of the sampling span, rounded when stored.
    const span = STAGE.samplingTo - STAGE.samplingFrom;
    const stepValues = new Set(
      Array.from({ length: steps }, (_, k) => Math.round(STAGE.samplingFrom + (span * (k + 1)) / steps)),
    );
    const sampling = events
      .filter((e) => e.event === 'progress')
      .map((e) => e.run.progress)
      .filter((p) => p > STAGE.samplingFrom && p <= STAGE.samplingTo);
    expect(new Set(sampling).size).toBeGreaterThanOrEqual(2);
    for (const p of sampling) expect(stepValues).toContain(p);
    expect(sampling).toEqual([...sampling].sort((a, b) => a - b));
  });

  it('uploads the image for image-to-image and sends the strength as denoise', async () => {
    const user = await signUpTestUser(rt);
    const form = runForm({ prompt: 'as a watercolour', strength: '0.3', n: '2' }, { image: await pngImage(200, 150) });
    const run = await runToEnd(rt, user, 'image-to-image', form);
    expect(run).toMatchObject({ status: 'succeeded', credits: 2, engine: 'comfyui' });
    const sent = fake.prompts.at(-1)!.prompt;
    expect(sent[NODE.sampler.id]!.inputs!.denoise).toBe(0.3);
    expect(sent[NODE.repeatBatch.id]!.inputs!.amount).toBe(2);
    expect(sent[NODE.loadImage.id]!.inputs!.image).toBe(fake.uploads.at(-1)!.name);
    expect(run.outputs).toHaveLength(2);
    for (const output of run.outputs) expect(output).toMatchObject({ width: 200, height: 150 });
  });

  it('uploads the mask for inpainting and the workflow loads it', async () => {
    const user = await signUpTestUser(rt);
    const form = runForm(
      { prompt: 'a red balloon' },
      { image: await pngImage(200, 150), mask: await leftHalfMask(100, 75) },
    );
    const run = await runToEnd(rt, user, 'inpainting', form);
    expect(run).toMatchObject({ status: 'succeeded', credits: 1, engine: 'comfyui' });
    const sent = fake.prompts.at(-1)!.prompt;
    const [image, mask] = fake.uploads.slice(-2);
    expect(sent[NODE.loadImage.id]!.inputs!.image).toBe(image!.name);
    expect(sent[NODE.loadMask.id]!.inputs).toEqual({ image: mask!.name, channel: 'red' });
    expect(await sharp(mask!.data).metadata()).toMatchObject({ width: 200, height: 152, channels: 1 });
    expect(run.outputs[0]).toMatchObject({ width: 200, height: 150 });
  });

  it('fails and refunds the run when ComfyUI reports an execution error', async () => {
    const user = await signUpTestUser(rt);
    fake.failNextExecution({ atStep: 5, message: 'CUDA error: an illegal memory access was encountered' });
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a storm', n: 3 });
    expect(run).toMatchObject({
      status: 'failed',
      refunded: true,
      error: {
        code: 'PROVIDER_UNAVAILABLE',
        message: 'ComfyUI failed in KSampler: CUDA error: an illegal memory access was encountered',
      },
    });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS);
  });

  it('fails and refunds the run, naming the checkpoint, when ComfyUI does not have it', async () => {
    const user = await signUpTestUser(rt);
    fake.checkpoints = ['v1-5-pruned-emaonly.safetensors'];
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a forest' });
    expect(run).toMatchObject({ status: 'failed', refunded: true, error: { code: 'PROVIDER_INVALID_INPUT' } });
    expect(run.error!.message).toContain('sd_xl_base_1.0.safetensors');
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS);
  });
});

describe('ComfyUI with COMFYUI_CHECKPOINT', () => {
  let fake: FakeComfyUI;
  let rt: TestRuntime;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
    fake.checkpoints = ['v1-5-pruned-emaonly.safetensors'];
    rt = await createTestRuntime('pglite', {
      COMFYUI_URL: fake.baseUrl,
      COMFYUI_CHECKPOINT: 'v1-5-pruned-emaonly.safetensors',
    });
  });
  afterAll(async () => {
    await rt?.close();
    await fake?.close();
  });

  it('loads the checkpoint the deployment names', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a forest' });
    expect(run.status).toBe('succeeded');
  });
});

describeOnEachDatabase('ComfyUI provider unreachable', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600', COMFYUI_URL: await deadUrl() });
  });
  afterAll(() => rt?.close());

  it('fails and refunds the run with PROVIDER_UNAVAILABLE', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a lighthouse', n: 2 });
    expect(run).toMatchObject({
      status: 'failed',
      refunded: true,
      engine: 'comfyui',
      error: { code: 'PROVIDER_UNAVAILABLE', message: 'The ComfyUI server could not be reached' },
    });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS);
  });
});
