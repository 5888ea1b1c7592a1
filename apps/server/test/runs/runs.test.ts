import fs from 'node:fs';
import path from 'node:path';
import { type CreatedBatch, type Run, type RunListResponse, TOOL_IDS, type ToolListResponse } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeCredits, getCreditBalance } from '../../src/modules/credits/service.ts';
import { startRunPipeline } from '../../src/modules/runs/run-pipeline.ts';
import { runs } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { failingEngine, hangingEngine, linkingEngine, paintingEngine, slowEngine } from '../support/fake-engines.ts';
import { batchForm, pngImage, runForm } from '../support/images.ts';
import { ledgerAndBalance, runRecord } from '../support/run-records.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { getRun, LOCAL_MODEL_RUN_DEADLINE_MS, requestToolRun, startToolRun, waitForRun } from '../support/tool-runs.ts';
import { as, signUpTestUser, type TestUser, withPlan } from '../support/users.ts';

/** The files stored for a user's runs in a local DATA_DIR. */
function runFiles(rt: TestRuntime, user: TestUser): string[] {
  const root = path.join(rt.dataDir, 'files', 'runs', user.userId);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(root, f)).isFile(),
  );
}

/** The user's ledger rows other than the sign-up grant, oldest first. */
async function ledgerRows(rt: TestRuntime, user: TestUser) {
  const { rows } = await rt.database.query<{
    amount: number;
    reason: string;
    balance_after: number;
    reference: string;
  }>(
    `SELECT amount, reason, balance_after, reference FROM credit_ledger
      WHERE user_id = $1 AND reason <> 'signup' ORDER BY created_at, reference`,
    [user.userId],
  );
  return rows;
}

describeOnEachDatabase('run pipeline', (kind) => {
  let rt: TestRuntime;
  let linking: Awaited<ReturnType<typeof linkingEngine>>;
  beforeAll(async () => {
    linking = await linkingEngine('style-creation');
    rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      // Image generation on a fake provider, so its runs are charged; image-to-image stays on the demo engine.
      { engines: [failingEngine('vector-generation'), linking.engine, paintingEngine('image-generation')] },
    );
  });
  afterAll(async () => {
    await rt?.close();
    await linking?.close();
  });

  it('lists the eleven tools with the spec costs and the engine serving each', async () => {
    const res = await rt.request('/api/tools');
    expect(res.status).toBe(200);
    const { tools } = (await res.json()) as ToolListResponse;
    expect(tools.map((t) => t.id)).toEqual([...TOOL_IDS]);
    const costs = Object.fromEntries(tools.map((t) => [t.id, [t.credits, t.perImage]]));
    expect(costs).toEqual({
      'image-generation': [1, true],
      'vector-generation': [3, false],
      'style-creation': [2, false],
      'image-to-image': [1, true],
      inpainting: [1, false],
      'background-removal': [1, false],
      vectorization: [1, false],
      'image-upscale': [1, false],
      'ai-eraser': [1, false],
      'ai-photo-editor': [1, false],
      'replace-background': [1, true],
    });
    const engines = Object.fromEntries(tools.map((t) => [t.id, t.engine]));
    expect(engines['background-removal']).toEqual({ id: 'browser', kind: 'client' });
    expect(engines['image-generation']).toEqual({ id: 'painting', kind: 'provider' });
    expect(engines['image-to-image']).toEqual({ id: 'demo', kind: 'demo' });
    expect(engines['vector-generation']).toEqual({ id: 'failing', kind: 'provider' });
    expect(tools[0]!.options).toMatchObject({ type: 'object' });
    const doc = (await (await rt.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const p of ['/tools', '/tools/{tool}/runs', '/runs', '/runs/{id}', '/runs/{id}/events']) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });

  it('runs a generation on a provider: charged per image, progress over SSE, outputs for the owner only', async () => {
    const owner = await signUpTestUser(rt);
    const other = await signUpTestUser(rt);
    const res = await requestToolRun(rt, owner, 'image-generation', {
      prompt: 'a lighthouse at dusk',
      n: 2,
      size: '1365x1024',
    });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: Run };
    expect(run).toMatchObject({ tool: 'image-generation', credits: 2, engine: 'painting' });
    expect(await getCreditBalance(rt.database.db, owner.userId)).toBe(28);

    const events = await rt.request(`/api/runs/${run.id}/events`, as(owner));
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const text = await events.text(); // the stream ends with the end state
    expect(text).toContain('event: end');
    const end = JSON.parse(text.split('event: end\ndata: ')[1]!.split('\n')[0]!) as { run: Run };
    expect(end.run.status).toBe('succeeded');
    expect(end.run.progress).toBe(100);
    expect(end.run.outputs).toHaveLength(2);
    expect(end.run.outputs[0]).toMatchObject({ mediaType: 'image/png', width: 1365, height: 1024 });

    const url = end.run.outputs[0]!.url;
    // Absolute, on PUBLIC_URL, under the versioned API: a script fetches it as it is.
    expect(url.startsWith(`${rt.config.publicUrl}/api/v1/files/runs/`)).toBe(true);
    const file = await rt.request(url, as(owner));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await rt.request(url, as(other))).status).toBe(404);
    expect((await rt.request(url)).status).toBe(404);
    expect((await rt.request(`/api/runs/${run.id}`, as(other))).status).toBe(404);
    expect((await rt.request(`/api/runs/${run.id}/events`, as(other))).status).toBe(404);
    expect((await rt.request(`/api/runs/${run.id}`)).status).toBe(401);
    const list = (await (await rt.request('/api/runs', as(other))).json()) as RunListResponse;
    expect(list.runs).toHaveLength(0);
  });

  it('accepts exactly as many of 40 simultaneous runs as 30 credits pay for', async () => {
    const user = await signUpTestUser(rt);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => requestToolRun(rt, user, 'image-generation', { prompt: `race ${i}` })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    const refused = responses.find((r) => r.status === 402)!;
    expect(await refused.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS' } });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(0);
    const rows = await rt.database.db.select({ id: runs.id }).from(runs).where(eq(runs.userId, user.userId));
    expect(rows).toHaveLength(30);
  });

  it('runs on the demo engine for nothing: 0 credits, a 0-credit demo entry in the ledger, recorded as demo', async () => {
    // Pro: the creative upscale below is one of its advanced options.
    const user = await withPlan(rt, await signUpTestUser(rt));
    const form = runForm({ prompt: 'a fox in snow', n: '2', strength: '0.5' }, { image: await pngImage() });
    const run = await startToolRun(rt, user, 'image-to-image', form);
    expect(run).toMatchObject({ tool: 'image-to-image', credits: 0, engine: 'demo' });
    const done = await waitForRun(rt, user, run.id);
    expect(done.status).toBe('succeeded');
    expect(done.outputs).toHaveLength(2);
    // The local engine hands a creative upscale (no offline model makes one) to the demo engine.
    const creative = await startToolRun(
      rt,
      user,
      'image-upscale',
      runForm({ upscaleType: 'creative' }, { image: await pngImage() }),
    );
    expect(creative).toMatchObject({ credits: 0, engine: 'demo' });
    expect((await waitForRun(rt, user, creative.id)).status).toBe('succeeded');
    expect(await ledgerRows(rt, user)).toEqual([
      { amount: 0, reason: 'demo', balance_after: 30, reference: run.id },
      { amount: 0, reason: 'demo', balance_after: 30, reference: creative.id },
    ]);
    expect(await ledgerAndBalance(rt.database, user.userId)).toEqual({ ledger: 30, balance: 30 });
  });

  it('runs a batch on the demo engine for nothing, each run with its 0-credit demo entry', async () => {
    // Batches are a feature of Pro and up.
    const user = await withPlan(rt, await signUpTestUser(rt));
    const res = await rt.request(
      '/api/tools/image-upscale/batches',
      as(user, { method: 'POST', body: await batchForm(['a.png', 'b.png', 'c.png'], { upscaleType: 'creative' }) }),
    );
    expect(res.status).toBe(202);
    const { batch } = (await res.json()) as { batch: CreatedBatch };
    expect(batch.runIds).toHaveLength(3);
    const rows = await ledgerRows(rt, user);
    expect(rows.map((r) => [r.amount, r.reason, r.balance_after])).toEqual([
      [0, 'demo', 30],
      [0, 'demo', 30],
      [0, 'demo', 30],
    ]);
    expect(new Set(rows.map((r) => r.reference))).toEqual(new Set(batch.runIds));
    for (const id of batch.runIds) expect(await getRun(rt, user, id)).toMatchObject({ credits: 0, engine: 'demo' });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
  });

  it('refuses over-size, non-image, too small and invalid uploads before charging, leaving no file or row', async () => {
    const user = await signUpTestUser(rt);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(11 * 1024 * 1024)]);
    const tooBig = await requestToolRun(rt, user, 'image-upscale', runForm({}, { image: big }));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });

    const hugeBody = await requestToolRun(
      rt,
      user,
      'image-upscale',
      runForm({}, { image: Buffer.alloc(25 * 1024 * 1024) }),
    );
    expect(hugeBody.status).toBe(413);

    const notImage = await requestToolRun(
      rt,
      user,
      'image-upscale',
      runForm({}, { image: Buffer.from('%PDF-1.7 not an image') }),
    );
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ error: { code: 'INVALID_IMAGE', message: 'Invalid image format' } });

    const tiny = await requestToolRun(rt, user, 'image-upscale', runForm({}, { image: await pngImage(32, 32) }));
    expect(await tiny.json()).toMatchObject({ error: { code: 'IMAGE_TOO_SMALL' } });

    const noPrompt = await requestToolRun(
      rt,
      user,
      'inpainting',
      runForm({ prompt: '  ' }, { image: await pngImage() }),
    );
    expect(noPrompt.status).toBe(400);
    const badOption = await requestToolRun(rt, user, 'image-generation', { prompt: 'x', n: 7 });
    expect(await badOption.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { n: expect.any(String) } },
    });

    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
    expect(await rt.database.db.select().from(runs).where(eq(runs.userId, user.userId))).toHaveLength(0);
    expect(runFiles(rt, user)).toEqual([]);
  });

  it('stores inputs only for accepted runs: a refused charge removes them again', async () => {
    const user = await signUpTestUser(rt);
    const image = await pngImage();
    await chargeCredits(rt.database.db, { userId: user.userId, amount: 30, reason: 'run', idempotencyKey: 'drain' });
    const res = await requestToolRun(rt, user, 'image-upscale', runForm({ upscaleType: 'crisp' }, { image }));
    expect(res.status).toBe(402);
    expect(runFiles(rt, user)).toEqual([]);
  });

  it('runs an image tool from a multipart upload and keeps the input', async () => {
    const user = await signUpTestUser(rt);
    const form = runForm({ upscaleType: 'crisp' }, { image: await pngImage(120, 90) });
    const res = await requestToolRun(rt, user, 'image-upscale', form);
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: Run };
    // A run on the local engine is charged, as a provider's is.
    expect(run).toMatchObject({ credits: 1, engine: 'local' });
    expect(await ledgerRows(rt, user)).toEqual([{ amount: -1, reason: 'run', balance_after: 29, reference: run.id }]);
    const done = await waitForRun(rt, user, run.id, { deadlineMs: LOCAL_MODEL_RUN_DEADLINE_MS });
    expect(done.status).toBe('succeeded');
    expect(done.outputs[0]).toMatchObject({ width: 240, height: 180 });
  });

  it('marks a run whose engine fails as failed and refunds it', async () => {
    const user = await signUpTestUser(rt);
    const res = await requestToolRun(rt, user, 'vector-generation', { prompt: 'a fox logo' });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: Run };
    // The inline worker may fail and refund the run before this line reads anything, so the
    // charge is checked in the ledger, not as a balance of the moment.
    expect(run.credits).toBe(3);
    const done = await waitForRun(rt, user, run.id);
    expect(done).toMatchObject({
      status: 'failed',
      progress: 0,
      refunded: true,
      error: { code: 'PROVIDER_UNAVAILABLE' },
      outputs: [],
    });
    const ledger = await rt.database.query<{ amount: number; reason: string }>(
      `SELECT amount, reason FROM credit_ledger WHERE user_id = $1 AND reason <> 'signup' ORDER BY created_at, amount`,
      [user.userId],
    );
    expect(ledger.rows).toEqual([
      { amount: -3, reason: 'run' },
      { amount: 3, reason: 'refund' },
    ]);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
  });

  it("keeps serving an output after the provider's link has expired", async () => {
    const user = await signUpTestUser(rt);
    const res = await requestToolRun(rt, user, 'style-creation', { prompt: 'watercolour', style: 'painting' });
    const { run } = (await res.json()) as { run: Run };
    const done = await waitForRun(rt, user, run.id);
    expect(done.status).toBe('succeeded');
    linking.expire();
    expect((await fetch(linking.url)).status).toBe(404);
    expect(done.outputs[0]!.url).not.toContain('127.0.0.1');
    const file = await rt.request(done.outputs[0]!.url, as(user));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(linking.image)).toBe(true);
  });

  it('records a background removal done in the browser: charged, succeeded, nothing uploaded', async () => {
    const user = await signUpTestUser(rt);
    const res = await requestToolRun(rt, user, 'background-removal', { clientSide: true });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: Run };
    expect(run).toMatchObject({ status: 'succeeded', clientSide: true, engine: 'browser', credits: 1, outputs: [] });
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);
    // The image stays in the browser: a multipart upload is not a body this tool takes.
    const upload = await requestToolRun(rt, user, 'background-removal', runForm({}, { image: await pngImage() }));
    expect(upload.status).toBe(415);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);
  });

  it("lists the caller's runs newest first with a cursor", async () => {
    const user = await signUpTestUser(rt);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await requestToolRun(rt, user, 'background-removal', { clientSide: true });
      ids.push(((await res.json()) as { run: Run }).run.id);
    }
    const first = (await (await rt.request('/api/runs?limit=3', as(user))).json()) as RunListResponse;
    expect(first.runs.map((r) => r.id)).toEqual(ids.slice(2).reverse());
    expect(first.nextCursor).toBeTruthy();
    const second = (await (
      await rt.request(`/api/runs?limit=3&cursor=${first.nextCursor}`, as(user))
    ).json()) as RunListResponse;
    expect(second.runs.map((r) => r.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.nextCursor).toBeNull();
  });
});

describeOnEachDatabase('a worker that dies mid-run', (kind) => {
  it('loses no credit: the sweeper fails and refunds the run once its lease runs out', async () => {
    const hanging = hangingEngine('image-generation');
    const rt = await createTestRuntime(
      kind,
      { RUN_LEASE_SECONDS: '0.5', RUN_MAX_ATTEMPTS: '1', RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      { engines: [hanging] },
    );
    try {
      const user = await signUpTestUser(rt);
      const res = await requestToolRun(rt, user, 'image-generation', { prompt: 'never finishes', n: 3 });
      const { run } = (await res.json()) as { run: Run };
      await hanging.started;
      await waitForRun(rt, user, run.id, { until: (r) => r.status === 'running' });
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(27);

      await rt.runs.worker!.kill();
      expect(await rt.runs.sweep()).toMatchObject({ failed: 0 }); // the lease still holds
      // Once the half-second lease has passed, a sweep fails the run (and gives the credits back).
      await expect.poll(() => rt.runs.sweep()).toMatchObject({ failed: 1 });

      const done = await getRun(rt, user, run.id);
      expect(done).toMatchObject({ status: 'failed', refunded: true, error: { code: 'INTERNAL' } });
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
      expect(await rt.runs.sweep()).toMatchObject({ failed: 0 }); // refunded once only
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);
    } finally {
      await rt.close();
    }
  });

  it('retries a run whose worker died while it has attempts left', async () => {
    const hanging = hangingEngine('image-generation');
    const rt = await createTestRuntime(
      kind,
      { RUN_LEASE_SECONDS: '0.5', RUN_MAX_ATTEMPTS: '2', RUN_SWEEP_INTERVAL_SECONDS: '3600', WORKER: 'off' },
      { engines: [hanging] },
    );
    try {
      const user = await signUpTestUser(rt);
      const res = await requestToolRun(rt, user, 'image-generation', { prompt: 'second time lucky' });
      const { run } = (await res.json()) as { run: Run };
      // A worker takes the run and dies without a word.
      const { RunWorker } = await import('../../src/modules/runs/run-worker.ts');
      const doomed = new RunWorker({
        db: rt.database.db,
        storage: rt.storage,
        queue: rt.runs.queue,
        engines: rt.runs.engines,
        logger: rt.logger,
        publicUrl: rt.config.publicUrl,
        concurrency: 1,
        leaseMs: 500,
      });
      void doomed.process(run.id);
      await hanging.started;
      await doomed.kill();
      // Once the half-second lease has passed, a sweep hands the run to the queue again.
      await expect.poll(() => rt.runs.sweep()).toMatchObject({ retried: 1, failed: 0 });
      expect((await getRun(rt, user, run.id)).status).toBe('queued');
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);
    } finally {
      await rt.close();
    }
  });
});

describeOnEachDatabase('a process that stops mid-run', (kind) => {
  it('lets a run that ends within the grace period finish', async () => {
    const rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      {
        engines: [slowEngine('image-generation', { delayMs: 300 })],
      },
    );
    try {
      const user = await signUpTestUser(rt);
      const res = await requestToolRun(rt, user, 'image-generation', { prompt: 'just in time' });
      const { run } = (await res.json()) as { run: Run };
      await waitForRun(rt, user, run.id, { until: (r) => r.status === 'running' });
      await rt.runs.drain(Date.now() + 30_000);
      expect(await getRun(rt, user, run.id)).toMatchObject({ status: 'succeeded', refunded: false });
      expect(await runRecord(rt.database, run.id)).toMatchObject({ attempts: 1, waitingJobs: 0 });
    } finally {
      await rt.close();
    }
  });

  it('hands a run still going at the deadline back to the queue, and the next process runs it at once', async () => {
    const hanging = hangingEngine('image-generation');
    const rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' }, { engines: [hanging] });
    try {
      const user = await signUpTestUser(rt);
      const res = await requestToolRun(rt, user, 'image-generation', { prompt: 'interrupted' });
      const { run } = (await res.json()) as { run: Run };
      await hanging.started;
      await waitForRun(rt, user, run.id, { until: (r) => r.status === 'running' });

      await rt.runs.drain(Date.now() + 100);
      // Queued again with a new job; the interrupted attempt is not counted and nothing refunded.
      expect(await runRecord(rt.database, run.id)).toMatchObject({
        status: 'queued',
        attempts: 0,
        progress: 0,
        refunded: false,
        waitingJobs: 1,
      });
      expect(await getCreditBalance(rt.database.db, user.userId)).toBe(29);

      // The next process on the same database takes it from the queue, with no sweep.
      const next = await startRunPipeline({
        config: rt.config,
        database: rt.database,
        storage: rt.storage,
        logger: rt.logger,
        engines: [slowEngine('image-generation', { id: hanging.id, delayMs: 10 })],
        runWorker: true,
      });
      try {
        const done = await waitForRun(rt, user, run.id);
        expect(done).toMatchObject({ status: 'succeeded', refunded: false });
        expect(await runRecord(rt.database, run.id)).toMatchObject({ attempts: 1 });
      } finally {
        await next.close();
      }
      expect(await ledgerAndBalance(rt.database, user.userId)).toEqual({ ledger: 29, balance: 29 });
    } finally {
      await rt.close();
    }
  });
});
