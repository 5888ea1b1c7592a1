import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Run } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config/config.ts';
import { createLogger } from '../../src/platform/logging/logger.ts';
import { createRuntime, type Runtime } from '../../src/server.ts';
import { type FakeRecraft, startFakeRecraft } from '../fakes/fake-recraft.ts';
import { openTestDatabase } from '../support/databases.ts';
import { as, signUpTestUser } from '../support/users.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// A worker in another process needs PostgreSQL (PGlite is one process's database).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a separate worker process on postgres', () => {
  let api: Runtime & { request: (p: string, init?: RequestInit) => Promise<Response> };
  let worker: ChildProcess;
  let closeDb: () => Promise<void>;
  let dataDir: string;
  let recraft: FakeRecraft;

  beforeAll(async () => {
    const database = await openTestDatabase('postgres');
    closeDb = database.close;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-worker-'));
    // Both processes are configured alike: the worker must serve runs with the providers the API names.
    recraft = await startFakeRecraft();
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RECRAFT_API_KEY: recraft.apiKey,
      RECRAFT_API_BASE: recraft.baseUrl,
    };
    const runtime = await createRuntime(loadConfig({ ...env, WORKER: 'off' }), {
      database,
      logger: createLogger('silent'),
    });
    api = { ...runtime, request: async (p, init) => runtime.app.request(`http://localhost${p}`, init) };
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env, DATABASE_URL: database.url, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
    await api?.close();
    await closeDb?.();
    await recraft?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs what the API queued on the configured provider and streams its progress to the API process over LISTEN/NOTIFY', async () => {
    const user = await signUpTestUser(api as never);
    const res = await api.request(
      '/api/tools/image-generation/runs',
      as(user, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'made elsewhere', n: 3 }),
      }),
    );
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: Run };
    const text = await (await api.request(`/api/runs/${run.id}/events`, as(user))).text();
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({
      event: m[1],
      run: (JSON.parse(m[2]!) as { run: Run }).run,
    }));
    expect(events.at(-1)).toMatchObject({ event: 'end', run: { status: 'succeeded', progress: 100 } });
    // Intermediate progress came from the other process.
    expect(events.some((e) => e.event === 'progress' && e.run.progress > 0 && e.run.progress < 100)).toBe(true);
    expect(events.at(-1)!.run.outputs).toHaveLength(3);
    // The worker process called the provider (not the demo engine).
    expect(recraft.requests.map((r) => r.path)).toContain('/v1/images/generations');
  });
});
