import type { ErrorBody } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

const runsOf = async (rt: TestRuntime, userId: string) =>
  (await rt.database.query<{ id: string }>('SELECT id FROM runs WHERE user_id = $1', [userId])).rows.length;

describeOnEachDatabase('nothing charged that cannot be delivered', (kind) => {
  let rt: TestRuntime;
  let user: TestUser;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' });
    user = await signUpTestUser(rt);
  });
  afterAll(() => rt?.close());

  async function refusedBeforeCharge(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe(code);
    expect(error.runId).toBeUndefined();
  }

  it('an Accept no answer of the tool could satisfy is 406 before any run or charge', async () => {
    const credits = await getCreditBalance(rt.database.db, user.userId);
    const runs = await runsOf(rt, user.userId);
    for (const [tool, accept] of [
      ['image-upscale', 'image/svg+xml'],
      ['vectorization', 'image/png'],
      ['image-upscale', 'text/html'],
    ] as const) {
      const res = await rt.request(
        `/api/v1/tools/${tool}/runs`,
        as(user, { method: 'POST', headers: { accept }, body: runForm({}, { image: await pngImage() }) }),
      );
      await refusedBeforeCharge(res, 406, 'NOT_ACCEPTABLE');
    }
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(credits);
    expect(await runsOf(rt, user.userId)).toBe(runs);
  });

  it('a truncated image whose header reads well is 400 INVALID_IMAGE before any run or charge', async () => {
    const whole = await pngImage(400, 300);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const credits = await getCreditBalance(rt.database.db, user.userId);
    const runs = await runsOf(rt, user.userId);
    const res = await rt.request(
      '/api/v1/tools/image-upscale/runs',
      as(user, { method: 'POST', body: runForm({}, { image: Buffer.from(truncated) }) }),
    );
    await refusedBeforeCharge(res, 400, 'INVALID_IMAGE');
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(credits);
    expect(await runsOf(rt, user.userId)).toBe(runs);
  });
});
