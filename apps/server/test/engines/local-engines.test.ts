import { IMAGE_MESSAGES, LOCAL_ENGINE_ID, type Run } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { runForm } from '../support/images.ts';
import { type PhotoName, photoBytes } from '../support/photos.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { runToEnd } from '../support/tool-runs.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

/** Model runs take seconds (tens on a busy 2-core machine): wait longer than for the demo. */
const RUN_DEADLINE_MS = 120_000;

const runTool = (rt: TestRuntime, user: TestUser, tool: string, form: FormData) =>
  runToEnd(rt, user, tool, form, { deadlineMs: RUN_DEADLINE_MS });

/** The stored output, fetched the way the page does. */
async function fetchOutput(rt: TestRuntime, user: TestUser, run: Run): Promise<Buffer> {
  const res = await rt.request(run.outputs[0]!.url, as(user));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const mask = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([{ input: { create: { width: 30, height: 30, channels: 3, background: '#fff' } }, left: 100, top: 100 }])
    .png()
    .toBuffer();

// One database kind: these runs exercise the engines, not the database (runs.test.ts does).
describe('local engines through POST /api/tools/{tool}/runs', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime('pglite', { RUN_SWEEP_INTERVAL_SECONDS: '3600' });
  });
  afterAll(async () => {
    await rt?.close();
  });

  interface Case {
    tool: string;
    photo: PhotoName;
    /** Downscale the photo to this square first (keeps the slowest model run short). */
    side?: number;
    fields?: Record<string, string>;
    check: (out: Buffer) => Promise<void>;
  }
  const cases: Case[] = [
    {
      tool: 'ai-photo-editor',
      photo: 'coffee.jpg',
      fields: { editType: 'enhance', strength: '0.7' },
      check: async (out) => expect(await sharp(out).metadata()).toMatchObject({ width: 480, height: 320 }),
    },
    {
      tool: 'vectorization',
      photo: 'logo.png',
      check: async (out) => {
        expect(out.toString()).toContain('<path ');
        expect(out.toString()).not.toMatch(/<script|\son\w+=/i);
      },
    },
    {
      tool: 'image-upscale',
      photo: 'astronaut.jpg',
      side: 128,
      fields: { upscaleType: 'crisp' },
      check: async (out) => expect(await sharp(out).metadata()).toMatchObject({ width: 256, height: 256 }),
    },
    {
      tool: 'inpainting',
      photo: 'coffee.jpg',
      fields: {}, // no prompt: the local fill uses none, so none is asked for
      check: async (out) => expect(await sharp(out).metadata()).toMatchObject({ width: 480, height: 320 }),
    },
    {
      tool: 'ai-eraser',
      photo: 'chelsea.jpg',
      check: async (out) => expect(await sharp(out).metadata()).toMatchObject({ format: 'png', hasAlpha: true }),
    },
    {
      tool: 'replace-background',
      photo: 'chelsea.jpg',
      fields: { background: 'gradient', color: '#ffffff', color2: '#000000' },
      check: async (out) => expect(await sharp(out).metadata()).toMatchObject({ width: 451, height: 300 }),
    },
  ];

  it('refuses a WebP for the photo editor (PNG and JPG only) before charging', async () => {
    const user = await signUpTestUser(rt);
    const before = await getCreditBalance(rt.database.db, user.userId);
    const webp = await sharp(photoBytes('coffee.jpg')).webp().toBuffer();
    const form = runForm({ editType: 'enhance' }, { image: webp });
    const res = await rt.request('/api/tools/ai-photo-editor/runs', as(user, { method: 'POST', body: form }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(IMAGE_MESSAGES.pngOrJpgOnly);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before);
  });

  it.each(cases)('$tool runs on the local engine for 1 credit and stores its output', async (c) => {
    const user = await signUpTestUser(rt);
    const before = await getCreditBalance(rt.database.db, user.userId);
    const image = c.side
      ? await sharp(photoBytes(c.photo)).resize(c.side, c.side).jpeg().toBuffer()
      : photoBytes(c.photo);
    const files: Record<string, Buffer> = { image };
    if (c.tool === 'inpainting') files.mask = await mask(480, 320);
    const run = await runTool(rt, user, c.tool, runForm(c.fields ?? {}, files));
    expect(run).toMatchObject({ status: 'succeeded', engine: LOCAL_ENGINE_ID, credits: 1, refunded: false });
    expect(run.outputs).toHaveLength(1);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(before - 1);
    await c.check(await fetchOutput(rt, user, run));
  });
});
