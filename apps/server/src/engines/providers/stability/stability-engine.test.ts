import { SIZES, STYLES, SUBSTYLES } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStability, startFakeStability } from '../../../../test/fakes/fake-stability.ts';
import { engineInput, solidImage } from '../../../../test/support/engine-inputs.ts';
import type { EngineImage } from '../../engine.ts';
import { StabilityClient } from './stability-client.ts';
import { CREATIVE_UPSCALE_PROMPT, STABILITY_TOOLS, StabilityEngine } from './stability-engine.ts';
import {
  STABILITY_ASPECT_RATIOS,
  STABILITY_STYLE_PRESETS,
  stabilityAspectRatioFor,
  stabilityStyleOf,
  stabilityStyleWords,
} from './stability-options.ts';

const KEY = 'sk-unit-stability-key';
const POLL_MS = 5;

describe('stabilityAspectRatioFor', () => {
  it('maps every Atelier size to the Stability aspect ratio nearest by log ratio', () => {
    expect(stabilityAspectRatioFor('1024x1024')).toBe('1:1');
    expect(stabilityAspectRatioFor('1280x1024')).toBe('5:4');
    expect(stabilityAspectRatioFor('1365x1024')).toBe('5:4');
    expect(stabilityAspectRatioFor('1434x1024')).toBe('3:2');
    expect(stabilityAspectRatioFor('1536x1024')).toBe('3:2');
    expect(stabilityAspectRatioFor('1707x1024')).toBe('16:9');
    expect(stabilityAspectRatioFor('1820x1024')).toBe('16:9');
    expect(stabilityAspectRatioFor('2048x1024')).toBe('16:9');
    expect(stabilityAspectRatioFor('1024x1365')).toBe('4:5');
    expect(stabilityAspectRatioFor('1024x1536')).toBe('2:3');
    expect(stabilityAspectRatioFor('1024x2048')).toBe('9:16');
    for (const size of SIZES) expect(STABILITY_ASPECT_RATIOS).toContain(stabilityAspectRatioFor(size));
  });
});

describe('stabilityStyleOf', () => {
  it('gives the family preset, a substyle preset where one matches, and words for the rest', () => {
    expect(stabilityStyleOf('realistic_image', undefined)).toEqual({ preset: 'photographic', words: undefined });
    expect(stabilityStyleOf('realistic_image', 'evening_light')).toEqual({
      preset: 'photographic',
      words: 'evening light',
    });
    expect(stabilityStyleOf('realistic_image', 'b_and_w')).toMatchObject({ words: 'black and white' });
    expect(stabilityStyleOf('digital_illustration', 'pixel_art')).toEqual({ preset: 'pixel-art', words: undefined });
    expect(stabilityStyleOf('digital_illustration', '2d_art_poster_2')).toEqual({
      preset: 'digital-art',
      words: '2d art poster',
    });
    expect(stabilityStyleOf('vector_illustration', undefined)).toEqual({
      preset: undefined,
      words: 'flat vector illustration, clean shapes',
    });
    expect(stabilityStyleOf('vector_illustration', 'line_art')).toEqual({ preset: 'line-art', words: undefined });
  });

  it('only ever names presets Stability has', () => {
    for (const style of STYLES) {
      for (const substyle of [undefined, ...SUBSTYLES[style]]) {
        const { preset } = stabilityStyleOf(style, substyle);
        if (preset) expect(STABILITY_STYLE_PRESETS).toContain(preset);
      }
    }
  });

  it('says it all in words for endpoints without style_preset', () => {
    expect(stabilityStyleWords('digital_illustration', 'hard_comics')).toBe('comic book');
    expect(stabilityStyleWords('realistic_image', 'hdr')).toBe('photographic, hdr');
  });
});

describe('StabilityEngine against the Stability stand-in', () => {
  let fake: FakeStability;
  let engine: StabilityEngine;
  let stages: [number, string | undefined][] = [];
  const context = {
    onProgress: (p: number, s?: string) => stages.push([p, s]),
    signal: new AbortController().signal,
  };
  const lastRequest = () => fake.requests.at(-1)!;

  beforeAll(async () => {
    fake = await startFakeStability(KEY);
    engine = new StabilityEngine({ apiKey: KEY, baseUrl: fake.baseUrl }, { polling: { intervalMs: POLL_MS } });
  });
  afterEach(() => {
    stages = [];
    fake.apiKey = KEY;
    fake.pendingPolls = 2;
    fake.failNext(0, 500);
    fake.filterNext(0);
  });
  afterAll(() => fake?.close());

  it('serves generation, image-to-image, inpainting, eraser, replace-background and upscale only', () => {
    for (const tool of STABILITY_TOOLS) expect(engine.supports(tool)).toBe(true);
    for (const tool of ['vectorization', 'vector-generation', 'style-creation', 'ai-photo-editor'] as const) {
      expect(engine.supports(tool)).toBe(false);
    }
    expect(engine.polling).toEqual({ intervalMs: POLL_MS, maxWaitMs: 600_000 });
    expect(new StabilityEngine({ apiKey: KEY, baseUrl: fake.baseUrl }).polling.intervalMs).toBe(10_000);
  });

  it('makes n images with n generate/core calls, reporting each one received', async () => {
    const out = await engine.run(
      engineInput('image-generation', {
        prompt: 'a lighthouse',
        n: 2,
        size: '1820x1024',
        substyle: 'evening_light',
        negative_prompt: 'fog',
      }),
      context,
    );
    expect(out).toHaveLength(2);
    for (const o of out) expect(o).toMatchObject({ mediaType: 'image/png', width: 126, height: 72 });
    const sent = fake.requests.slice(-2);
    for (const r of sent) {
      expect(r).toMatchObject({ path: '/v2beta/stable-image/generate/core', accept: 'image/*' });
      expect(r.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(r.fields).toEqual({
        prompt: 'a lighthouse, evening light',
        negative_prompt: 'fog',
        aspect_ratio: '16:9',
        style_preset: 'photographic',
        output_format: 'png',
      });
    }
    expect(stages).toEqual([
      [10, 'uploading'],
      [50, 'waiting'],
      [70, 'waiting'],
      [90, 'downloading'],
    ]);
  });

  it('sends image-to-image to generate/sd3 with its strength and no aspect ratio', async () => {
    const out = await engine.run(
      engineInput(
        'image-to-image',
        { prompt: 'snowy', strength: 0.3, style: 'digital_illustration' },
        { image: await solidImage() },
      ),
      context,
    );
    expect(out).toHaveLength(1);
    expect(lastRequest()).toMatchObject({
      path: '/v2beta/stable-image/generate/sd3',
      fields: {
        prompt: 'snowy, digital art',
        mode: 'image-to-image',
        model: 'sd3.5-large',
        strength: '0.3',
        output_format: 'png',
      },
    });
    expect(lastRequest().fields.aspect_ratio).toBeUndefined();
    expect(lastRequest().files.image).toBeDefined();
  });

  it('replaces a background with an asynchronous job, polled until done', async () => {
    const before = fake.polls.length;
    const out = await engine.run(
      engineInput('replace-background', { prompt: 'a beach' }, { image: await solidImage() }),
      context,
    );
    expect(out[0]).toMatchObject({ mediaType: 'image/png', width: 300, height: 200 });
    expect(lastRequest()).toMatchObject({
      path: '/v2beta/stable-image/edit/replace-background-and-relight',
      accept: 'application/json',
      fields: { background_prompt: 'a beach, photographic', output_format: 'png' },
    });
    expect(lastRequest().files.subject_image).toBeDefined();
    const polls = fake.polls.slice(before);
    expect(polls.map((p) => p.status)).toEqual([202, 202, 200]);
    for (let i = 1; i < polls.length; i++) {
      expect(polls[i]!.at - polls[i - 1]!.at).toBeGreaterThanOrEqual(POLL_MS - 1);
    }
    expect(stages).toEqual([
      [10, 'uploading'],
      [50, 'waiting'],
      [90, 'downloading'],
    ]);
  });

  it('upscales creatively with an asynchronous job and a prompt, crisply with upscale/fast', async () => {
    const creative = await engine.run(
      engineInput('image-upscale', { upscaleType: 'creative' }, { image: await solidImage(120, 80) }),
      context,
    );
    expect(lastRequest()).toMatchObject({
      path: '/v2beta/stable-image/upscale/creative',
      fields: { prompt: CREATIVE_UPSCALE_PROMPT, output_format: 'png' },
    });
    expect(creative[0]).toMatchObject({ width: 480, height: 320 });
    const crisp = await engine.run(
      engineInput('image-upscale', { upscaleType: 'crisp' }, { image: await solidImage(120, 80) }),
      context,
    );
    expect(lastRequest().path).toBe('/v2beta/stable-image/upscale/fast');
    expect(crisp[0]).toMatchObject({ width: 480, height: 320 });
  });

  it('shrinks an image over the upscaler’s 1 MP limit to fit, keeping its aspect', async () => {
    const out = await engine.run(
      engineInput('image-upscale', { upscaleType: 'crisp' }, { image: await solidImage(1600, 1200) }),
      context,
    );
    const sent = await sharp(lastRequest().files.image!).metadata();
    expect(sent.width! * sent.height!).toBeLessThanOrEqual(1_048_576);
    expect(sent.width! / sent.height!).toBeCloseTo(4 / 3, 2);
    expect(out[0]!).toMatchObject({ width: sent.width! * 4, height: sent.height! * 4 });
  });

  it('erases the background with edit/remove-background into a PNG with alpha', async () => {
    const [out] = await engine.run(engineInput('ai-eraser', {}, { image: await solidImage() }), context);
    expect(lastRequest()).toMatchObject({
      path: '/v2beta/stable-image/edit/remove-background',
      fields: { output_format: 'png' },
    });
    expect(await sharp((out as EngineImage).data).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
  });

  it('sends inpainting a binary mask of the image size, and says when the mask was stretched', async () => {
    const mask = await solidImage(100, 50);
    await engine.run(engineInput('inpainting', { prompt: 'a kite' }, { image: await solidImage(), mask }), context);
    expect(lastRequest()).toMatchObject({ path: '/v2beta/stable-image/edit/inpaint', fields: { prompt: 'a kite' } });
    expect(await sharp(lastRequest().files.mask!).metadata()).toMatchObject({ width: 300, height: 200, channels: 1 });
    expect(stages.map(([, s]) => s)).toContain('mask-resized');
  });

  it('fails an image that moderation blurred (200, finish-reason CONTENT_FILTERED) with CONTENT_POLICY', async () => {
    fake.filterNext(1);
    await expect(engine.run(engineInput('image-generation', { prompt: 'x' }), context)).rejects.toMatchObject({
      code: 'CONTENT_POLICY',
    });
    fake.filterNext(1);
    await expect(
      engine.run(engineInput('replace-background', { prompt: 'x' }, { image: await solidImage() }), context),
    ).rejects.toMatchObject({ code: 'CONTENT_POLICY' });
  });

  it.each([
    [403, 'CONTENT_POLICY', /^The AI provider refused this content: .*content moderation/],
    [422, 'CONTENT_POLICY', /^The AI provider refused this content: .*public figure/],
    [402, 'PROVIDER_UNAVAILABLE', /run out of credits/],
    [413, 'PROVIDER_INVALID_INPUT', /^The AI provider refused the request/],
  ])('maps a %i error body to %s', async (status, code, message) => {
    fake.failNext(1, status);
    const error = await engine.run(engineInput('image-generation', { prompt: 'x' }), context).catch((e: unknown) => e);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('maps a 400 bad_request to PROVIDER_INVALID_INPUT with the field errors', async () => {
    const client = new StabilityClient({ apiKey: KEY, baseUrl: fake.baseUrl });
    const error = await client
      .image('generate/core', () => new FormData(), { timeoutMs: 5000, signal: context.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'PROVIDER_INVALID_INPUT',
      message: 'The AI provider refused the request: prompt: is required',
    });
  });

  it('reports a result that is gone (another key, or expired) as PROVIDER_UNAVAILABLE', async () => {
    const client = new StabilityClient({ apiKey: KEY, baseUrl: fake.baseUrl });
    await expect(client.result('0'.repeat(64), { timeoutMs: 5000, signal: context.signal })).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: 'The AI provider no longer has the result',
    });
  });

  it('gives a job up with PROVIDER_TIMEOUT once it has run too long', async () => {
    fake.pendingPolls = 1000;
    const impatient = new StabilityEngine(
      { apiKey: KEY, baseUrl: fake.baseUrl },
      { polling: { intervalMs: POLL_MS, maxWaitMs: 50 } },
    );
    await expect(
      impatient.run(engineInput('image-upscale', { upscaleType: 'creative' }, { image: await solidImage() }), context),
    ).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });

  it('rejects a wrong key with PROVIDER_AUTH, never quoting the key', async () => {
    fake.apiKey = 'another-key';
    const error = (await engine
      .run(engineInput('image-generation', { prompt: 'x' }), context)
      .catch((e) => e)) as Error;
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH', message: "The AI provider rejected Atelier's API key" });
  });

  it('reads JSON-mode answers too: base64 image, and finish_reason CONTENT_FILTERED as a refusal', async () => {
    const png = (await solidImage(64, 64)).data.toString('base64');
    const original = globalThis.fetch;
    const answer = (finish_reason: string) => async () =>
      new Response(JSON.stringify({ image: png, seed: 1, finish_reason }), {
        headers: { 'content-type': 'application/json; type=image/png' },
      });
    const client = new StabilityClient({ apiKey: KEY, baseUrl: fake.baseUrl });
    const call = { timeoutMs: 5000, signal: context.signal };
    try {
      globalThis.fetch = answer('SUCCESS');
      expect(await client.result('job', call)).toMatchObject({ mediaType: 'image/png', width: 64, height: 64 });
      globalThis.fetch = answer('CONTENT_FILTERED');
      await expect(client.result('job', call)).rejects.toMatchObject({ code: 'CONTENT_POLICY' });
    } finally {
      globalThis.fetch = original;
    }
  });
});
