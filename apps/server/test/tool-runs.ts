import type { Run } from '@atelier/contracts';
import { expect } from 'vitest';
import type { TestRuntime } from './test-runtime.ts';
import { as, type TestUser } from './users.ts';

const finished = (run: Run) => run.status === 'succeeded' || run.status === 'failed';

/** Starts a run (multipart form or JSON options), expects it accepted, and returns it. */
async function startToolRun(rt: TestRuntime, user: TestUser, tool: string, body: FormData | object) {
  const init: RequestInit =
    body instanceof FormData
      ? { method: 'POST', body }
      : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const res = await rt.request(`/api/tools/${tool}/runs`, as(user, init));
  expect(res.status).toBe(202);
  return ((await res.json()) as { run: Run }).run;
}

/** Polls `GET /api/runs/{id}` until the run has succeeded or failed. */
async function waitForRunEnd(rt: TestRuntime, user: TestUser, id: string, deadlineMs = 30_000): Promise<Run> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const run = ((await (await rt.request(`/api/runs/${id}`, as(user))).json()) as { run: Run }).run;
    if (finished(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${id} stayed ${run.status} ${run.progress}%`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a run and waits for its end. */
export async function runToEnd(rt: TestRuntime, user: TestUser, tool: string, body: FormData | object) {
  const run = await startToolRun(rt, user, tool, body);
  return waitForRunEnd(rt, user, run.id);
}
