import { type Run, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { openDatabase } from '../../src/platform/db/open-database.ts';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases.ts';
import { runForm } from '../support/images.ts';
import { photoBytes, squarePhoto } from '../support/photos.ts';
import { ledgerAndBalance } from '../support/run-records.ts';
import { type ServerProcess, startProcess, stopProcess } from '../support/server-processes.ts';
import { proxyDatabaseUrl, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { finished, getRun, startToolRun } from '../support/tool-runs.ts';
import { as, signUpTestUser, type TestUser } from '../support/users.ts';

/** How long the API may take to see every pooled connection gone. */
const NOTICE_MS = 10_000;
/** Models take seconds per tile on a busy 2-core machine. */
const RUNS_DEADLINE_MS = 240_000;

/** A crisp upscale of a 512² photo: 4 model tiles of a second or more each, so it runs through the outage. */
const longUpscale = async () => runForm({ upscaleType: 'crisp' }, { image: await squarePhoto('astronaut.jpg', 512) });
/** A photo-editor run: quick, it waits in the queue behind the upscales. */
const quickEdit = () => runForm({ editType: 'enhance', strength: '0.5' }, { image: photoBytes('coffee.jpg') });

/** What every request answers while the database is away: 503 SERVICE_UNAVAILABLE with Retry-After. */
async function expectServiceUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe(String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
}

/**
 * Each run ended (succeeded, or failed with its credit back), was charged once and refunded at
 * most once — only when it failed — and the balance is the sum of the ledger.
 */
async function expectEveryRunEndedAndLedgerSums(database: DatabaseHandle, userId: string, runs: Run[]) {
  for (const run of runs) expect(run.status === 'succeeded' || (run.status === 'failed' && run.refunded)).toBe(true);
  const { rows } = await database.query<{ reference: string; reason: string; amount: number }>(
    `SELECT reference, reason, amount FROM credit_ledger WHERE user_id = $1 AND reason IN ('run', 'refund')`,
    [userId],
  );
  for (const run of runs) {
    const entries = rows.filter((r) => r.reference === run.id);
    expect(entries.filter((r) => r.reason === 'run').map((r) => r.amount)).toEqual([-run.credits]);
    expect(entries.filter((r) => r.reason === 'refund').map((r) => r.amount)).toEqual(
      run.status === 'failed' ? [run.credits] : [],
    );
  }
  // Nothing charged or refunded for anything but these runs (the run refused during the outage).
  expect(rows.length).toBe(runs.length + runs.filter((r) => r.status === 'failed').length);
  const { ledger, balance } = await ledgerAndBalance(database, userId);
  expect(balance).toBe(ledger);
}

// A database that goes away needs a server of its own to cut: PostgreSQL behind a proxy.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL goes away during runs and comes back', () => {
  let direct: DatabaseHandle & { url?: string };
  let proxy: TcpProxy;
  let api: TestRuntime;
  let worker: ServerProcess;

  beforeAll(async () => {
    // The test's own database, read directly; the API and the worker reach it through the proxy.
    direct = await openTestDatabase('postgres');
    let throughProxy: string;
    ({ proxy, url: throughProxy } = await proxyDatabaseUrl(direct.url!));
    api = await createTestRuntime(
      'postgres',
      { WORKER: 'off' },
      { database: await openDatabase({ databaseUrl: throughProxy, poolSize: 5 }) },
    );
    // The worker is `npm run worker`'s own code (src/worker-main.ts) in a process of its own.
    worker = startProcess(['--import', 'tsx', 'src/worker-main.ts'], {
      DATABASE_URL: throughProxy,
      DATA_DIR: api.dataDir,
      WORKER_CONCURRENCY: '2',
      // A run whose claim's answer was lost with the connection is the sweeper's: soon.
      RUN_LEASE_SECONDS: '15',
      RUN_SWEEP_INTERVAL_SECONDS: '2',
    });
    await worker.logLine('worker is taking runs');
  });
  afterAll(async () => {
    if (worker && worker.child.exitCode === null) await stopProcess(worker);
    await api?.close();
    await proxy?.close();
    await direct?.close();
  });

  it('keeps the worker up, answers 503 with Retry-After meanwhile, and ends every run with the ledger summing', async () => {
    // What the worker said is the first thing to read when this fails.
    onTestFailed(() => console.error(`worker (exit code ${worker.child.exitCode}):\n${worker.output()}`));
    const user: TestUser = await signUpTestUser(api);
    const runs: Run[] = [];
    for (let i = 0; i < 2; i++) runs.push(await startToolRun(api, user, 'image-upscale', await longUpscale()));
    for (let i = 0; i < 3; i++) runs.push(await startToolRun(api, user, 'ai-photo-editor', quickEdit()));
    // Both upscales are on the model (the worker's two slots); the edits wait in the queue.
    await expect
      .poll(
        async () => {
          const now = await Promise.all(runs.slice(0, 2).map((r) => getRun(api, user, r.id)));
          return now.every((r) => r.status === 'running' && r.progress > 0);
        },
        { timeout: RUNS_DEADLINE_MS, interval: 100 },
      )
      .toBe(true);

    await proxy.cut();
    const cutAt = performance.now();
    // Whatever the pool still held is gone: every call finds the database away.
    await expect
      .poll(async () => (await api.request(`/api/runs/${runs[0]!.id}`, as(user))).status, { timeout: NOTICE_MS })
      .toBe(503);
    await expectServiceUnavailable(await api.request(`/api/runs/${runs[0]!.id}`, as(user)));
    await expectServiceUnavailable(await api.request('/api/health'));
    await expectServiceUnavailable(
      await api.request('/api/tools/ai-photo-editor/runs', as(user, { method: 'POST', body: quickEdit() })),
    );
    await expectServiceUnavailable(await api.request('/api/me', as(user)));
    // The outage lasts until the worker has met it where it matters: a run it finished meanwhile
    // (the model needs no database) has its outputs stored and its completion waiting for the
    // database, retried.
    await worker.logLine('the database does not answer', RUNS_DEADLINE_MS);
    expect(worker.child.exitCode).toBeNull();

    await proxy.restore();
    const restoredAt = performance.now();
    const outageMs = restoredAt - cutAt;
    await expect
      .poll(async () => (await api.request('/api/health')).status, { timeout: 30_000, interval: 20 })
      .toBe(200);
    const apiBackMs = performance.now() - restoredAt;

    const ended: Run[] = [];
    const endedAfterMs: number[] = [];
    await expect
      .poll(
        async () => {
          for (const run of runs) {
            if (ended.some((r) => r.id === run.id)) continue;
            const now = await getRun(api, user, run.id);
            if (finished(now)) {
              ended.push(now);
              endedAfterMs.push(performance.now() - restoredAt);
            }
          }
          return ended.length;
        },
        { timeout: RUNS_DEADLINE_MS, interval: 100 },
      )
      .toBe(runs.length);

    // The worker lived through it.
    expect(worker.child.exitCode).toBeNull();
    await expectEveryRunEndedAndLedgerSums(direct, user.userId, ended);
    console.info(
      `database outage of ${Math.round(outageMs)} ms: API healthy ${Math.round(apiBackMs)} ms after the database returned; ` +
        `runs ended ${endedAfterMs.map((ms) => Math.round(ms)).join(', ')} ms after it; ` +
        `statuses ${ended.map((r) => r.status).join(', ')}`,
    );
  }, 600_000);
});

// On the embedded database nothing can go away: the same calls answer as before, never 503.
describe.each(DATABASE_KINDS.filter((k) => k === 'pglite'))('%s: no outage', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('answers health 200 and ends a run on the inline worker, the ledger summing', async () => {
    expect((await rt.request('/api/health')).status).toBe(200);
    const user = await signUpTestUser(rt);
    const image = await sharp(photoBytes('coffee.jpg')).resize(240).jpeg().toBuffer();
    const run = await startToolRun(rt, user, 'ai-photo-editor', runForm({ editType: 'enhance' }, { image }));
    await expect
      .poll(async () => (await getRun(rt, user, run.id)).status, { timeout: RUNS_DEADLINE_MS, interval: 50 })
      .toBe('succeeded');
    await expectEveryRunEndedAndLedgerSums(rt.database, user.userId, [await getRun(rt, user, run.id)]);
  }, 300_000);
});
