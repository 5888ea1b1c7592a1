import type { LedgerResponse, Run } from '@atelier/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCreditBalance } from '../../src/modules/credits/service.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { pngImage, runForm } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

describeOnEachDatabase('the credit ledger', (kind) => {
  let rt: TestRuntime;
  let user: TestUser;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { RUN_SWEEP_INTERVAL_SECONDS: '3600' });
    user = await signUpTestUser(rt);
  });
  afterAll(() => rt?.close());

  const ledger = async (query = '') => {
    const res = await rt.request(`/api/v1/credits/ledger${query}`, as(user));
    expect(res.status).toBe(200);
    return (await res.json()) as LedgerResponse;
  };

  it("lists a run's charge with the balance after it, newest first, paged without repeats", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await rt.request(
        '/api/v1/tools/image-upscale/runs',
        as(user, { method: 'POST', body: runForm({}, { image: await pngImage() }) }),
      );
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { run: Run }).run.id);
    }
    const { entries } = await ledger();
    const newest = entries[0]!;
    expect(newest.runId).toBe(ids[2]);
    expect(['run', 'demo']).toContain(newest.reason);
    expect(newest.balanceAfter).toBe(await getCreditBalance(rt.database.db, user.userId));
    // Each balance is the one before it plus its delta.
    for (let i = 0; i + 1 < entries.length; i++) {
      expect(entries[i]!.balanceAfter).toBe(entries[i + 1]!.balanceAfter + entries[i]!.delta);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: LedgerResponse = await ledger(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(1);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(entries.map((e) => e.id));
  });

  it('refuses a cursor that is not an entry id, and an unknown query field', async () => {
    expect((await rt.request('/api/v1/credits/ledger?cursor=nope', as(user))).status).toBe(400);
    expect((await rt.request('/api/v1/credits/ledger?page=2', as(user))).status).toBe(400);
  });
});
