import fs from 'node:fs';
import path from 'node:path';
import { type ArtworkListResponse, type ArtworkResponse, BROWSER_REFUNDS_PER_DAY, type Run } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { runs, securityEvents } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { startToolRun } from '../support/tool-runs.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

/** A cut-out as the browser makes it: an RGBA PNG with a transparent border. */
function cutOut(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: {
          create: { width: width >> 1, height: height >> 1, channels: 4, background: '#cc3344' },
        },
        gravity: 'center',
      },
    ])
    .png()
    .toBuffer();
}

const form = (data: Buffer, field = 'image') => {
  const body = new FormData();
  body.set(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'cut-out.png');
  return body;
};

describeOnEachDatabase('background removal runs done in the browser', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' });
  });
  afterAll(() => rt?.close());

  const record = (user: TestUser, size: { width: number; height: number } | object = { width: 200, height: 150 }) =>
    startToolRun(rt, user, 'background-removal', { clientSide: true, ...size });
  const upload = (user: TestUser, runId: string, body: FormData) =>
    rt.request(`/api/tools/background-removal/runs/${runId}/result`, as(user, { method: 'POST', body }));
  const fail = (user: TestUser, runId: string, body?: object) =>
    rt.request(
      `/api/tools/background-removal/runs/${runId}/fail`,
      as(user, {
        method: 'POST',
        ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      }),
    );
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
  const stored = async (runId: string) => {
    const [row] = await rt.database.db.select().from(runs).where(eq(runs.id, runId));
    return row!;
  };
  /** Files kept for one run in the local DATA_DIR. */
  const runFiles = (user: TestUser, runId: string) => {
    const dir = path.join(rt.dataDir, 'files', 'runs', user.userId, runId);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('stores the uploaded cut-out as the run output, once, and saves it to the gallery', async () => {
    const user = await signUpTestUser(rt);
    const other = await signUpTestUser(rt);
    const run = await record(user);
    expect(run).toMatchObject({
      status: 'succeeded',
      clientSide: true,
      outputs: [],
      options: { width: 200, height: 150 },
    });
    const png = await cutOut(200, 150);

    // Someone else's run does not exist for them.
    expect((await upload(other, run.id, form(png))).status).toBe(404);

    const res = await upload(user, run.id, form(png));
    expect(res.status).toBe(200);
    const { run: withResult } = (await res.json()) as { run: Run };
    expect(withResult.outputs).toEqual([
      { url: expect.stringMatching(/\/api\/v1\/files\/runs\//), mediaType: 'image/png', width: 200, height: 150 },
    ]);
    // An absolute URL on PUBLIC_URL: its path is what this in-process app answers.
    const { origin, pathname } = new URL(withResult.outputs[0]!.url);
    expect(origin).toBe(rt.config.publicUrl);
    const file = await rt.request(pathname, as(user));
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    expect((await rt.request(pathname, as(other))).status).toBe(404);
    // Charged once, when the run was recorded; the upload costs nothing.
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);

    // A second upload is refused and leaves the first in place.
    const again = await upload(user, run.id, form(await cutOut(200, 150)));
    expect(again.status).toBe(409);
    expect((await stored(run.id)).outputs).toHaveLength(1);
    expect(runFiles(user, run.id)).toHaveLength(1);

    // The gallery's usual save path takes it from here.
    const save = await rt.request(
      '/api/artworks',
      as(user, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          runId: run.id,
          outputIndex: 0,
          prompt: '',
          toolType: 'background-removal',
          isPublic: false,
        }),
      }),
    );
    expect(save.status).toBe(201);
    const { artwork } = (await save.json()) as ArtworkResponse;
    expect(artwork).toMatchObject({ toolType: 'background-removal', width: 200, height: 150, isPublic: false });
    const mine = (await (await rt.request('/api/me/artworks', as(user))).json()) as ArtworkListResponse;
    expect(mine.artworks.map((a) => a.id)).toEqual([artwork.id]);
  });

  it('accepts a result of any allowed size when the run recorded none', async () => {
    const user = await signUpTestUser(rt);
    const run = await record(user, {});
    const res = await upload(user, run.id, form(await cutOut(321, 123)));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { run: Run }).run.outputs[0]).toMatchObject({ width: 321, height: 123 });
  });

  it('refuses anything but a real PNG of the recorded size, storing nothing', async () => {
    const user = await signUpTestUser(rt);
    const run = await record(user);
    const png = await cutOut(200, 150);
    const cases: [string, FormData, number, string][] = [
      ['a JPEG', form(await sharp(png).flatten().jpeg().toBuffer()), 400, 'INVALID_IMAGE'],
      ['a WebP', form(await sharp(png).webp().toBuffer()), 400, 'INVALID_IMAGE'],
      ['text', form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), 400, 'INVALID_IMAGE'],
      [
        'a PNG signature and noise',
        form(Buffer.concat([png.subarray(0, 8), Buffer.alloc(500, 7)])),
        400,
        'INVALID_IMAGE',
      ],
      ['a truncated PNG', form(png.subarray(0, Math.floor(png.length * 0.6))), 400, 'INVALID_IMAGE'],
      ['another size', form(await cutOut(150, 200)), 400, 'VALIDATION_ERROR'],
      ['a side over 4096 px', form(await cutOut(4100, 64)), 400, 'IMAGE_TOO_LARGE'],
      ['a side under 64 px', form(await cutOut(200, 32)), 400, 'IMAGE_TOO_SMALL'],
      ['over 10 MB', form(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)])), 413, 'PAYLOAD_TOO_LARGE'],
      ['no image field', form(png, 'file'), 400, 'VALIDATION_ERROR'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await upload(user, run.id, body);
      expect(res.status, what).toBe(status);
      expect((await errorOf(res)).code, what).toBe(code);
    }
    expect((await stored(run.id)).outputs).toEqual([]);
    expect(runFiles(user, run.id)).toEqual([]);
    // The run can still take its real result afterwards.
    expect((await upload(user, run.id, form(png))).status).toBe(200);
  });

  it('takes a result only for a browser background removal', async () => {
    const user = await signUpTestUser(rt);
    const generation = await startToolRun(rt, user, 'image-generation', { prompt: 'a lighthouse' });
    const res = await upload(user, generation.id, form(await cutOut(200, 150)));
    expect(res.status).toBe(409);
    expect(
      (await rt.request('/api/tools/background-removal/runs/not-a-uuid/result', as(user, { method: 'POST' }))).status,
    ).toBe(400);
    expect((await fail(user, generation.id)).status).toBe(409);
    const doc = (await (await rt.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const p of ['/tools/background-removal/runs/{id}/result', '/tools/background-removal/runs/{id}/fail']) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });

  it('refunds a browser run reported failed: once, only without a result, only while recent', async () => {
    const user = await signUpTestUser(rt);
    const run = await record(user);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);

    const res = await fail(user, run.id, { reason: 'Failed to create session: out of memory' });
    expect(res.status).toBe(200);
    const { run: failed } = (await res.json()) as { run: Run };
    expect(failed).toMatchObject({ status: 'failed', refunded: true, progress: 0, outputs: [] });
    expect(failed.error?.message).toContain('out of memory');
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);

    // Reported again (a retry): the same answer, no second refund; and no result can follow.
    const again = await fail(user, run.id);
    expect(again.status).toBe(200);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
    expect((await upload(user, run.id, form(await cutOut(200, 150)))).status).toBe(409);

    // A run whose result was uploaded did not fail.
    const saved = await record(user);
    expect((await upload(user, saved.id, form(await cutOut(200, 150)))).status).toBe(200);
    expect((await fail(user, saved.id)).status).toBe(409);

    // Too late: the run was recorded longer ago than the window.
    const old = await record(user);
    await rt.database.db.update(runs).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(runs.id, old.id));
    const late = await fail(user, old.id);
    expect(late.status).toBe(409);
    expect((await stored(old.id)).status).toBe('succeeded');
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(28);

    const other = await signUpTestUser(rt);
    expect((await fail(other, saved.id)).status).toBe(404);
  });

  it(`refunds at most ${BROWSER_REFUNDS_PER_DAY} browser runs a day, then records a security event`, async () => {
    const user = await signUpTestUser(rt);
    for (let i = 0; i < BROWSER_REFUNDS_PER_DAY - 1; i++) {
      const run = await record(user);
      expect(((await (await fail(user, run.id)).json()) as { run: Run }).run.refunded).toBe(true);
    }
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
    // One refund left and two failures reported at once: exactly one of them is refunded.
    const [a, b] = [await record(user), await record(user)];
    const answers = await Promise.all([fail(user, a.id), fail(user, b.id)]);
    const refunded: boolean[] = [];
    for (const res of answers) {
      expect(res.status).toBe(200);
      const { run } = (await res.json()) as { run: Run };
      expect(run.status).toBe('failed');
      refunded.push(run.refunded);
    }
    expect(refunded.sort()).toEqual([false, true]);
    // Over the limit: failed, not refunded.
    const c = await record(user);
    expect(((await (await fail(user, c.id)).json()) as { run: Run }).run.refunded).toBe(false);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(28);
    const events = await rt.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.userId), eq(securityEvents.eventType, 'suspicious_activity')));
    expect(events).toHaveLength(2);
    expect(events[0]!.details).toMatchObject({ action: 'browser_run_failure_over_limit' });
  });
});
