import type { Run } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { hangingEngine, paintingEngine } from '../support/fake-engines.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

// One call, one finished run: `Prefer: wait=N` holds a run start's answer until the run ends
// (200, absolute output URLs) or N seconds pass (202, the run as it is then).

const startGeneration = (rt: TestRuntime, user: TestUser, prompt: string, prefer?: string) =>
  rt.request(
    '/api/v1/tools/image-generation/runs',
    as(user, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(prefer ? { prefer } : {}) },
      body: JSON.stringify({ prompt }),
    }),
  );

describeOnEachDatabase('Prefer: wait on a run start', (kind) => {
  let rt: TestRuntime;
  const hanging = hangingEngine('image-generation');
  beforeAll(async () => {
    rt = await createTestRuntime(
      kind,
      { RUN_SWEEP_INTERVAL_SECONDS: '3600' },
      { engines: [paintingEngine('image-generation')] },
    );
  });
  afterAll(() => rt?.close());

  it('answers 200 with the finished run and its absolute output URL once the run has ended', async () => {
    const user = await signUpTestUser(rt);
    const res = await startGeneration(rt, user, 'a lighthouse at dusk', 'wait=30');
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('wait=30');
    const { run } = (await res.json()) as { run: Run };
    expect(run).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(run.outputs[0]!.url.startsWith(`${rt.config.publicUrl}/api/v1/files/runs/`)).toBe(true);
    expect(await getCreditBalance(rt.database.db, user.userId)).toBe(30 - run.credits);
  });

  it('answers 202 as before without the preference, and with respond-async', async () => {
    const user = await signUpTestUser(rt);
    for (const prefer of [undefined, 'respond-async']) {
      const res = await startGeneration(rt, user, 'no waiting', prefer);
      expect(res.status).toBe(202);
      expect(res.headers.get('preference-applied')).toBeNull();
      expect(((await res.json()) as { run: Run }).run.status).toBe('queued');
    }
  });

  it('answers 202 with the run as it is once the wait is over, and the run goes on', async () => {
    const slow = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' }, { engines: [hanging] });
    try {
      const user = await signUpTestUser(slow);
      const res = await startGeneration(slow, user, 'never finishes', 'wait=1');
      expect(res.status).toBe(202);
      expect(res.headers.get('preference-applied')).toBe('wait=1');
      const { run } = (await res.json()) as { run: Run };
      expect(['queued', 'running']).toContain(run.status);
      await hanging.started;
    } finally {
      await slow.close();
    }
  });
});
