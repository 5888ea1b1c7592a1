import fs from 'node:fs';
import path from 'node:path';
import {
  CODE_MAX_LENGTH,
  FREE_PLAN_CREDITS,
  PROMPT_MAX_LENGTH,
  REASON_MAX_LENGTH,
  type RunListResponse,
} from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { requestToolRun } from '../support/tool-runs.ts';
import { as, postJson, signUpTestUser, type TestUser } from '../support/users.ts';

/**
 * Every string a user sends has a maximum length (packages/contracts/src/limits.ts): one that
 * is too long is refused with 400 VALIDATION_ERROR naming the field and its limit, before
 * anything is charged, stored or written.
 */
describeOnEachDatabase('length limits', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // Image generation on a fake provider: its runs are charged, so a refusal that charged would show.
    rt = await createTestRuntime(kind, {}, { engines: [paintingEngine('image-generation')] });
  });
  afterAll(() => rt?.close());

  const tooLong = (field: string, limit: number) => ({
    error: { code: 'VALIDATION_ERROR', issues: [{ field, problem: 'too_long', limit }] },
  });
  const runsOf = async (user: TestUser) =>
    ((await (await rt.request('/api/runs', as(user))).json()) as RunListResponse).runs;
  const storedFiles = (user: TestUser) => {
    const folder = path.join(rt.dataDir, 'files', 'runs', user.userId);
    return fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }) : [];
  };

  it(`refuses a prompt over ${PROMPT_MAX_LENGTH} characters, charging nothing and recording no run`, async () => {
    const user = await signUpTestUser(rt);
    const res = await requestToolRun(rt, user, 'image-generation', { prompt: 'a'.repeat(PROMPT_MAX_LENGTH + 1) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject(tooLong('prompt', PROMPT_MAX_LENGTH));
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(FREE_PLAN_CREDITS);
    expect(await runsOf(user)).toEqual([]);

    // The limit itself is allowed, and what the run keeps can be saved as an artwork.
    const atLimit = await requestToolRun(rt, user, 'image-generation', { prompt: 'a'.repeat(PROMPT_MAX_LENGTH) });
    expect(atLimit.status).toBe(202);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(FREE_PLAN_CREDITS - 1);
  });

  it('refuses an over-long negative prompt of an image upload, storing no file', async () => {
    const user = await signUpTestUser(rt);
    const form = runForm(
      { prompt: 'a cat', negative_prompt: 'n'.repeat(PROMPT_MAX_LENGTH + 1) },
      { image: await pngImage() },
    );
    const res = await requestToolRun(rt, user, 'image-to-image', form);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject(tooLong('negative_prompt', PROMPT_MAX_LENGTH));
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(FREE_PLAN_CREDITS);
    expect(storedFiles(user)).toEqual([]);
  });

  it('bounds codes, reasons and names too', async () => {
    const user = await signUpTestUser(rt);
    const redeem = await rt.request(
      '/api/referrals/redeem',
      as(user, postJson({ code: 'X'.repeat(CODE_MAX_LENGTH + 1) })),
    );
    expect(redeem.status).toBe(400);
    expect(await redeem.json()).toMatchObject(tooLong('code', CODE_MAX_LENGTH));

    const run = await requestToolRun(rt, user, 'background-removal', { clientSide: true });
    const { run: recorded } = (await run.json()) as { run: { id: string } };
    const fail = await rt.request(
      `/api/tools/background-removal/runs/${recorded.id}/fail`,
      as(user, postJson({ reason: 'r'.repeat(REASON_MAX_LENGTH + 1) })),
    );
    expect(fail.status).toBe(400);
    expect(await fail.json()).toMatchObject(tooLong('reason', REASON_MAX_LENGTH));
  });
});
