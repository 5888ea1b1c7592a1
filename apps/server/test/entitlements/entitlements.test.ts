import {
  type CreatedApiKeyResponse,
  ENTITLEMENTS,
  type ErrorBody,
  type MeResponse,
  type PlansResponse,
} from '@atelier/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setAdminRole } from '../../src/modules/admin/roles.ts';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { effectivePlan } from '../../src/modules/entitlements/effective-plan.ts';
import { grantPlan } from '../../src/modules/entitlements/plan-grants.ts';
import { startRunPipeline } from '../../src/modules/runs/run-pipeline.ts';
import { RUN_QUEUE, type RunJob } from '../../src/modules/runs/service.ts';
import {
  adminAuditLog,
  apiKeys,
  batches,
  invitationCodeRedemptions,
  invitationCodes,
  planGrants,
  runs,
  subscriptions,
} from '../../src/platform/db/schema/index.ts';
import { createLogger } from '../../src/platform/logging/logger.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { requestToolRun, startToolRun, waitForRun } from '../support/tool-runs.ts';
import { as, postJson, signUpTestUser, type TestUser, verifyTestUser, withPlan } from '../support/users.ts';

const ENV = { ENGINE_IMAGE_UPSCALE: 'demo', RUN_SWEEP_INTERVAL_SECONDS: '3600', WEBHOOK_ALLOW_PRIVATE: 'true' };

const withKey = (secret: string, init: RequestInit = {}): RequestInit => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${secret}`);
  return { ...init, headers };
};

async function batchForm(count: number, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (let i = 0; i < count; i++)
    form.append('image', new Blob([new Uint8Array(await pngImage(120 + i, 100))]), `${i}.png`);
  return form;
}

/** The answer of a refused call: 403 PLAN_REQUIRED naming Pro. */
async function expectPlanRequired(res: Response) {
  expect(res.status).toBe(403);
  const body = (await res.json()) as ErrorBody;
  expect(body.error).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'pro' });
  expect(body.error.message).toMatch(/Pro plan/);
}

describeOnEachDatabase('plans and entitlements', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, ENV);
  });
  afterAll(() => rt?.close());

  const db = () => rt.database.db;
  const me = async (user: TestUser) => (await (await rt.request('/api/me', as(user))).json()) as MeResponse;
  const startBatch = async (user: TestUser, images = 2, fields: Record<string, string> = {}) =>
    rt.request('/api/tools/image-upscale/batches', as(user, { method: 'POST', body: await batchForm(images, fields) }));
  const createKey = (user: TestUser) => rt.request('/api/me/api-keys', as(user, postJson({ name: 'script' })));
  const counts = async (userId: string) => ({
    credits: await getCreditBalance(db(), userId),
    runs: (await db().select({ n: count() }).from(runs).where(eq(runs.userId, userId)))[0]?.n,
    batches: (await db().select({ n: count() }).from(batches).where(eq(batches.userId, userId)))[0]?.n,
    keys: (await db().select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId)))[0]?.n,
  });

  /** The sandbox checkout, paid: the user is then subscribed to Pro. */
  async function buyPro(user: TestUser) {
    const checkout = await rt.request(
      '/api/billing/checkout',
      as(user, postJson({ planId: 'pro', billingCycle: 'monthly', language: 'en' })),
    );
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const paid = await rt.request(`${new URL(url).pathname}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
  }

  it('GET /api/me and the public plans carry the plan and the entitlements of the one table', async () => {
    const user = await signUpTestUser(rt);
    const body = await me(user);
    expect(body.plan).toBe('free');
    expect(body.entitlements).toEqual(ENTITLEMENTS.free);
    expect(body.entitlements.features).not.toContain('batches');
    const plans = (await (await rt.request('/api/billing/plans?language=en')).json()) as PlansResponse;
    for (const plan of plans.plans) expect(plan.entitlements).toEqual(ENTITLEMENTS[plan.id]);
  });

  it('refuses Free a batch, an API key, a webhook, an advanced option and the signing secret: 403, nothing charged or created', async () => {
    const user = await signUpTestUser(rt);
    const before = await counts(user.userId);
    await expectPlanRequired(await startBatch(user));
    await expectPlanRequired(await createKey(user));
    await expectPlanRequired(
      await requestToolRun(
        rt,
        user,
        'image-upscale',
        runForm({ webhookUrl: 'https://example.com/h' }, { image: await pngImage() }),
      ),
    );
    await expectPlanRequired(
      await requestToolRun(
        rt,
        user,
        'image-upscale',
        runForm({ upscaleType: 'creative' }, { image: await pngImage() }),
      ),
    );
    await expectPlanRequired(await rt.request('/api/me/webhook-secret', as(user)));
    expect(await counts(user.userId)).toEqual(before);
    // What Free has stays: one image, the tool's default options.
    await startToolRun(rt, user, 'image-upscale', runForm({ upscaleType: 'crisp' }, { image: await pngImage() }));
  });

  it('after the sandbox checkout to Pro a batch and an API key work; after the plan ends keys stay listed but answer 403, and work again after an upgrade', async () => {
    const user = await signUpTestUser(rt);
    await buyPro(user);
    expect((await me(user)).plan).toBe('pro');
    const batch = await startBatch(user, 2, { upscaleType: 'creative' });
    expect(batch.status).toBe(202);
    const created = await createKey(user);
    expect(created.status).toBe(201);
    const { secret, apiKey } = (await created.json()) as CreatedApiKeyResponse;
    expect((await rt.request('/api/runs', withKey(secret))).status).toBe(200);

    // The subscription ends (the provider says so): the features go at once, nothing is deleted.
    await db().update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, user.userId));
    expect((await me(user)).plan).toBe('free');
    const before = await counts(user.userId);
    await expectPlanRequired(await rt.request('/api/runs', withKey(secret)));
    await expectPlanRequired(
      await rt.request(
        '/api/tools/image-upscale/runs',
        withKey(secret, { method: 'POST', body: runForm({}, { image: await pngImage() }) }),
      ),
    );
    await expectPlanRequired(await startBatch(user));
    const listed = await rt.request('/api/me/api-keys', as(user));
    expect(((await listed.json()) as { apiKeys: { id: string }[] }).apiKeys.map((k) => k.id)).toEqual([apiKey.id]);
    expect(await counts(user.userId)).toEqual(before);

    // Upgraded again (here, by an admin's grant): the same key works.
    await grantPlan(db(), { userId: user.userId, plan: 'studio', source: 'admin', reason: 'goodwill' });
    expect((await rt.request('/api/runs', withKey(secret))).status).toBe(200);
    expect((await me(user)).plan).toBe('studio');
  });

  it('granted plans give the same entitlements as bought ones, while they run: admin, referral month, experience pass', async () => {
    // An admin grants Pro for a week through the console's API: recorded in the audit log.
    // An admin acts once the address is proven (ADR 0027).
    const boss = await verifyTestUser(rt, await signUpTestUser(rt));
    await setAdminRole(db(), boss.email, 'admin', { via: 'cli' }, 'test setup');
    const admin = await signUpTestUser(rt);
    const granted = await rt.request(
      `/api/admin/users/${admin.userId}/plan`,
      as(boss, postJson({ plan: 'pro', days: 7, reason: 'partner' })),
    );
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ plan: 'pro', endsAt: expect.any(String) });
    const [entry] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, admin.userId));
    expect(entry).toMatchObject({ action: 'plan.grant', reason: 'partner' });
    expect((await me(admin)).entitlements).toEqual(ENTITLEMENTS.pro);
    expect((await createKey(admin)).status).toBe(201);
    // The console's page of the account shows the plan it has now, the grant counted.
    const detail = await rt.request(`/api/admin/users/${admin.userId}`, as(boss));
    expect(((await detail.json()) as { user: { plan: string } }).user.plan).toBe('pro');

    const referrer = await signUpTestUser(rt);
    await grantPlan(db(), {
      userId: referrer.userId,
      plan: 'pro',
      source: 'referral',
      reason: 'referral reward',
      days: 30,
    });
    expect((await startBatch(referrer)).status).toBe(202);

    // A grant that has ended gives nothing.
    const lapsed = await signUpTestUser(rt);
    await grantPlan(db(), { userId: lapsed.userId, plan: 'pro', source: 'referral', reason: 'old', days: -1 });
    expect(await effectivePlan(db(), lapsed.userId)).toBe('free');
    await expectPlanRequired(await startBatch(lapsed));
    expect((await db().select().from(planGrants).where(eq(planGrants.userId, lapsed.userId))).length).toBe(1);

    // A running seven-day experience pass is Studio; once ended, Free.
    const guest = await signUpTestUser(rt);
    const [code] = await db()
      .insert(invitationCodes)
      .values({
        code: `EXP${Date.now()}`,
        creatorId: admin.userId,
        codeType: 'experience_7day',
        maxUses: 1,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await db()
      .insert(invitationCodeRedemptions)
      .values({
        codeId: code!.id,
        userId: guest.userId,
        codeType: 'experience_7day',
        endsAt: new Date(Date.now() + 60_000),
      });
    expect((await me(guest)).plan).toBe('studio');
    expect((await me(guest)).entitlements.features).toContain('teams');
    expect(await effectivePlan(db(), guest.userId, new Date(Date.now() + 120_000))).toBe('free');
  });

  it('a downgraded account cannot rerun a run that used an advanced option', async () => {
    const user = await withPlan(rt, await signUpTestUser(rt));
    const run = await startToolRun(
      rt,
      user,
      'image-upscale',
      runForm({ upscaleType: 'creative' }, { image: await pngImage() }),
    );
    await db().delete(planGrants).where(eq(planGrants.userId, user.userId));
    const credits = await getCreditBalance(db(), user.userId);
    await expectPlanRequired(await rt.request(`/api/runs/${run.id}/rerun`, as(user, { method: 'POST' })));
    expect(await getCreditBalance(db(), user.userId)).toBe(credits);
  });
});

describeOnEachDatabase('queue priority', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // No worker: runs wait in the queue until the test fetches them.
    rt = await createTestRuntime(kind, { ...ENV, WORKER: 'off' });
  });
  afterAll(() => rt?.close());

  it('a Pro run waiting for a worker is fetched before the Free runs that waited longer', async () => {
    const free = await signUpTestUser(rt);
    const pro = await withPlan(rt, await signUpTestUser(rt));
    const form = async () => runForm({}, { image: await pngImage() });
    const waiting = [];
    for (let i = 0; i < 3; i++) waiting.push((await startToolRun(rt, free, 'image-upscale', await form())).id);
    const proRun = (await startToolRun(rt, pro, 'image-upscale', await form())).id;

    const fetched: string[] = [];
    await rt.runs.queue.work(RUN_QUEUE, 1, async (data) => {
      fetched.push((data as RunJob).runId);
    });
    await expect.poll(() => fetched.length, { timeout: 20_000 }).toBe(4);
    expect(fetched).toEqual([proRun, ...waiting]);
    // The queue marks a job done after its handler returns: closing the database before that
    // left pg-boss completing the last one on a closed pool (an unhandled rejection).
    await rt.runs.queue.stopWorkers();
    await expect
      .poll(async () => {
        const jobs = await rt.database.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = $1 AND data->>'runId' = ANY($2)`,
          [RUN_QUEUE, fetched],
        );
        return jobs.rows.filter((job) => job.state === 'completed').length;
      })
      .toBe(4);
  });
});

describeOnEachDatabase('a Pro run overtaking a queue', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // Runs wait until the test starts a worker of its own, one run at a time.
    rt = await createTestRuntime(kind, { ...ENV, WORKER: 'off' });
  });
  afterAll(() => rt?.close());

  it('records the waiting runs it went ahead of, and the runs behind it overtook none', async () => {
    const free = await signUpTestUser(rt);
    const pro = await withPlan(rt, await signUpTestUser(rt));
    const form = async () => runForm({}, { image: await pngImage() });
    const waiting = [];
    for (let i = 0; i < 2; i++) waiting.push((await startToolRun(rt, free, 'image-upscale', await form())).id);
    const proRun = (await startToolRun(rt, pro, 'image-upscale', await form())).id;

    const worker = await startRunPipeline({
      config: { ...rt.config, runs: { ...rt.config.runs, workerConcurrency: 1 } },
      database: rt.database,
      storage: rt.storage,
      logger: createLogger('silent'),
      runWorker: true,
    });
    try {
      const ran = await waitForRun(rt, pro, proRun);
      expect(ran).toMatchObject({ status: 'succeeded', overtook: 2 });
      for (const id of waiting) expect(await waitForRun(rt, free, id)).toMatchObject({ overtook: 0 });
    } finally {
      await worker.close();
    }
  });
});
