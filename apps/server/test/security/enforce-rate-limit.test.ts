import { TOOL_RUNS_PER_HOUR } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import * as rateLimiter from '../../src/modules/security/rate-limiter.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { paintingEngine } from '../support/fake-engines.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser } from '../support/users.ts';

describeOnEachDatabase('rate-limited tool runs', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // Image generation on a fake provider: its runs are charged, so a refusal that charged would show.
    rt = await createTestRuntime(kind, {}, { engines: [paintingEngine('image-generation')] });
  });
  afterAll(() => rt?.close());

  const startRun = (cookieUser: Parameters<typeof as>[0]) =>
    rt.request(
      '/api/tools/image-generation/runs',
      as(cookieUser, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prompt":"a kite"}' }),
    );

  it('allows a burst of 60 runs a minute', async () => {
    const user = await signUpTestUser(rt);
    // 59 earlier runs this minute (counted as the route counts them), then one more through HTTP.
    for (let i = 0; i < 59; i++) {
      await rateLimiter.consume(rt.database.db, `tool-run:${user.userId}`, {
        maxAttempts: TOOL_RUNS_PER_HOUR,
        windowMinutes: 60,
        blockMinutes: 15,
      });
    }
    expect((await startRun(user)).status).toBe(202);
  });

  it('answers 429 past the hourly limit, charges nothing and records a security event', async () => {
    const user = await signUpTestUser(rt);
    const rule = { maxAttempts: TOOL_RUNS_PER_HOUR, windowMinutes: 60, blockMinutes: 15 };
    for (let i = 0; i < TOOL_RUNS_PER_HOUR; i++) await rateLimiter.hit(rt.database.db, `tool-run:${user.userId}`, rule);

    const res = await startRun(user);
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: { code: string; retryAfter: number } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.retryAfter).toBeGreaterThan(0);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30);

    const events = (await (await rt.request('/api/security/events', as(user))).json()) as {
      events: { eventType: string }[];
    };
    expect(events.events.map((e) => e.eventType)).toContain('rate_limited');
    const metrics = (await (await rt.request('/api/security/metrics', as(user))).json()) as {
      rateLimitViolations?: number;
      metrics?: { rateLimitViolations: number };
    };
    expect(metrics.metrics?.rateLimitViolations ?? metrics.rateLimitViolations).toBeGreaterThanOrEqual(1);
  });
});
