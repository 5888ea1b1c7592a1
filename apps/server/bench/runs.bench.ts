// Credits and the run pipeline, on PGlite and — with BENCH_DATABASE_URL or
// TEST_DATABASE_URL — PostgreSQL:
//
// 1. Charges per second through the real credits service (one transaction, row lock, ledger
//    row each) at concurrency 1 and 16, as a ratio to a bare `SELECT 1` round trip. Charges
//    of one user serialize on the profile row lock, so 16 users are charged at once.
// 2. A demo run end to end (validate nothing, charge + insert + enqueue, worker claim, engine,
//    storage, completion) against the demo engine alone and against `SELECT 1`.
//
// Figures are ratios against baselines measured in the same run; nothing here asserts time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toolOptionSchemas } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { DemoEngine } from '../src/engines/demo/demo-engine.ts';
import { chargeCredits, grantCredits } from '../src/modules/credits/service.ts';
import { startRunPipeline } from '../src/modules/runs/run-pipeline.ts';
import { startRun } from '../src/modules/runs/service.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { profiles, runs } from '../src/platform/db/schema/index.ts';
import { createLogger } from '../src/platform/logging/logger.ts';
import { LocalStorage } from '../src/platform/storage/local-storage.ts';
import { type DatabaseKind, openTestDatabase } from '../test/support/databases.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
if (!process.env.TEST_DATABASE_URL && process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
}
const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Operations per second of `op` run by `lanes` concurrent loops for SECONDS. */
async function throughput(lanes: number, op: (lane: number, i: number) => Promise<unknown>): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = 0; performance.now() < until; i++) {
        await op(lane, i);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function newUser(database: DatabaseHandle, id: string) {
  await database.db.insert(profiles).values({ userId: id, email: `${id}@bench.local`, referralCode: id });
  await grantCredits(database.db, { userId: id, amount: 1_000_000, reason: 'adjustment', idempotencyKey: `g:${id}` });
}

async function bench(kind: DatabaseKind) {
  const database = await openTestDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const select1 = await throughput(1, () => database.query('SELECT $1::int AS one', [1]));
    for (let u = 0; u < 16; u++) await newUser(database, `bench-${kind}-${u}`);
    let seq = 0;
    const charge = (userId: string) =>
      database.db.transaction((tx) =>
        chargeCredits(tx, { userId, amount: 1, reason: 'run', idempotencyKey: `b:${kind}:${++seq}` }),
      );
    const c1 = await throughput(1, () => charge(`bench-${kind}-0`));
    const c16 = await throughput(16, (lane) => charge(`bench-${kind}-${lane}`));
    const c16one = await throughput(16, () => charge(`bench-${kind}-0`));

    // Demo runs end to end, one at a time, with the worker in this process.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_SWEEP_INTERVAL_SECONDS: '3600' });
    const storage = new LocalStorage(path.join(dataDir, 'files'));
    const pipeline = await startRunPipeline({ config, database, storage, logger: createLogger('silent') });
    const options = toolOptionSchemas['image-generation'].parse({ prompt: 'benchmark', size: '1024x1024' });
    const engine = new DemoEngine();
    const engineMs: number[] = [];
    const runMs: number[] = [];
    const userId = `bench-${kind}-0`;
    for (let i = 0; i < RUNS + 1; i++) {
      let t = performance.now();
      await engine.run(
        { tool: 'image-generation', options, images: {} },
        { onProgress: () => {}, signal: new AbortController().signal },
      );
      if (i > 0) engineMs.push(performance.now() - t); // the first one warms up
      t = performance.now();
      const run = await startRun(pipeline.deps, userId, { tool: 'image-generation', options, images: {} });
      for (;;) {
        const [row] = await database.db.select({ status: runs.status }).from(runs).where(eq(runs.id, run.id));
        if (row?.status === 'succeeded' || row?.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 5));
      }
      if (i > 0) runMs.push(performance.now() - t);
    }
    await pipeline.close();
    const select1Ms = 1000 / select1;
    return {
      kind,
      select1,
      c1,
      c16,
      c16one,
      engineMs: median(engineMs),
      runMs: median(runMs),
      select1Ms,
    };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const kind of kinds) rows.push(await bench(kind));
const f = (n: number, d = 1) => n.toFixed(d);
console.log(
  '\n| database | SELECT 1 /s | charges/s c=1 | × SELECT 1 | charges/s c=16 (16 users) | c16 / c1 | c=16 on one user | demo engine ms | demo run e2e ms | pipeline overhead ms | overhead / SELECT 1 |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const overhead = r.runMs - r.engineMs;
  console.log(
    `| ${r.kind} | ${f(r.select1, 0)} | ${f(r.c1, 0)} | ${f(r.c1 / r.select1, 3)} | ${f(r.c16, 0)} | ${f(r.c16 / r.c1, 2)} | ${f(r.c16one, 0)} | ${f(r.engineMs)} | ${f(r.runMs)} | ${f(overhead)} | ${f(overhead / r.select1Ms, 0)} |`,
  );
}
console.log(
  '\nc16/c1 > 1: charges of different users overlap. PostgreSQL runs them on several connections; PGlite has one, so there only the JavaScript around each statement overlaps.' +
    '\nThe pipeline overhead is the run minus the engine alone: transactions, queue, claim, storage, completion.',
);
process.exit(0);
