import fs from 'node:fs';
import path from 'node:path';
import { TOOLS, toolPaths } from '@atelier/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectCspViolations } from './support/console.ts';
import { makePng } from './support/png.ts';
import { e2eDataDir } from './support/servers.ts';

// The eleven tool pages as a new user meets them: every route renders, the spec's validation
// texts, a run with progress and results on the embedded engines, download names and saving
// a result to the gallery.

const toolNames = JSON.parse(
  fs.readFileSync(new URL('../apps/web/src/locales/en/tools.json', import.meta.url), 'utf8'),
) as Record<string, { name: string }>;

const photo = { name: 'photo.png', mimeType: 'image/png', buffer: makePng(160, 120) };

async function signUp(page: Page, baseURL: string | undefined): Promise<string> {
  const email = `tools${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: 'tools' },
    headers: { origin: baseURL! },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return email;
}

/** The files this worker's e2e server stores for a run (its local storage: DATA_DIR/files/runs/<user>/<run>). */
function filesOfRun(runId: string): string[] {
  const runsDir = path.join(process.cwd(), e2eDataDir(), 'files', 'runs');
  if (!fs.existsSync(runsDir)) return [];
  return fs.readdirSync(runsDir).flatMap((user) => {
    const folder = path.join(runsDir, user, runId);
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  });
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The main image input of a tool page (the first file input). */
const imageInput = (page: Page) => page.locator('input[type=file]').first();

test('every tool page renders at both of its routes and passes axe', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUp(page, baseURL);
  for (const tool of TOOLS) {
    for (const path of toolPaths(tool)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: toolNames[tool.id]!.name })).toBeVisible();
      await expect(page.getByText(/You have 30 credits/)).toBeVisible();
    }
    await expectNoSeriousAxeViolations(page);
  }
  await page.goto('/tools');
  for (const tool of TOOLS)
    await expect(
      page.getByRole('main').getByRole('link', { name: new RegExp(toolNames[tool.id]!.name) }),
    ).toBeVisible();
  // The tools the demo engine serves here (image generation among them) are marked, and free.
  const generation = page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(toolNames['image-generation']!.name) });
  await expect(generation.getByTestId('demo-badge')).toHaveText('Demo');
  await expect(generation).toContainText('Free');
  const upscale = page.getByRole('main').getByRole('link', { name: new RegExp(toolNames['image-upscale']!.name) });
  await expect(upscale.getByTestId('demo-badge')).toHaveCount(0);
});

test('the spec validation messages: missing prompt, image, mask and an over-size file', async ({ page, baseURL }) => {
  await signUp(page, baseURL);

  await page.goto('/image-generation');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toast(page, 'Please enter a prompt to generate an image')).toBeVisible();

  await page.goto('/tools/ai-eraser');
  await page.getByRole('button', { name: 'Erase background' }).click();
  await expect(toast(page, 'Please select an image first')).toBeVisible();

  await page.goto('/tools/inpainting');
  await imageInput(page).setInputFiles(photo);
  // The local fill ignores a prompt: the page says so, the field is optional, Run works without it.
  await expect(page.getByTestId('engine-notice')).toContainText('ignores the prompt');
  await expect(page.getByLabel('Describe what should fill the marked area')).toHaveAttribute('aria-required', 'false');
  await page.getByRole('button', { name: 'Start inpainting' }).click();
  await expect(toast(page, 'Paint over what should change, or upload a mask')).toBeVisible();

  await page.goto('/tools/ai-photo-editor');
  const big = Buffer.concat([makePng(64, 64), Buffer.alloc(10 * 1024 * 1024)]);
  await imageInput(page).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(toast(page, 'File size must be less than 10MB')).toBeVisible();
  // A local tool's option with no local model falls to the demo engine: free, and said so.
  await expect(page.getByTestId('run-cost')).toHaveText('this run costs 1 credit');
  await page.getByRole('combobox', { name: 'Edit type' }).selectOption('custom');
  await expect(page.getByTestId('run-cost')).toHaveText('Demo — free; no AI provider is set up');
  await imageInput(page).setInputFiles(photo);
  await page.getByRole('button', { name: 'Edit photo' }).click();
  await expect(toast(page, 'Please describe the edit')).toBeVisible();
});

test('a refused file is named, and Run stays disabled until a usable file is chosen', async ({ page, baseURL }) => {
  await signUp(page, baseURL);
  for (const path of ['/tools/ai-eraser', '/tools/background-removal']) {
    await page.goto(path);
    const runButton = page.locator('form button[type=submit]');
    await expect(runButton).toBeEnabled();
    const refusals = [
      { file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }, why: /./ },
      { file: { name: 'tiny-icon.png', mimeType: 'image/png', buffer: makePng(32, 32) }, why: /Minimum size is 64x64/ },
      {
        file: {
          name: 'huge-scan.png',
          mimeType: 'image/png',
          buffer: Buffer.concat([makePng(64, 64), Buffer.alloc(10 * 1024 * 1024)]),
        },
        why: /10MB/,
      },
    ];
    for (const { file, why } of refusals) {
      await imageInput(page).setInputFiles(file);
      await expect(toast(page, `“${file.name}” cannot be used`).first()).toContainText(why);
      await expect(runButton).toBeDisabled();
      await expect(runButton).toHaveAccessibleDescription(new RegExp(`“${file.name}” cannot be used`));
    }
    await expectNoSeriousAxeViolations(page);
    await imageInput(page).setInputFiles(photo);
    await expect(runButton).toBeEnabled();
    await expect(page.getByText('cannot be used', { exact: false }).and(page.locator('form p'))).toHaveCount(0);
  }
});

test('image generation runs on the demo engine for free, downloads by name and saves a private demo artwork', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL);
  await page.goto('/tools/image-generation');
  // The notice speaks to the user; the server's variables are for its operator (admins) only.
  await expect(page.getByTestId('engine-notice')).toContainText('This server has no AI provider for this tool yet');
  await expect(page.getByTestId('engine-notice')).not.toContainText('RECRAFT_API_KEY');
  // Free, and said so before it starts.
  await expect(page.getByTestId('run-cost')).toHaveText('Demo — free; no AI provider is set up');
  await expect(page.getByRole('button', { name: 'Generate' })).toContainText('Demo — free');
  const prompt = `a lighthouse at dawn ${Date.now()}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  // The demo engine can finish before the page has drawn its progress: the run's progress
  // stream is held back a moment (a slow network), so the progress shows while it waits.
  await page.route('**/api/runs/*/events', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const progressSeen = page.waitForSelector('[role=progressbar]', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Generate' }).click();
  await progressSeen;
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Result image 1' })).toBeVisible();
  await expect(page.getByText(/You have 30 credits/)).toBeVisible();
  const { runs } = (await (await page.request.get('/api/runs')).json()) as {
    runs: { tool: string; credits: number; engine: string }[];
  };
  expect(runs[0]).toMatchObject({ tool: 'image-generation', credits: 0, engine: 'demo' });
  expect(((await (await page.request.get('/api/me')).json()) as { profile: { credits: number } }).profile.credits).toBe(
    30,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^generated-image-\d+\.png$/);

  // A demo result is a placeholder: saved privately, never offered to the public gallery.
  await page.getByRole('button', { name: 'Save to gallery' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/Make public/)).toBeDisabled();
  await expect(dialog.getByText(/Demo results stay private/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved to your gallery')).toBeVisible();

  const feed = (await (await page.request.get('/api/artworks')).json()) as { artworks: { prompt: string }[] };
  expect(feed.artworks.map((artwork) => artwork.prompt)).not.toContain(prompt);
  await page.goto('/gallery');
  await page.getByRole('tab', { name: 'My artworks' }).click();
  const mine = page.getByRole('tabpanel').getByRole('article').filter({ hasText: prompt });
  await expect(mine.getByText(/Demo · Private/)).toBeVisible();
  await expect(mine.getByRole('switch', { name: 'Public' })).toHaveCount(0);
});

test('image-in tools show before and after, and name downloads as the spec does', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, baseURL);
  const cases = [
    { path: '/tools/ai-photo-editor', action: 'Edit photo', file: /^edited-photo-\d+\.png$/ },
    { path: '/tools/ai-eraser', action: 'Erase background', file: /^erased-background-\d+\.png$/ },
  ];
  for (const c of cases) {
    await page.goto(c.path);
    await imageInput(page).setInputFiles(photo);
    await page.getByRole('button', { name: c.action }).click();
    await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
    const slider = page.getByRole('slider', { name: 'Before and after: move to compare' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('51');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Result' }).click();
    expect((await download).suggestedFilename()).toMatch(c.file);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('heading', { name: 'Result' })).toHaveCount(0);
  }
});

test('inpainting takes a painted mask and shows original, mask and result', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signUp(page, baseURL);
  await page.goto('/tools/inpainting');
  await imageInput(page).setInputFiles(photo);

  // Paint a stroke, undo it, redo it: the mask is back.
  const canvas = page.getByTestId('mask-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();

  // No prompt: the local fill does not use one.
  await page.getByRole('button', { name: 'Start inpainting' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
  const views = page.getByRole('list', { name: 'What the stage shows' });
  await expect(views.getByRole('button')).toHaveText(['Original', 'Mask', 'Result']);
  await views.getByRole('button', { name: 'Mask' }).click();
  await expect(page.getByRole('img', { name: 'The mask: white marks the inpainted area' })).toBeVisible();
  await views.getByRole('button', { name: 'Result' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^inpainted-image-\d+\.(png|jpg)$/);
});

/** A dark red disc on light grey: a subject ISNet cuts out clearly. */
const disc = {
  name: 'disc.png',
  mimeType: 'image/png',
  buffer: makePng(256, 192, (x, y) => ((x - 128) ** 2 + (y - 96) ** 2 < 56 ** 2 ? [176, 24, 24] : [232, 232, 232])),
};

test('background removal runs in the browser on wasm threads, sends no image, and saves only the cut-out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUp(page, baseURL);
  const pngSignature = Buffer.from([137, 80, 78, 71]);
  const uploads: { url: string; body: Buffer | null }[] = [];
  const external: string[] = [];
  const workers: string[] = [];
  const cspViolations = collectCspViolations(page);
  page.on('worker', (worker) => workers.push(worker.url()));
  page.on('request', (request) => {
    // blob: and data: URLs never leave the browser; anything else must be Atelier itself (no CDN).
    if (!/^(blob|data):/.test(request.url()) && !request.url().startsWith(baseURL!)) external.push(request.url());
    const body = request.postDataBuffer();
    if (body?.includes(pngSignature) || /multipart/.test(request.headers()['content-type'] ?? '')) {
      uploads.push({ url: request.url(), body });
    }
  });
  // The body of the one upload allowed (Chromium does not report multipart bodies to 'request').
  const resultBodies: Buffer[] = [];
  await page.route('**/api/tools/background-removal/runs/*/result', async (route) => {
    const body = route.request().postDataBuffer();
    if (body) resultBodies.push(body);
    await route.continue();
  });

  await page.goto('/tools/background-removal');
  // Cross-origin isolated (COOP + COEP), so onnxruntime may use SharedArrayBuffer and threads.
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  await expect(page.getByText('your image never leaves your device')).toBeVisible();
  await imageInput(page).setInputFiles(disc);
  // Every stage the progress names, in the order they appear on screen.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stagesSeen: string[] }).stagesSeen = seen;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-stage]')?.getAttribute('data-stage');
      if (stage && seen.at(-1) !== stage) seen.push(stage);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stage'] });
  });
  await page.getByRole('button', { name: 'Remove background' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 200_000 });
  expect(await page.evaluate(() => (window as unknown as { stagesSeen: string[] }).stagesSeen)).toEqual([
    'download',
    'prepare',
    'inference',
    'encoding',
  ]);
  await expect(page.getByText(/You have 29 credits/)).toBeVisible();

  // The model ran in Atelier's worker, which started onnxruntime's wasm threads (blob: workers).
  expect(workers.filter((url) => url.includes('/assets/workers/background-removal'))).toHaveLength(1);
  expect(workers.filter((url) => url.startsWith('blob:')).length, 'wasm threads').toBeGreaterThan(0);
  expect(cspViolations).toEqual([]);

  // A cut-out of the chosen size: the background is transparent, the disc is kept.
  const result = page.getByRole('img', { name: 'Result image 1' });
  const alpha = await result.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = new OffscreenCanvas(img.naturalWidth, img.naturalHeight);
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const at = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[3];
    return { width: canvas.width, height: canvas.height, corner: at(3, 3), centre: at(128, 96) };
  });
  expect(alpha).toMatchObject({ width: 256, height: 192 });
  expect(alpha.corner).toBeLessThan(64);
  expect(alpha.centre).toBeGreaterThan(192);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^removed-background-\d+\.png$/);
  expect(uploads, 'requests that carried an image before saving').toEqual([]);

  // Opening the save dialog and cancelling sends nothing: the run has no output on the server,
  // and its storage folder holds no file.
  const { runs } = (await (await page.request.get('/api/runs')).json()) as { runs: { id: string; tool: string }[] };
  const run = runs[0]!;
  expect(run.tool).toBe('background-removal');
  const runOutputs = async () =>
    ((await (await page.request.get(`/api/runs/${run.id}`)).json()) as { run: { outputs: unknown[] } }).run.outputs;
  const storedFiles = () => filesOfRun(run.id);
  await expect(page.getByText('Saving to the gallery uploads this cut-out only')).toBeVisible();
  await page.getByRole('button', { name: 'Save to gallery' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(uploads, 'requests that carried an image after opening and cancelling the dialog').toEqual([]);
  expect(await runOutputs()).toEqual([]);
  expect(storedFiles()).toEqual([]);

  // Confirming Save uploads the cut-out (and only it) as the run's result, then saves it like any result.
  await page.getByRole('button', { name: 'Save to gallery' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved to your gallery')).toBeVisible();
  expect(await runOutputs()).toHaveLength(1);
  expect(storedFiles()).toEqual([expect.stringMatching(/^output-0-[0-9a-f-]{36}\.png$/)]);
  expect(uploads.map((upload) => new URL(upload.url).pathname)).toEqual([
    expect.stringMatching(/^\/api\/tools\/background-removal\/runs\/[0-9a-f-]{36}\/result$/),
  ]);
  const cutOut = Buffer.from(
    await result.evaluate(async (img: HTMLImageElement) => [
      ...new Uint8Array(await (await fetch(img.src)).arrayBuffer()),
    ]),
  );
  expect(resultBodies).toHaveLength(1);
  expect(resultBodies[0]!.includes(cutOut), 'the upload carries the cut-out').toBe(true);
  expect(resultBodies[0]!.includes(disc.buffer), 'the upload carries the original').toBe(false);
  await expect(page.getByText(/You have 29 credits/)).toBeVisible();

  await page.goto('/gallery');
  await page.getByRole('tab', { name: 'My artworks' }).click();
  const artwork = page.getByRole('tabpanel').getByRole('article');
  await expect(artwork).toHaveCount(1);
  expect(
    await artwork
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
  ).toBeGreaterThan(0);
  expect(external, 'requests to other hosts').toEqual([]);
});

test('a background removal that fails in the browser is reported and its credit given back', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL);
  // The model's index cannot be fetched: the library fails before any work.
  await page.context().route('**/assets/imgly-*/resources.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/tools/background-removal');
  await imageInput(page).setInputFiles(photo);
  await page.getByRole('button', { name: 'Remove background' }).click();
  await expect(toast(page, 'Processing Error')).toContainText('Your credit has been given back.', { timeout: 30_000 });
  await expect(page.getByText(/You have 30 credits/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Result' })).toHaveCount(0);
});
