import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolId } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeComfyUI, startFakeComfyUI } from '../../../../test/fakes/fake-comfyui.ts';
import { engineInput } from '../../../../test/support/engine-inputs.ts';
import type { EngineContext, EngineImage } from '../../engine.ts';
import { EngineError } from '../../engine.ts';
import { ComfyUIClient, refusalMessage } from './comfyui-client.ts';
import { ComfyUIEngine, STAGE } from './comfyui-engine.ts';
import { NODE } from './workflows.ts';

const STEPS = 8;

function recorder(signal = new AbortController().signal) {
  const calls: { percent: number; stage?: string }[] = [];
  const context: EngineContext = { onProgress: (percent, stage) => calls.push({ percent, stage }), signal };
  return { calls, context };
}

async function png(width: number, height: number, background = '#cc3344'): Promise<EngineImage> {
  const data = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { data, mediaType: 'image/png', width, height };
}

/** White (inpaint) on the left half, black on the right. */
async function leftHalfMask(width: number, height: number): Promise<EngineImage> {
  const raw = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width / 2; x++) raw[y * width + x] = 255;
  const data = await sharp(raw, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { data, mediaType: 'image/png', width, height };
}

describe('refusalMessage', () => {
  it("lists each refused node's errors with its class", () => {
    const body = {
      error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: 'x' },
      node_errors: {
        '3': {
          class_type: 'KSampler',
          errors: [
            {
              type: 'value_not_in_list',
              message: 'Value not in list',
              details: "sampler_name: 'nope' not in ['euler']",
            },
          ],
        },
      },
    };
    expect(refusalMessage(body)).toBe(
      "ComfyUI refused the workflow: Prompt outputs failed validation; KSampler #3: Value not in list: sampler_name: 'nope' not in ['euler']",
    );
    expect(refusalMessage({ error: 'no prompt', node_errors: [] })).toBe('ComfyUI refused the workflow: no prompt');
  });
});

describe('ComfyUIEngine against the ComfyUI stand-in', () => {
  let fake: FakeComfyUI;
  let engine: ComfyUIEngine;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
    engine = new ComfyUIEngine({ baseUrl: fake.baseUrl }, { steps: STEPS, pollIntervalMs: 20 });
  });
  afterEach(() => {
    fake.stepDelayMs = 5;
    fake.socketsEnabled = true;
    fake.checkpoints = ['sd_xl_base_1.0.safetensors'];
  });
  afterAll(() => fake?.close());

  it('serves generation, image-to-image and inpainting only', () => {
    expect(['image-generation', 'image-to-image', 'inpainting'].every((t) => engine.supports(t as ToolId))).toBe(true);
    expect(engine.supports('vectorization')).toBe(false);
    expect(engine.supports('ai-photo-editor')).toBe(false);
  });

  it('reports every sampler step from the socket and returns the images at the asked size', async () => {
    const { calls, context } = recorder();
    const outputs = await engine.run(
      engineInput('image-generation', { prompt: 'a lighthouse', n: 2, size: '1365x1024' }),
      context,
    );
    const sent = fake.prompts.at(-1)!;
    expect(sent.prompt[NODE.emptyLatent.id]!.inputs).toEqual({ width: 1368, height: 1024, batch_size: 2 });
    expect(sent.prompt[NODE.checkpoint.id]!.inputs!.ckpt_name).toBe('sd_xl_base_1.0.safetensors');
    expect(fake.progressSent.get(sent.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const sampling = calls.filter((c) => c.stage === 'sampling').map((c) => Number(c.percent.toFixed(6)));
    const span = STAGE.samplingTo - STAGE.samplingFrom;
    const perStep = Array.from({ length: STEPS }, (_, i) =>
      Number((STAGE.samplingFrom + (span * (i + 1)) / STEPS).toFixed(6)),
    );
    expect(sampling).toEqual([STAGE.samplingFrom, ...perStep]);
    expect(calls.map((c) => c.stage)).toEqual(
      expect.arrayContaining(['queued', 'starting', 'loading the model', 'decoding', 'downloading']),
    );
    expect(calls.map((c) => c.percent)).toEqual([...calls.map((c) => c.percent)].sort((a, b) => a - b));

    expect(outputs).toHaveLength(2);
    for (const output of outputs as EngineImage[]) {
      expect(output).toMatchObject({ mediaType: 'image/png', width: 1365, height: 1024 });
      expect(await sharp(output.data).metadata()).toMatchObject({ format: 'png', width: 1365, height: 1024 });
    }
  });

  it('follows the prompt by polling /history when the socket is refused', async () => {
    fake.socketsEnabled = false;
    const { calls, context } = recorder();
    const outputs = await engine.run(engineInput('image-generation', { prompt: 'a calm sea' }), context);
    expect(outputs).toHaveLength(1);
    expect(calls.some((c) => c.stage === 'sampling')).toBe(false);
    expect(calls.at(-1)?.stage).toBe('downloading');
  });

  it('falls back to polling when the socket drops mid-run', async () => {
    fake.stepDelayMs = 10;
    fake.dropSocketsNext(3);
    const { calls, context } = recorder();
    const outputs = await engine.run(engineInput('image-generation', { prompt: 'a storm' }), context);
    expect(outputs).toHaveLength(1);
    const steps = calls.filter((c) => c.stage === 'sampling').length;
    expect(steps).toBeGreaterThan(1);
    expect(steps).toBeLessThan(STEPS + 1);
  });

  it('uploads the image for image-to-image and sends strength as denoise with the batch size', async () => {
    const { context } = recorder();
    const image = await png(200, 150);
    const outputs = await engine.run(
      engineInput('image-to-image', { prompt: 'as a watercolour', strength: 0.3, n: 2 }, { image }),
      context,
    );
    const sent = fake.prompts.at(-1)!.prompt;
    const upload = fake.uploads.at(-1)!;
    expect(upload.type).toBe('input');
    expect(sent[NODE.loadImage.id]!.inputs!.image).toBe(upload.name);
    expect(await sharp(upload.data).metadata()).toMatchObject({ format: 'png', width: 200, height: 152 });
    expect(sent[NODE.sampler.id]!.inputs!.denoise).toBe(0.3);
    expect(sent[NODE.repeatBatch.id]!.inputs!.amount).toBe(2);
    expect(outputs).toHaveLength(2);
    for (const output of outputs as EngineImage[]) expect(output).toMatchObject({ width: 200, height: 150 });
  });

  it('uploads a binary mask (white = regenerate) and keeps the unmasked pixels of the original', async () => {
    const { context } = recorder();
    const image = await png(160, 120, '#cc3344');
    const [output] = (await engine.run(
      engineInput('inpainting', { prompt: 'a red balloon' }, { image, mask: await leftHalfMask(80, 60) }),
      context,
    )) as EngineImage[];
    const sent = fake.prompts.at(-1)!.prompt;
    const [imageUpload, maskUpload] = fake.uploads.slice(-2);
    expect(sent[NODE.loadImage.id]!.inputs!.image).toBe(imageUpload!.name);
    expect(sent[NODE.loadMask.id]!.inputs).toEqual({ image: maskUpload!.name, channel: 'red' });
    expect(await sharp(maskUpload!.data).metadata()).toMatchObject({
      format: 'png',
      width: 160,
      height: 120,
      channels: 1,
    });
    const mask = await sharp(maskUpload!.data).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    expect(mask.data[0]).toBe(255); // left: regenerate
    expect(mask.data[159]).toBe(0); // right: keep
    expect(new Set(mask.data)).toEqual(new Set([0, 255]));

    expect(output).toMatchObject({ width: 160, height: 120 });
    const pixels = await sharp(output!.data).removeAlpha().raw().toBuffer();
    const at = (x: number, y: number) => [...pixels.subarray((y * 160 + x) * 3, (y * 160 + x) * 3 + 3)];
    expect(at(150, 60)).toEqual([0xcc, 0x33, 0x44]); // kept exactly
    expect(at(10, 60)).not.toEqual([0xcc, 0x33, 0x44]); // redrawn
  });

  it('maps an execution_error to a failed run with ComfyUI’s reason', async () => {
    fake.failNextExecution({ atStep: 3, message: 'mat1 and mat2 shapes cannot be multiplied' });
    const { calls, context } = recorder();
    const error = await engine.run(engineInput('image-generation', { prompt: 'x' }), context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: 'ComfyUI failed in KSampler: mat1 and mat2 shapes cannot be multiplied',
    });
    expect(calls.filter((c) => c.stage === 'sampling').length).toBe(4); // the node's start + 3 steps
  });

  it('reads an execution_error from the history when there is no socket', async () => {
    fake.socketsEnabled = false;
    fake.failNextExecution({ atStep: 1, message: 'Allocation on device', type: 'torch.OutOfMemoryError' });
    const error = await engine
      .run(engineInput('image-generation', { prompt: 'x' }), recorder().context)
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect((error as Error).message).toMatch(/^ComfyUI ran out of memory in KSampler/);
  });

  it('names a missing checkpoint clearly', async () => {
    fake.checkpoints = ['v1-5-pruned-emaonly.safetensors'];
    const error = await engine
      .run(engineInput('image-generation', { prompt: 'x' }), recorder().context)
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_INVALID_INPUT' });
    expect((error as Error).message).toBe(
      `ComfyUI has no checkpoint named "sd_xl_base_1.0.safetensors" (put it in ComfyUI's models/checkpoints)`,
    );
  });

  it('uses the checkpoint it is given', async () => {
    fake.checkpoints = ['v1-5-pruned-emaonly.safetensors'];
    const sd15 = new ComfyUIEngine(
      { baseUrl: fake.baseUrl },
      { checkpoint: 'v1-5-pruned-emaonly.safetensors', steps: 2 },
    );
    await sd15.run(engineInput('image-generation', { prompt: 'x', size: '1024x1024' }), recorder().context);
    expect(fake.prompts.at(-1)!.prompt[NODE.checkpoint.id]!.inputs!.ckpt_name).toBe('v1-5-pruned-emaonly.safetensors');
  });

  it('loads uploads under the name ComfyUI gives them (a taken name becomes "name (1)")', async () => {
    const client = new ComfyUIClient(fake.baseUrl);
    const signal = new AbortController().signal;
    const first = await client.upload((await png(64, 64, '#111111')).data, 'same.png', signal);
    const again = await client.upload((await png(64, 64, '#111111')).data, 'same.png', signal);
    const other = await client.upload((await png(64, 64, '#eeeeee')).data, 'same.png', signal);
    expect([first, again, other]).toEqual(['same.png', 'same.png', 'same (1).png']);
  });

  it('reports a UI-format workflow as refused input', async () => {
    const client = new ComfyUIClient(fake.baseUrl);
    const uiFormat = { nodes: [{ id: 3, type: 'KSampler' }], links: [], version: 0.4 };
    const error = await client
      .queuePrompt(uiFormat as never, 'client', new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_INVALID_INPUT' });
    expect((error as Error).message).toBe(
      "ComfyUI refused the workflow: Cannot execute because a node is missing the class_type property. (Node ID '#nodes')",
    );
  });

  it('interrupts its running prompt and closes up when the run is given up', async () => {
    fake.stepDelayMs = 100;
    const controller = new AbortController();
    const { calls, context } = recorder(controller.signal);
    const running = engine.run(engineInput('image-generation', { prompt: 'slow' }), context);
    await expect.poll(() => calls.some((c) => c.stage === 'sampling'), { interval: 10 }).toBe(true);
    const before = fake.interrupts.length;
    controller.abort(new Error('worker stopping'));
    await expect(running).rejects.toThrow('worker stopping');
    const id = fake.prompts.at(-1)!.id;
    await expect.poll(() => fake.interrupts.length).toBe(before + 1);
    expect(fake.interrupts.at(-1)).toEqual({ prompt_id: id });
  });

  it('gives up with PROVIDER_TIMEOUT after its overall time limit', async () => {
    fake.stepDelayMs = 200;
    const hasty = new ComfyUIEngine({ baseUrl: fake.baseUrl }, { steps: 20, timeoutMs: 300 });
    const error = await hasty.run(engineInput('image-generation', { prompt: 'x' }), recorder().context).catch((e) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_TIMEOUT' });
    await expect.poll(() => fake.interrupts.at(-1)).toEqual({ prompt_id: fake.prompts.at(-1)!.id });
  });

  it('reports an unreachable server as PROVIDER_UNAVAILABLE', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = new ComfyUIEngine({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await gone.run(engineInput('image-generation', { prompt: 'x' }), recorder().context).catch((e) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: 'The ComfyUI server could not be reached' });
  });
});
