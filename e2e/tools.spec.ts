import fs from 'node:fs';
import { TOOLS, toolPaths } from '@atelier/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { makeMaskPng, makePng } from './support/png.ts';

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
  await expect(page.getByText('Demo engine').first()).toBeVisible();
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
  await page.getByLabel('Describe what should fill the marked area').fill('a red door');
  await page.getByRole('button', { name: 'Start inpainting' }).click();
  await expect(toast(page, 'Please select a mask image')).toBeVisible();

  await page.goto('/tools/ai-photo-editor');
  const big = Buffer.concat([makePng(64, 64), Buffer.alloc(10 * 1024 * 1024)]);
  await imageInput(page).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(toast(page, 'File size must be less than 10MB')).toBeVisible();
  await page.getByRole('combobox', { name: 'Edit type' }).selectOption('custom');
  await imageInput(page).setInputFiles(photo);
  await page.getByRole('button', { name: 'Edit photo' }).click();
  await expect(toast(page, 'Please describe the edit')).toBeVisible();
});

test('image generation runs with progress, downloads by name and saves a public artwork', async ({ page, baseURL }) => {
  await signUp(page, baseURL);
  await page.goto('/tools/image-generation');
  await expect(page.getByText(/Demo engine: .*RECRAFT_API_KEY/)).toBeVisible();
  const prompt = `a lighthouse at dawn ${Date.now()}`;
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  const progressSeen = page.waitForSelector('[role=progressbar]', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Generate' }).click();
  await progressSeen;
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Result image 1' })).toBeVisible();
  await expect(page.getByText(/You have 29 credits/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^generated-image-\d+\.png$/);

  await page.getByRole('button', { name: 'Save to gallery' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Make public/).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved to your gallery')).toBeVisible();

  await page.goto('/gallery');
  await expect(page.getByRole('article').filter({ hasText: prompt })).toBeVisible();
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

test('inpainting takes a painted or uploaded mask and shows original, mask and result', async ({ page, baseURL }) => {
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

  await page.getByLabel('Describe what should fill the marked area').fill('a red door');
  await page.getByRole('button', { name: 'Start inpainting' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'The mask: white marks the inpainted area' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^inpainted-image-\d+\.png$/);

  // An uploaded mask works as well.
  await page.getByRole('button', { name: 'Reset' }).click();
  await imageInput(page).setInputFiles(photo);
  const maskInput = page.locator('input[type=file]').nth(1);
  // A mask of another size is stretched by the server, and the page says so beforehand.
  await maskInput.setInputFiles({ name: 'small-mask.png', mimeType: 'image/png', buffer: makeMaskPng(100, 80) });
  await expect(page.getByText("it will be stretched to the image's size")).toBeVisible();
  await maskInput.setInputFiles({ name: 'mask.png', mimeType: 'image/png', buffer: makeMaskPng(160, 120) });
  await expect(page.getByText("it will be stretched to the image's size")).toHaveCount(0);
  await page.getByLabel('Describe what should fill the marked area').fill('a window');
  await page.getByRole('button', { name: 'Start inpainting' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
});

test('background removal runs in the browser and sends no image to the server', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, baseURL);
  const pngSignature = Buffer.from([137, 80, 78, 71]);
  const uploads: string[] = [];
  const external: string[] = [];
  page.on('request', (request) => {
    // blob: and data: URLs never leave the browser; anything else must be Atelier itself (no CDN).
    if (!/^(blob|data):/.test(request.url()) && !request.url().startsWith(baseURL!)) external.push(request.url());
    const body = request.postDataBuffer();
    if (body?.includes(pngSignature) || /multipart/.test(request.headers()['content-type'] ?? '')) {
      uploads.push(request.url());
    }
  });
  await page.goto('/tools/background-removal');
  await expect(page.getByText('your image never leaves your device')).toBeVisible();
  await imageInput(page).setInputFiles(photo);
  await page.getByRole('button', { name: 'Remove background' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/You have 29 credits/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^removed-background-\d+\.png$/);
  expect(uploads, 'requests that carried the image').toEqual([]);
  expect(external, 'requests to other hosts').toEqual([]);
});
