import { LOCAL_ENGINE_ID, type ToolListResponse } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { type FakeRecraft, startFakeRecraft } from '../fakes/fake-recraft.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { itHandlesProviderFailures } from '../support/provider-failure-tests.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { LOCAL_MODEL_RUN_DEADLINE_MS, runToEnd } from '../support/tool-runs.ts';
import { as, signUpTestUser } from '../support/users.ts';

const SIGN_UP_CREDITS = 30;

/** A brush-stroke mask as a page sends it: anti-aliased grey edges, not the image's size. */
async function softMask(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * width + x] = Math.round((x / width) * 255);
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

describeOnEachDatabase('Recraft provider', (kind) => {
  let fake: FakeRecraft;
  let rt: TestRuntime;
  beforeAll(async () => {
    fake = await startFakeRecraft('rk-secret-123');
    rt = await createTestRuntime(kind, {
      RUN_SWEEP_INTERVAL_SECONDS: '3600',
      RECRAFT_API_KEY: 'rk-secret-123',
      RECRAFT_API_BASE: fake.baseUrl,
    });
  });
  afterEach(() => {
    fake.apiKey = 'rk-secret-123';
    fake.failNext(0, 500);
  });
  afterAll(async () => {
    await rt?.close();
    await fake?.close();
  });

  it('serves the server-side tools', async () => {
    const { tools } = (await (await rt.request('/api/tools')).json()) as ToolListResponse;
    const engines = Object.fromEntries(tools.map((t) => [t.id, t.engine]));
    expect(engines['image-generation']).toEqual({ id: 'recraft', kind: 'provider' });
    expect(engines.inpainting).toEqual({ id: 'recraft', kind: 'provider' });
    expect(engines['background-removal']).toEqual({ id: 'browser', kind: 'client' });
    // Recraft takes every option the pages offer.
    expect(tools.flatMap((t) => t.ignoredOptions)).toEqual([]);
  });

  it('generates two images for 2 credits and keeps them after the links expire', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'image-generation', { prompt: 'a lighthouse', n: 2, size: '1365x1024' });
    expect(run).toMatchObject({ status: 'succeeded', credits: 2, engine: 'recraft' });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS - 2);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v1/images/generations', contentType: 'application/json' });
    expect(sent.fields).toMatchObject({ prompt: 'a lighthouse', n: 2, size: '1365x1024', model: 'recraftv3' });

    const links = fake.resultUrls.slice(-2);
    for (const link of links) expect((await fetch(link)).status).toBe(404);
    expect(run.outputs).toHaveLength(2);
    for (const output of run.outputs) {
      expect(output.url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/files\/runs\//);
      expect(output).toMatchObject({ mediaType: 'image/png', width: 1365, height: 1024 });
      expect((await rt.request(output.url, as(user))).status).toBe(200);
    }
  });

  itHandlesProviderFailures(() => ({ rt, fake, key: 'rk-secret-123' }));

  it('replaces a background from a prompt on Recraft, and onto a colour on the local engine', async () => {
    const user = await signUpTestUser(rt);
    const image = await pngImage(200, 150);
    const prompted = await runToEnd(rt, user, 'replace-background', runForm({ prompt: 'a beach' }, { image }));
    expect(prompted).toMatchObject({ status: 'succeeded', engine: 'recraft', credits: 1 });
    expect(fake.requests.at(-1)!.path).toBe('/v1/images/replaceBackground');
    const sent = fake.requests.length;
    const colour = await runToEnd(
      rt,
      user,
      'replace-background',
      runForm({ background: 'color', color: '#ffffff' }, { image }),
      { deadlineMs: LOCAL_MODEL_RUN_DEADLINE_MS },
    );
    // A colour needs no generative model: made (and recorded) on the local engine, Recraft not asked.
    expect(colour).toMatchObject({ status: 'succeeded', engine: LOCAL_ENGINE_ID, credits: 1 });
    expect(fake.requests).toHaveLength(sent);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(SIGN_UP_CREDITS - 2);
  }, 240_000);

  it('sends inpainting a strictly binary mask of the image size', async () => {
    const user = await signUpTestUser(rt);
    const form = runForm(
      { prompt: 'a red balloon' },
      { image: await pngImage(200, 150), mask: await softMask(100, 80) },
    );
    const run = await runToEnd(rt, user, 'inpainting', form);
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/images/inpaint');
    expect(sent.contentType).toMatch(/^multipart\/form-data/);
    expect(await sharp(sent.files.mask!).metadata()).toMatchObject({ width: 200, height: 150, channels: 1 });
    const data = await sharp(sent.files.mask!).toColourspace('b-w').raw().toBuffer();
    expect(new Set(data)).toEqual(new Set([0, 255]));
  });

  it('stores vectorize results as sanitized SVG', async () => {
    const user = await signUpTestUser(rt);
    const run = await runToEnd(rt, user, 'vectorization', runForm({}, { image: await pngImage(120, 90) }));
    expect(run.status).toBe('succeeded');
    expect(run.outputs[0]).toMatchObject({ mediaType: 'image/svg+xml', width: 120, height: 90 });
    const svg = await (await rt.request(run.outputs[0]!.url, as(user))).text();
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/<script|onclick/i);
  });
});
