// `npm run bench`: Cumulative Layout Shift of tool pages through a whole visit — load, a sample
// or a prompt, a run with its progress, the result on the stage — at a laptop's and a phone's
// size, in Chromium against the built app. Budget: CLS ≤ 0.05.
//
// How: a PerformanceObserver for `layout-shift` entries, installed before the page's own
// scripts (buffered, so the load is counted too), and CLS computed as Lighthouse and
// web-vitals define it: the largest session window (shifts less than 1 s apart, at most 5 s
// long), leaving out shifts within 500 ms of an input (hadRecentInput). Lighthouse's user-flow
// mode needs Puppeteer driving its own Chrome; measuring the same metric from Playwright keeps
// one browser driver in the project and covers the run itself, which a navigation report does
// not. Skipped when there is no Chromium or no build (`npm run build`).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../src/platform/config/config.ts';
import { findWebBuild } from '../src/platform/http/web-app.ts';
import { createLogger } from '../src/platform/logging/logger.ts';
import { createRuntime, listen } from '../src/server.ts';

const BUDGET = 0.05;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const web = findWebBuild();
if (!fs.existsSync(chromiumPath) || !web || !fs.existsSync(web.serverBuild)) {
  console.log('skipped: needs Chromium and a build (npm run build)');
  process.exit(0);
}

const VIEWPORTS = {
  'laptop 1366×800': { viewport: { width: 1366, height: 800 }, isMobile: false, hasTouch: false },
  'phone 390×844': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

interface Case {
  name: string;
  path: string;
  /** Gives the page its input, then starts the run. */
  start: (page: Page) => Promise<void>;
}

const sample = (name: string) => (page: Page) => page.getByRole('button', { name: `Try the sample: ${name}` }).click();
const CASES: Case[] = [
  {
    name: 'AI eraser, a sample',
    path: '/tools/ai-eraser',
    start: async (page) => {
      await sample('Astronaut')(page);
      await page.getByRole('img', { name: 'The original image' }).waitFor();
      await page.getByRole('button', { name: 'Erase background' }).click();
    },
  },
  {
    name: 'inpainting, a sample and its mask',
    path: '/tools/inpainting',
    start: async (page) => {
      await sample('Coffee')(page);
      await page.getByTestId('mask-canvas').waitFor();
      await page.getByLabel('Describe what should fill the marked area').fill('an empty saucer');
      await page.getByRole('button', { name: 'Start inpainting' }).click();
    },
  },
  {
    name: 'image generation, 4 images',
    path: '/tools/image-generation',
    start: async (page) => {
      await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dawn');
      await page.getByRole('combobox', { name: 'Number of images' }).selectOption('4');
      await page.getByRole('button', { name: 'Generate' }).click();
    },
  },
  {
    name: 'vectorization, a sample',
    path: '/tools/vectorization',
    start: async (page) => {
      await sample('Mountains')(page);
      await page.getByRole('img', { name: 'The original image' }).waitFor();
      await page.getByRole('button', { name: 'Vectorize' }).click();
    },
  },
];

/** Installed before the app's scripts: every layout shift of the visit, load included. */
const OBSERVER = `
  window.__layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__layoutShifts.push({
        value: entry.value,
        time: entry.startTime,
        input: entry.hadRecentInput,
        sources: (entry.sources || []).map((s) => s.node && s.node.nodeType === 1
          ? s.node.tagName.toLowerCase() + (s.node.id ? '#' + s.node.id : '') + '.' + String(s.node.className).split(' ').slice(0, 3).join('.')
          : '#text'),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Shift {
  value: number;
  time: number;
  input: boolean;
  sources: string[];
}

/** CLS as Lighthouse and web-vitals compute it: the largest session window of shifts without recent input. */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let largest = 0;
  let window = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of [...shifts].filter((s) => !s.input).sort((a, b) => a.time - b.time)) {
    if (shift.time - last > 1000 || shift.time - first > 5000) {
      window = 0;
      first = shift.time;
    }
    window += shift.value;
    last = shift.time;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** A free port, known before the server starts: PUBLIC_URL (the one origin allowed to sign up) names it. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const chosenPort = await freePort();
const base = `http://127.0.0.1:${chosenPort}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-cls-'));
const runtime = await createRuntime(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: String(chosenPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
  }),
  { logger: createLogger('silent') },
);
const { server } = await listen(runtime);
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox'] });

interface Row {
  page: string;
  viewport: string;
  visit: number;
  run: number;
  culprits: string[];
}
const rows: Row[] = [];
let user = 0;
for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
  for (const c of CASES) {
    const context = await browser.newContext({ ...device, baseURL: base });
    const page = await context.newPage();
    const email = `cls-${Date.now()}-${++user}@example.com`;
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: 'correct horse battery', name: 'cls' },
      headers: { origin: base },
    });
    if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()}`);
    await page.addInitScript({ content: OBSERVER });
    await page.goto(c.path, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const runStart = await page.evaluate(() => performance.now());
    await c.start(page);
    await page.getByRole('heading', { name: /Result/ }).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1500); // images decode, the view fits, late shifts land
    const shifts = (await page.evaluate('window.__layoutShifts')) as Shift[];
    const duringRun = shifts.filter((s) => s.time >= runStart);
    const counted = shifts.filter((s) => !s.input && s.value > 0.001);
    rows.push({
      page: c.name,
      viewport: viewportName,
      visit: cumulativeLayoutShift(shifts),
      run: cumulativeLayoutShift(duringRun),
      culprits: [...new Set(counted.flatMap((s) => s.sources))].slice(0, 4),
    });
    await context.close();
  }
}
await browser.close();
await new Promise((resolve) => server.close(resolve));
await runtime.close();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`\nCLS of a tool page visit (load → input → run → result) in Chromium; budget ≤ ${BUDGET}\n`);
console.log(
  '| page                              | viewport        | CLS, whole visit | CLS, from the run | within budget |',
);
console.log(
  '|-----------------------------------|-----------------|-----------------:|------------------:|:-------------:|',
);
for (const row of rows) {
  const ok = row.visit <= BUDGET && row.run <= BUDGET;
  console.log(
    `| ${row.page.padEnd(33)} | ${row.viewport.padEnd(15)} | ${row.visit.toFixed(4).padStart(16)} | ${row.run.toFixed(4).padStart(17)} | ${(ok ? 'yes' : 'NO').padStart(7).padEnd(13)} |`,
  );
  if (!ok) console.log(`    shifted: ${row.culprits.join(', ')}`);
}
const worst = Math.max(...rows.map((r) => Math.max(r.visit, r.run)));
console.log(`\nworst: ${worst.toFixed(4)} (${(worst / BUDGET).toFixed(2)}× the budget)`);
process.exit(worst <= BUDGET ? 0 : 1);
