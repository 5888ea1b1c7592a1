// Batches, in-process on PGlite with the demo engine:
//
// 1. Accepting 50 images (400×400 noise, ~0.5 MB each): one `POST /tools/ai-eraser/batches` against 50 single-image
//    `POST /tools/ai-eraser/runs` (the same checks, charges and jobs), as a ratio.
// 2. The ZIP of the 50 results: its size, the time to stream it, and how much memory stayed held
//    while it streamed (a second pass collecting garbage after each chunk, when node runs with
//    NODE_OPTIONS=--expose-gc), as a ratio to the bytes in the archive.
//
// Figures are ratios against baselines measured in the same run; nothing here asserts time.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { grantCredits } from '../src/modules/credits/service.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import { createLogger } from '../src/platform/logging/logger.ts';
import { createRuntime } from '../src/server.ts';

const IMAGES = 50;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
const runtime = await createRuntime(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ENGINE_AI_ERASER: 'demo',
    RUN_SWEEP_INTERVAL_SECONDS: '3600',
  }),
  { logger: createLogger('silent') },
);
const origin = runtime.config.publicUrl;
const call = (pathname: string, init: RequestInit = {}) => runtime.app.request(`${origin}${pathname}`, init);

async function signUp(): Promise<{ cookie: string; userId: string }> {
  const email = `bench-${Date.now()}-${Math.random()}@example.com`;
  const res = await call('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'bench' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const userId = ((await res.json()) as { user: { id: string } }).user.id;
  await grantCredits(runtime.database.db, {
    userId,
    amount: 1000,
    reason: 'adjustment',
    idempotencyKey: `bench:${userId}`,
  });
  return { cookie, userId };
}

/** Noise, so the PNGs (and the eraser's results) do not compress to nothing: ~0.5 MB each. */
const SIDE = 400;
const noise = () =>
  sharp(randomBytes(SIDE * SIDE * 3), { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
const images = await Promise.all(Array.from({ length: IMAGES }, noise));
const blob = (i: number) => new Blob([new Uint8Array(images[i]!)], { type: 'image/png' });

// 1. Accepting the images.
const single = await signUp();
let start = performance.now();
for (let i = 0; i < IMAGES; i++) {
  const form = new FormData();
  form.set('image', blob(i), `photo-${i}.png`);
  const res = await call('/api/tools/ai-eraser/runs', {
    method: 'POST',
    body: form,
    headers: { cookie: single.cookie, origin },
  });
  if (res.status !== 202) throw new Error(`single run: ${res.status}`);
}
const singleMs = performance.now() - start;

const batcher = await signUp();
const form = new FormData();
for (let i = 0; i < IMAGES; i++) form.append('image', blob(i), `photo-${i}.png`);
start = performance.now();
const created = await call('/api/tools/ai-eraser/batches', {
  method: 'POST',
  body: form,
  headers: { cookie: batcher.cookie, origin },
});
const batchMs = performance.now() - start;
if (created.status !== 202) throw new Error(`batch: ${created.status} ${await created.text()}`);
const { batch } = (await created.json()) as { batch: { id: string } };

// 2. The archive, once every run has ended.
for (;;) {
  const res = await call(`/api/batches/${batch.id}`, { headers: { cookie: batcher.cookie } });
  const { batch: state } = (await res.json()) as { batch: { status: string } };
  if (state.status === 'completed') break;
  await new Promise((r) => setTimeout(r, 100));
}
/** The JS heap and the Buffers outside it: what holding files in memory would grow. */
const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

/** Reads the archive to its end; with `collect`, notes the most memory held after each chunk. */
async function readArchive(collect: boolean) {
  globalThis.gc?.();
  const before = memory();
  let peak = before;
  let bytes = 0;
  const began = performance.now();
  const res = await call(`/api/batches/${batch.id}/archive`, { headers: { cookie: batcher.cookie } });
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (collect) {
      // What is still held, not garbage awaiting collection (node --expose-gc).
      globalThis.gc?.();
      peak = Math.max(peak, memory());
    }
  }
  return { bytes, ms: performance.now() - began, held: peak - before };
}
const timed = await readArchive(false);
const held = globalThis.gc ? (await readArchive(true)).held : undefined;
const bytes = timed.bytes;
const archiveMs = timed.ms;

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log('| measure | value |');
console.log('|---|---|');
console.log(`| ${IMAGES} single runs accepted | ${singleMs.toFixed(0)} ms |`);
console.log(
  `| one batch of ${IMAGES} accepted | ${batchMs.toFixed(0)} ms (${(batchMs / singleMs).toFixed(2)}× the singles) |`,
);
console.log(`| archive of ${IMAGES} results | ${mb(bytes)} MB in ${archiveMs.toFixed(0)} ms |`);
console.log(
  held === undefined
    ? '| memory held while streaming | (run with NODE_OPTIONS=--expose-gc) |'
    : `| memory held while streaming | ${mb(held)} MB (${(held / bytes).toFixed(2)}× the archive) |`,
);

await runtime.close();
fs.rmSync(dataDir, { recursive: true, force: true });
