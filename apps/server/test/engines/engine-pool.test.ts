import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEnginePool } from '../../src/engines/local/pool/engine-pool.ts';
import { engineNiceness } from '../../src/engines/local/pool/engine-task.ts';
import { runs } from '../../src/platform/db/schema/index.ts';
import { createLogger } from '../../src/platform/logging/logger.ts';
import { engineInput } from '../support/engine-inputs.ts';
import { runForm } from '../support/images.ts';
import { photo, recordingContext, squarePhoto } from '../support/photos.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { getRun, startToolRun, waitForRun, working } from '../support/tool-runs.ts';
import { signUpTestUser, type TestUser } from '../support/users.ts';

/** Models take seconds per step (tens on a busy 2-core machine). */
const MODEL_DEADLINE_MS = 180_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A crisp upscale of a 768² photo: nine ESRGAN tiles of a second or more each in a pool process.
 * Resolves once the first tiles are done, i.e. the model is working and most of its work is to come.
 */
async function startLongUpscale(rt: TestRuntime, user: TestUser) {
  const image = await squarePhoto('astronaut.jpg', 768);
  const run = await startToolRun(rt, user, 'image-upscale', runForm({ upscaleType: 'crisp' }, { image }));
  await waitForRun(rt, user, run.id, {
    until: working,
    deadlineMs: MODEL_DEADLINE_MS,
  });
  return run;
}

describe('local engines in the engine pool', () => {
  let rt: TestRuntime;
  let user: TestUser;
  beforeEach(async () => {
    rt = await createTestRuntime('pglite', { RUN_SWEEP_INTERVAL_SECONDS: '3600' }, { ownEnginePool: true });
    user = await signUpTestUser(rt);
  });
  afterEach(async () => {
    await rt?.close();
  });

  it(
    'start before the first run when warmed, every process at a lower priority than the server',
    async () => {
      const pool = rt.runs.enginePool!;
      expect(pool.pids()).toEqual([]);
      await pool.warm();
      const pids = pool.pids();
      expect(pids).toHaveLength(rt.config.runs.enginePoolSize);
      expect(pids.every(alive)).toBe(true);
      for (const pid of pids) expect(os.getPriority(pid)).toBe(engineNiceness(os.getPriority()));
      // The warm processes take the first run: no new process is started for it.
      await startLongUpscale(rt, user);
      expect(pool.pids().sort()).toEqual([...pids].sort());
      // On Linux a priority belongs to a thread: the threads the model started while working
      // (onnxruntime's intra-op pool, which may use every core) run at the lower priority too.
      if (fs.existsSync('/proc/self/task')) {
        for (const pid of pids) {
          const threads = fs.readdirSync(`/proc/${pid}/task`).map(Number);
          expect(threads.length).toBeGreaterThan(1);
          for (const tid of threads) {
            if (!fs.existsSync(`/proc/${pid}/task/${tid}`)) continue; // a thread that has ended since
            expect({ tid, nice: os.getPriority(tid) }).toEqual({ tid, nice: engineNiceness(os.getPriority()) });
          }
        }
      }
    },
    MODEL_DEADLINE_MS,
  );

  it('answer a request made while a long run works, before the run ends: the model is in another process', async () => {
    const run = await startLongUpscale(rt, user);
    const pids = rt.runs.enginePool!.pids();
    expect(pids.length).toBeGreaterThan(0);
    expect(pids).not.toContain(process.pid);

    const health = await rt.request('/api/health');
    expect(health.status).toBe(200);
    // The run was still working when the answer came.
    expect(await getRun(rt, user, run.id)).toMatchObject({ status: 'running' });
  });

  it('keep a run going when its engine process gets a process group’s SIGTERM and SIGINT', async () => {
    const run = await startLongUpscale(rt, user);
    const pids = rt.runs.enginePool!.pids();
    // What systemd's KillMode=control-group or Ctrl-C send every process of the group.
    for (const pid of pids) for (const signal of ['SIGTERM', 'SIGINT'] as const) process.kill(pid, signal);
    const done = await waitForRun(rt, user, run.id, { deadlineMs: MODEL_DEADLINE_MS });
    expect(done.status).toBe('succeeded');
    expect(pids.every(alive)).toBe(true);
  });

  it('end the process of a run whose attempt was given up, and go on with a fresh one', async () => {
    const run = await startLongUpscale(rt, user);
    const pool = rt.runs.enginePool!;
    const before = pool.pids();
    // Another attempt takes the run over (as the sweeper does after a lost lease): this one's
    // next progress write finds it gone and aborts its engine.
    await rt.database.db
      .update(runs)
      .set({ attempts: sql`${runs.attempts} + 1` })
      .where(sql`${runs.id} = ${run.id}`);
    await expect.poll(() => before.filter(alive).length, { timeout: MODEL_DEADLINE_MS }).toBe(before.length - 1);
    // The pool replaced it: as many processes as before, one of them new.
    await expect.poll(() => pool.pids().filter(alive).length, { timeout: MODEL_DEADLINE_MS }).toBe(before.length);
    expect(pool.pids().some((pid) => !before.includes(pid))).toBe(true);
  });
});

describe('the engine pool', () => {
  let tmp: string;
  let savedTmpdir: string | undefined;
  beforeEach(() => {
    // The pool keeps its files under os.tmpdir(), which follows TMPDIR: a folder of this test's.
    savedTmpdir = process.env.TMPDIR;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pool-test-'));
    process.env.TMPDIR = tmp;
  });
  // (tsx, which runs the pool process from source here, keeps its cache there too.)
  const poolFolders = () => fs.readdirSync(tmp).filter((name) => name.startsWith('atelier-engine-'));
  afterEach(() => {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(
    'hands images to its process and back through files, none of them left after the run or the pool',
    async () => {
      const pool = createEnginePool({ size: 1, logger: createLogger('silent') });
      try {
        const image = await photo('coffee.jpg');
        const [output] = await pool.runTool(
          engineInput('ai-photo-editor', { editType: 'enhance', strength: 0.5 }, { image }),
          recordingContext(),
        );
        // The whole image came back, as bytes the server can store.
        expect(Buffer.isBuffer(output!.data)).toBe(true);
        const meta = await sharp(output!.data).metadata();
        expect({ width: meta.width, height: meta.height }).toEqual({ width: image.width, height: image.height });
        // One folder for the pool, and nothing in it once the run is over: input and output read and removed.
        const folders = poolFolders();
        expect(folders).toHaveLength(1);
        expect(fs.readdirSync(path.join(tmp, folders[0]!))).toEqual([]);
      } finally {
        await pool.close();
      }
      expect(poolFolders()).toEqual([]);
    },
    MODEL_DEADLINE_MS,
  );
});
