import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Run } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { runForm } from '../support/images.ts';
import { squarePhoto } from '../support/photos.ts';
import { useServerBundle } from '../support/server-bundle.ts';
import { type ServerProcess, signedInClient, startProcess } from '../support/server-processes.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { finished, startToolRun, waitForRun, working } from '../support/tool-runs.ts';
import { signUpTestUser } from '../support/users.ts';

// A group signal — systemd's default KillMode=control-group, Ctrl-C in a terminal, `kill -TERM
// -<pgid>` — reached the engine processes as well as the server: 2 of 20 upscale runs failed
// ("Worker exited unexpectedly") instead of finishing or being handed back, on the default
// server and with separate workers. And a worker orphaned by its supervisor held METRICS_PORT,
// so its replacement died with EADDRINUSE. These start the built processes, each leading a
// process group of its own, and signal the whole group.

const GRACE_MS = 10_000;
const MODEL_DEADLINE_MS = 240_000;
const RUNS = 4;
/**
 * A crisp upscale of a 512² photo: four ESRGAN tiles in an engine process, so the signal finds the
 * first run mid-way and the others waiting. A larger photo proves no more, only slower.
 */
const upscale = async () => runForm({ upscaleType: 'crisp' }, { image: await squarePhoto('astronaut.jpg', 512) });

/** SIGTERM to the process's whole group: it exits by itself, with code 0. */
async function signalGroup(server: ServerProcess) {
  process.kill(-server.child.pid!, 'SIGTERM');
  expect(await server.exited, server.output().slice(-4000)).toBe(0);
}

/** No engine process died under a run: nothing failed, nothing said a pool process exited. */
function expectNoRunLost(runs: Run[], servers: ServerProcess[]) {
  expect(runs.map((r) => r.status)).toEqual(Array(runs.length).fill('succeeded'));
  for (const server of servers) expect(server.output()).not.toContain('Worker exited unexpectedly');
}

const bundleDir = useServerBundle();

describe('the built server (embedded database), its process group signalled during runs', () => {
  const port = 4230;
  const baseUrl = `http://127.0.0.1:${port}`;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const start = () => {
    const server = startProcess(
      [path.join(bundleDir(), 'main.js')],
      {
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        RUN_SWEEP_INTERVAL_SECONDS: '3600',
      },
      { ownGroup: true },
    );
    servers.push(server);
    return server;
  };
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-group-'));
  });
  afterAll(() => {
    for (const s of servers) if (s.child.exitCode === null) process.kill(-s.child.pid!, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM to the whole group fails no run: each finishes or is handed back and finished', async () => {
    const first = start();
    await first.logLine('engine pool ready', 240_000);
    const client = await signedInClient(baseUrl);
    const started: Run[] = [];
    for (let i = 0; i < RUNS; i++) started.push(await client.startRun('image-upscale', await upscale()));
    await client.waitForRun(started[0]!.id, working, MODEL_DEADLINE_MS);
    await signalGroup(first);

    const second = start();
    await second.logLine('Atelier is ready', 240_000);
    const done = await Promise.all(started.map((run) => client.waitForRun(run.id, finished, MODEL_DEADLINE_MS)));
    await signalGroup(second);
    expectNoRunLost(done, [first, second]);
  }, 600_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('worker processes (PostgreSQL), their group signalled', () => {
  let api: TestRuntime;
  const workers: ServerProcess[] = [];
  let databaseUrl: string;
  const start = (env: Record<string, string> = {}) => {
    const worker = startProcess(
      [path.join(bundleDir(), 'worker.js')],
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: api.dataDir,
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        RUN_SWEEP_INTERVAL_SECONDS: '3600',
        ...env,
      },
      { ownGroup: true },
    );
    workers.push(worker);
    return worker;
  };
  beforeAll(async () => {
    api = await createTestRuntime('postgres', { WORKER: 'off' });
    databaseUrl = (api.database as DatabaseHandle & { url?: string }).url ?? '';
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) process.kill(-w.child.pid!, 'SIGKILL');
    await api?.close();
  });

  it('SIGTERM to a worker’s group fails no run; the next worker finishes what was handed back', async () => {
    const first = start();
    await first.logLine('engine pool ready', 240_000);
    const user = await signUpTestUser(api);
    const started: Run[] = [];
    for (let i = 0; i < RUNS; i++) started.push(await startToolRun(api, user, 'image-upscale', await upscale()));
    await waitForRun(api, user, started[0]!.id, { until: working, deadlineMs: MODEL_DEADLINE_MS });
    await signalGroup(first);

    const second = start();
    await second.logLine('worker is taking runs', 240_000);
    const done = await Promise.all(
      started.map((run) => waitForRun(api, user, run.id, { deadlineMs: MODEL_DEADLINE_MS })),
    );
    await signalGroup(second);
    expectNoRunLost(done, [first, second]);
  }, 600_000);

  it('a worker whose METRICS_PORT is still held takes runs meanwhile and the port once it is free', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const worker = start({ METRICS_PORT: String(port), ENGINE_POOL_SIZE: '1' });
    await worker.logLine('the port is still held by another process');
    await worker.logLine('worker is taking runs');
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    await worker.logLine('metrics are served at /metrics', 10_000);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    await signalGroup(worker);
  }, 120_000);
});
