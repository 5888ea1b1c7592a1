import type { Run } from '@atelier/contracts';
import { expect, vi } from 'vitest';
import type { TestRuntime } from './test-runtime.ts';
import { as, type TestUser } from './users.ts';

/** How long a run may take by default: demo and provider fakes finish in well under a second. */
const RUN_DEADLINE_MS = 30_000;
/** A run on a local model: its first use loads the model, slow on a shared 2-core machine. */
export const LOCAL_MODEL_RUN_DEADLINE_MS = 120_000;

export const finished = (run: Run) => run.status === 'succeeded' || run.status === 'failed';

/** Working on a local model: its first steps (an upscale's first tiles) done, most to come. */
export const working = (run: Run) => run.status === 'running' && run.progress > 5;

/** `POST /api/tools/{tool}/runs` with a multipart form or JSON options; the raw answer. */
export function requestToolRun(rt: TestRuntime, user: TestUser, tool: string, body: FormData | object) {
  const init: RequestInit =
    body instanceof FormData
      ? { method: 'POST', body }
      : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  return rt.request(`/api/tools/${tool}/runs`, as(user, init));
}

/** Starts a run, expects it accepted, and returns it. */
export async function startToolRun(rt: TestRuntime, user: TestUser, tool: string, body: FormData | object) {
  const res = await requestToolRun(rt, user, tool, body);
  expect(res.status).toBe(202);
  return ((await res.json()) as { run: Run }).run;
}

export async function getRun(rt: TestRuntime, user: TestUser, id: string): Promise<Run> {
  const res = await rt.request(`/api/runs/${id}`, as(user));
  expect(res.status).toBe(200);
  return ((await res.json()) as { run: Run }).run;
}

/** Polls `GET /api/runs/{id}` until `until` holds (by default: the run has succeeded or failed). */
export async function waitForRun(
  rt: TestRuntime,
  user: TestUser,
  id: string,
  { until = finished, deadlineMs = RUN_DEADLINE_MS }: { until?: (run: Run) => boolean; deadlineMs?: number } = {},
): Promise<Run> {
  return vi.waitFor(
    async () => {
      const run = await getRun(rt, user, id);
      if (!until(run)) throw new Error(`run ${id} stayed ${run.status} ${run.progress}%`);
      return run;
    },
    { timeout: deadlineMs, interval: 50 },
  );
}

/** Starts a run and waits for its end. */
export async function runToEnd(
  rt: TestRuntime,
  user: TestUser,
  tool: string,
  body: FormData | object,
  options: { deadlineMs?: number } = {},
) {
  const run = await startToolRun(rt, user, tool, body);
  return waitForRun(rt, user, run.id, options);
}
