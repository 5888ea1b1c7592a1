import { IMAGE_MESSAGES, LOCAL_ENGINE_ID, type Run } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { runForm } from '../support/images.ts';
import { photoBytes } from '../support/photos.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { LOCAL_MODEL_RUN_DEADLINE_MS, requestToolRun, runToEnd } from '../support/tool-runs.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

/** The astronaut portrait (384 × 384): her face is the subject, the top corners are backdrop. */
const SUBJECT_BOX = { left: 140, top: 50, width: 50, height: 50 };
const BACKDROP_POINTS = [
  [4, 4],
  [379, 4],
] as const;

async function rawPixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)],
  };
}

/** Mean absolute difference per channel value inside a box of two same-sized images. */
async function boxDifference(a: Buffer, b: Buffer, box: typeof SUBJECT_BOX): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().extract(box).raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

const near = (actual: number[], expected: number[], tolerance = 3) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);

describeOnEachDatabase('replace background on the local engine', (kind) => {
  let rt: TestRuntime;
  let user: TestUser;
  const source = photoBytes('astronaut.jpg');
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' });
    user = await signUpTestUser(rt);
  });
  afterAll(async () => {
    await rt?.close();
  });

  /** Runs to the end, checks it ran (and was charged once) as local, and returns its output. */
  async function replace(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
    const before = await getCreditBalance(rt.database.db, user.userId);
    const run: Run = await runToEnd(rt, user, 'replace-background', runForm(fields, { image: source, ...files }), {
      deadlineMs: LOCAL_MODEL_RUN_DEADLINE_MS,
    });
    expect(run).toMatchObject({ status: 'succeeded', engine: LOCAL_ENGINE_ID, credits: 1, refunded: false });
    expect(run.outputs).toHaveLength(1);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before - 1);
    const res = await rt.request(run.outputs[0]!.url, as(user));
    expect(res.status).toBe(200);
    const out = Buffer.from(await res.arrayBuffer());
    expect(await sharp(out).metadata()).toMatchObject({ width: 384, height: 384 });
    // The subject keeps the upload's pixels.
    expect(await boxDifference(out, source, SUBJECT_BOX)).toBeLessThan(2);
    return out;
  }

  it('puts the subject on a solid colour', async () => {
    const out = await rawPixels(await replace({ background: 'color', color: '#2050e0' }));
    for (const [x, y] of BACKDROP_POINTS) expect(out.at(x, y), `${x},${y}`).toEqual([0x20, 0x50, 0xe0]);
  }, 240_000);

  it('puts the subject on a blur of the original', async () => {
    const out = await rawPixels(await replace({ background: 'blur', blur: '30', shadow: 'false' }));
    const blurred = await rawPixels(
      await sharp(source)
        .blur((30 * 384) / 1000)
        .png()
        .toBuffer(),
    );
    for (const [x, y] of BACKDROP_POINTS) expect(near(out.at(x, y), blurred.at(x, y)), `${x},${y}`).toBe(true);
  }, 240_000);

  it('puts the subject on an uploaded background, cover-fitted to the photo', async () => {
    // Twice as wide as high: covering the square photo keeps its middle half, the green band.
    const background = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .composite([
        { input: { create: { width: 200, height: 200, channels: 3, background: '#00c000' } }, left: 100, top: 0 },
      ])
      .png()
      .toBuffer();
    const out = await rawPixels(await replace({ background: 'image' }, { background_image: background }));
    for (const [x, y] of BACKDROP_POINTS) expect(near(out.at(x, y), [0, 0xc0, 0]), `${x},${y}`).toBe(true);
  }, 240_000);

  it.each([
    ['not an image', Buffer.from('just some text, not a picture'), IMAGE_MESSAGES.invalid],
    ['too large', null, IMAGE_MESSAGES.tooLargeSide],
  ])('refuses a background upload that is %s with 400, charging nothing', async (_, bytes, message) => {
    const before = await getCreditBalance(rt.database.db, user.userId);
    const upload =
      bytes ??
      (await sharp({ create: { width: 4200, height: 64, channels: 3, background: '#123456' } })
        .png()
        .toBuffer());
    const form = runForm({ background: 'image' }, { image: source, background_image: upload });
    const res = await requestToolRun(rt, user, 'replace-background', form);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before);
  });

  it('asks for the background image when `image` is chosen without one, charging nothing', async () => {
    const before = await getCreditBalance(rt.database.db, user.userId);
    const res = await requestToolRun(
      rt,
      user,
      'replace-background',
      runForm({ background: 'image' }, { image: source }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Please select a background image',
    );
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before);
  });
});
