import { SIGN_IN_MAX_FAILURES, TOOL_RUNS_PER_HOUR } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { requestToolRun } from '../support/tool-runs.ts';
import { as, postJson, signUpTestUser } from '../support/users.ts';

describeOnEachDatabase('visible limits and unknown routes', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { ENGINE_IMAGE_UPSCALE: 'demo', RUN_SWEEP_INTERVAL_SECONDS: '3600' });
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('a run start says where the caller stands against the run limit, and a 429 says when to come back', async () => {
    const user = await signUpTestUser(rt);
    const image = await pngImage();
    const first = await requestToolRun(rt, user, 'image-upscale', runForm({}, { image }));
    expect(first.status).toBe(202);
    const window = Number(first.headers.get('x-ratelimit-reset'));
    expect(first.headers.get('ratelimit-policy')).toMatch(new RegExp(`^${TOOL_RUNS_PER_HOUR};w=\\d+$`));
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(TOOL_RUNS_PER_HOUR));
    expect(first.headers.get('x-ratelimit-remaining')).toBe(String(TOOL_RUNS_PER_HOUR - 1));
    expect(first.headers.get('ratelimit')).toBe(
      `limit=${TOOL_RUNS_PER_HOUR}, remaining=${TOOL_RUNS_PER_HOUR - 1}, reset=${window}`,
    );
    const second = await requestToolRun(rt, user, 'image-upscale', runForm({}, { image }));
    expect(second.headers.get('x-ratelimit-remaining')).toBe(String(TOOL_RUNS_PER_HOUR - 2));
    // An answer that counted against no limit says nothing of one.
    expect((await rt.request('/api/runs', as(user))).headers.get('ratelimit')).toBeNull();

    // The count that uses the quota up says when it comes back — the block's end — and the
    // refusal after it says the same, counting down: `reset` never jumps.
    await rt.database.query('UPDATE rate_limits SET attempts = $2 WHERE key = $1', [
      `tool-run:${user.userId}`,
      TOOL_RUNS_PER_HOUR - 1,
    ]);
    const last = await requestToolRun(rt, user, 'image-upscale', runForm({}, { image }));
    expect(last.status).toBe(202);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    const lastReset = Number(last.headers.get('x-ratelimit-reset'));
    const firstRefused = await requestToolRun(rt, user, 'image-upscale', runForm({}, { image }));
    expect(firstRefused.status).toBe(429);
    const refusedReset = Number(firstRefused.headers.get('x-ratelimit-reset'));
    expect(refusedReset).toBe(Number(firstRefused.headers.get('retry-after')));
    expect(refusedReset).toBeLessThanOrEqual(lastReset);
    expect(lastReset - refusedReset).toBeLessThanOrEqual(2);

    await rt.database.query(
      `UPDATE rate_limits SET attempts = $2, blocked_until = now() + interval '90 seconds' WHERE key = $1`,
      [`tool-run:${user.userId}`, TOOL_RUNS_PER_HOUR],
    );
    const refused = await requestToolRun(rt, user, 'image-upscale', runForm({}, { image }));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(80);
    expect(retryAfter).toBeLessThanOrEqual(90);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));
  });

  it('sign-up and failed sign-ins say where the client stands too, and the refusal when to come back', async () => {
    const email = `limits-${Date.now()}@example.com`;
    const signUp = await rt.request(
      '/api/auth/sign-up/email',
      postJson({ email, password: 'a long enough password', name: 'limits' }),
    );
    expect(signUp.status).toBe(200);
    expect(Number(signUp.headers.get('x-ratelimit-remaining'))).toBeLessThan(
      Number(signUp.headers.get('x-ratelimit-limit')),
    );
    expect(signUp.headers.get('ratelimit-policy')).toMatch(/^\d+;w=\d+$/);

    const wrong = () => rt.request('/api/auth/sign-in/email', postJson({ email, password: 'not the password' }));
    for (let attempt = 1; attempt < SIGN_IN_MAX_FAILURES; attempt++) {
      const failed = await wrong();
      expect(failed.status).toBe(401);
      expect(failed.headers.get('x-ratelimit-limit')).toBe(String(SIGN_IN_MAX_FAILURES));
      expect(failed.headers.get('x-ratelimit-remaining')).toBe(String(SIGN_IN_MAX_FAILURES - attempt));
    }
    await wrong(); // the last one the address may make
    const refused = await wrong();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(refused.headers.get('retry-after'));
  });
});
