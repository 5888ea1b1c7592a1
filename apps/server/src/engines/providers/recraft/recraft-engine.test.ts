import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRecraft, startFakeRecraft } from '../../../../test/fakes/fake-recraft.ts';
import { engineInput, solidImage } from '../../../../test/support/engine-inputs.ts';
import type { Engine } from '../../engine.ts';
import { EngineError } from '../../engine.ts';
import { RecraftClient } from './recraft-client.ts';
import { RecraftEngine } from './recraft-engine.ts';

const KEY = 'rk-unit-key';

describe('RecraftEngine against the Recraft stand-in', () => {
  let fake: FakeRecraft;
  let engine: RecraftEngine;
  const local: Engine = { id: 'local', kind: 'local', supports: () => true, run: async () => [{ url: 'local:' }] };
  const stages: [number, string | undefined][] = [];
  const context = { onProgress: (p: number, s?: string) => stages.push([p, s]), signal: new AbortController().signal };
  const lastRequest = () => fake.requests.at(-1)!;

  beforeAll(async () => {
    fake = await startFakeRecraft(KEY);
    engine = new RecraftEngine({ apiKey: KEY, baseUrl: fake.baseUrl }, local);
  });
  afterAll(() => fake?.close());

  it('serves every server-side tool, not the browser-only background removal', () => {
    expect(engine.supports('image-generation')).toBe(true);
    expect(engine.supports('background-removal')).toBe(false);
  });

  it('turns the vector spec into a vector_illustration request with prompt words and controls', async () => {
    stages.length = 0;
    const out = await engine.run(
      engineInput('vector-generation', { prompt: 'a fox', style: 'line_art', colors: 'pastel' }),
      context,
    );
    expect(out).toHaveLength(1);
    expect(lastRequest().fields).toMatchObject({
      style: 'vector_illustration',
      substyle: 'line_art',
      model: 'recraftv3',
      controls: { colors: expect.any(Array) },
    });
    expect(lastRequest().fields.prompt).toMatch(/^a fox, line art, soft pastel colours/);
    expect(stages.map(([p]) => p)).toEqual([10, 50, 90]);
  });

  it('creates a style from the reference image, then generates with its style_id', async () => {
    await engine.run(
      engineInput('style-creation', { prompt: 'a cat', style: 'painting' }, { reference_image: await solidImage() }),
      context,
    );
    const [create, generate] = fake.requests.slice(-2);
    expect(create).toMatchObject({ path: '/v1/styles', fields: { style: 'digital_illustration' } });
    expect(create!.files.images).toBeDefined();
    expect(generate!.fields).toMatchObject({
      style_id: expect.any(String),
      prompt: 'a cat, painting, visible brush strokes',
    });
    expect(generate!.fields.style).toBeUndefined();
  });

  it('without a reference, generates with the base style mapped to a Recraft style', async () => {
    await engine.run(engineInput('style-creation', { prompt: 'a cat', style: 'photography' }), context);
    expect(lastRequest()).toMatchObject({ path: '/v1/images/generations', fields: { style: 'realistic_image' } });
  });

  it.each([
    ['image-to-image', { prompt: 'snowy', strength: 0.3, n: 2 }, '/v1/images/imageToImage', 2],
    ['replace-background', { prompt: 'a beach' }, '/v1/images/replaceBackground', 1],
    ['ai-photo-editor', { editType: 'custom', prompt: 'make it autumn' }, '/v1/images/imageToImage', 1],
    ['vectorization', {}, '/v1/images/vectorize', 1],
    ['ai-eraser', {}, '/v1/images/removeBackground', 1],
    ['image-upscale', { upscaleType: 'crisp' }, '/v1/images/crispUpscale', 1],
    ['image-upscale', { upscaleType: 'creative' }, '/v1/images/creativeUpscale', 1],
  ] as const)('%s %o → multipart %s', async (tool, options, path, count) => {
    const out = await engine.run(engineInput(tool, options, { image: await solidImage() }), context);
    expect(out).toHaveLength(count);
    expect(lastRequest().path).toBe(path);
    expect(lastRequest().contentType).toMatch(/^multipart\/form-data/);
    expect(lastRequest().files.image).toBeDefined();
  });

  it('leaves the photo editor presets to the local engine', async () => {
    expect(
      await engine.run(
        engineInput('ai-photo-editor', { editType: 'brighten' }, { image: await solidImage() }),
        context,
      ),
    ).toEqual([{ url: 'local:' }]);
  });

  it('maps a refused request to PROVIDER_INVALID_INPUT with the provider detail', async () => {
    const client = new RecraftClient({ apiKey: KEY, baseUrl: fake.baseUrl });
    const error = await client
      .postJson('/images/generations', { prompt: 'x', size: 'huge' }, { timeoutMs: 5000, signal: context.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({
      code: 'PROVIDER_INVALID_INPUT',
      message: 'The AI provider refused the request: invalid size huge',
    });
  });

  it('gives up a call that takes too long with PROVIDER_TIMEOUT', async () => {
    const client = new RecraftClient({ apiKey: KEY, baseUrl: fake.baseUrl });
    const call = client.postJson(
      '/images/generations',
      { prompt: 'x', size: '2048x2048', n: 6 },
      { timeoutMs: 1, signal: context.signal },
    );
    await expect(call).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });
});
