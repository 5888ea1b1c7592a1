// `npm run bench`: background removal in Chromium, through the production worker of the built
// app, on wasm threads (the page as served: cross-origin isolated) against one thread (the same
// page with its COEP header removed, so onnxruntime-web falls back to a single thread). Runs
// alternate between the two pages after a warm-up each, so a busy machine slows both alike.
// Skipped when there is no Chromium or no build (`npm run build`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../src/platform/config/config.ts';
import { findWebBuild } from '../src/platform/http/web-app.ts';
import { createLogger } from '../src/platform/logging/logger.ts';
import { createRuntime, listen } from '../src/server.ts';
import { photoBytes } from '../test/support/photos.ts';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const web = findWebBuild();
const workerDir = web && path.join(web.clientDir, 'assets/workers');
if (!fs.existsSync(chromiumPath) || !workerDir || !fs.existsSync(workerDir)) {
  console.log('skipped: needs Chromium and a build (npm run build)');
  process.exit(0);
}
const workerFile = fs.readdirSync(workerDir).find((f) => f.endsWith('.js'));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
const runtime = await createRuntime(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }),
  { logger: createLogger('silent') },
);
const { server, port } = await listen(runtime);
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox'] });

interface Timing {
  total: number;
  inference: number;
}

/** What the page code below uses of the browser (the server's TypeScript has no DOM types). */
interface PageGlobals {
  crossOriginIsolated: boolean;
  location: { origin: string };
  Worker: new (
    url: string,
  ) => {
    onmessage: ((event: { data: { type: string; key?: string; current?: number; message?: string } }) => void) | null;
    postMessage(message: unknown): void;
  };
  run?: (id: number) => Promise<Timing>;
}

/** A page of the app with the worker started and the photo in memory; isolated or not. */
async function openPage(isolated: boolean): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  if (!isolated) {
    await page.route(/\/about$/, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
  }
  await page.goto('/about');
  if ((await page.evaluate(() => (globalThis as unknown as PageGlobals).crossOriginIsolated)) !== isolated)
    throw new Error('isolation not as intended');
  const image = photoBytes('astronaut.jpg').toString('base64');
  await page.evaluate(
    ({ workerUrl, image }) => {
      const { Worker, location } = globalThis as unknown as PageGlobals;
      const bytes = Uint8Array.from(atob(image), (c) => c.charCodeAt(0));
      const blob = new Blob([bytes], { type: 'image/jpeg' });
      const worker = new Worker(workerUrl);
      const publicPath = new URL('/assets/imgly-1.4.5/', location.origin).href;
      (globalThis as unknown as PageGlobals).run = (id) =>
        new Promise((resolve, reject) => {
          const start = performance.now();
          let inferStart = start;
          let inferEnd = start;
          worker.onmessage = ({ data }) => {
            if (data.type === 'progress' && data.key === 'compute:inference') {
              if (data.current === 0) inferStart = performance.now();
              else inferEnd = performance.now();
            }
            if (data.type === 'done') resolve({ total: performance.now() - start, inference: inferEnd - inferStart });
            if (data.type === 'error') reject(new Error(data.message));
          };
          worker.postMessage({ id, image: blob, publicPath });
        });
    },
    { workerUrl: `/assets/workers/${workerFile}`, image },
  );
  return page;
}

const run = (page: Page, id: number) => page.evaluate((id) => (globalThis as unknown as PageGlobals).run!(id), id);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! / 1000;

const pages = { threads: await openPage(true), single: await openPage(false) };
const times: Record<keyof typeof pages, Timing[]> = { threads: [], single: [] };
for (let round = 0; round <= ROUNDS; round++) {
  const order = round % 2 ? (['single', 'threads'] as const) : (['threads', 'single'] as const);
  for (const name of order) {
    const timing = await run(pages[name], round + 1);
    if (round > 0) times[name].push(timing); // round 0 loads the model
  }
}
await browser.close();
await new Promise((resolve) => server.close(resolve));
await runtime.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const threads = median(times.threads.map((t) => t.total));
const single = median(times.single.map((t) => t.total));
const threadsInference = median(times.threads.map((t) => t.inference));
const singleInference = median(times.single.map((t) => t.inference));
console.log(`\nastronaut.jpg (384²) in Chromium, median of ${ROUNDS} after a warm-up; ratio = threads / one thread\n`);
console.log('| measure   | threads (s) | one thread (s) | ratio |');
console.log('|-----------|------------:|---------------:|------:|');
console.log(
  `| whole run | ${threads.toFixed(2).padStart(11)} | ${single.toFixed(2).padStart(14)} | ${(threads / single).toFixed(2).padStart(5)} |`,
);
console.log(
  `| inference | ${threadsInference.toFixed(2).padStart(11)} | ${singleInference.toFixed(2).padStart(14)} | ${(threadsInference / singleInference).toFixed(2).padStart(5)} |`,
);
