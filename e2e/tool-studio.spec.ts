import { LANGUAGE_STORAGE_KEY, type Language } from '@atelier/contracts';
import { expect, type Page, test } from '@playwright/test';
import enRun from '../apps/web/src/locales/en/tool-run.json' with { type: 'json' };
import jaRun from '../apps/web/src/locales/ja/tool-run.json' with { type: 'json' };
import zhCnRun from '../apps/web/src/locales/zh-CN/tool-run.json' with { type: 'json' };
import zhTwRun from '../apps/web/src/locales/zh-TW/tool-run.json' with { type: 'json' };
import { signUpViaApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expectHydratedByReact } from './support/hydrated.ts';
import { makeMaskPng, makePng } from './support/png.ts';
import { VIEWPORTS } from './support/viewports.ts';

// The tool page as a studio, at a laptop's and a phone's size: the result lands in
// view, the stage zooms and pans, the mask painter's shortcuts, one mask for uploads and
// strokes (checked in what the server stored), samples, download formats, the shortcut list
// in four languages and the question before leaving a run.

const photo = { name: 'photo.png', mimeType: 'image/png', buffer: makePng(160, 120) };
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const imageInput = (page: Page) => page.locator('input[type=file]').first();
const zoomLevel = (page: Page) => page.getByTestId('zoom-level');
const stageScale = (page: Page) =>
  page.getByTestId('stage-content').evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a);

/** Nothing focused: keys go to the page (as after clicking its background). */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/**
 * How many pixels of the painter's overlay carry paint, and whether given points (0..1 of the
 * image) do. Read once the overlay is redrawn from the history: a stroke is shown as drawn
 * live, segment by segment, until the effect after its commit (a frame later) redraws it whole,
 * antialiased a few pixels differently.
 */
async function overlayPaint(page: Page, points: [number, number][] = []) {
  return page.getByTestId('mask-canvas').evaluate(async (canvas: HTMLCanvasElement, points) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
    const at = points.map(([x, y]) => {
      const i = (Math.floor(y * (canvas.height - 1)) * canvas.width + Math.floor(x * (canvas.width - 1))) * 4 + 3;
      return data[i]! > 0;
    });
    return { painted, at };
  }, points);
}

/** A drag on the stage between two points given as fractions of the painter's canvas box. */
async function paintStroke(page: Page, from: [number, number], to: [number, number]) {
  await page.getByTestId('mask-canvas').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('mask-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 8 });
  await page.mouse.up();
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} × ${viewport.height} (${size})`, () => {
    test.use({ viewport });

    test('a sample runs end to end and its result lands in view without scrolling', async ({ page }) => {
      test.setTimeout(120_000);
      await signUpViaApi(page);
      await page.goto('/tools/ai-eraser');
      await page.getByRole('button', { name: 'Try the sample: Astronaut' }).click();
      await expect(page.getByText('astronaut.jpg — drop, paste or click to replace it')).toBeVisible();
      await expect(page.getByRole('img', { name: 'The original image' })).toBeVisible();

      await page.getByRole('button', { name: 'Erase background' }).click();
      await expect(page.getByRole('progressbar')).toBeInViewport();
      await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
      // The page brought it here; the test did not scroll.
      await expect(page.getByRole('img', { name: 'Result image 1' })).toBeInViewport({ ratio: 0.9 });
      await expect(page.getByRole('button', { name: 'Download Result' })).toBeInViewport();
      await expect(page.getByText(/You have 29 credits/)).toBeVisible();

      // The run is an ordinary run of the sample: charged, stored, in the history, 512² like the sample.
      const { runs } = (await (await page.request.get('/api/runs')).json()) as {
        runs: { tool: string; status: string; credits: number; outputs: { width: number; height: number }[] }[];
      };
      expect(runs[0]).toMatchObject({ tool: 'ai-eraser', status: 'succeeded', credits: 1 });
      expect(runs[0]!.outputs[0]).toMatchObject({ width: 512, height: 512 });
      // A cut-out has transparency: JPEG is not offered for it.
      await expect(page.getByRole('combobox', { name: 'Format' }).locator('option')).toHaveText(['PNG', 'WebP']);
    });

    test('zoom in, Fit and 100 % change the scale shown; the wheel zooms too', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/tools/image-upscale');
      await imageInput(page).setInputFiles(photo);
      await expect(page.getByRole('img', { name: 'The original image' })).toBeVisible();
      await expect(zoomLevel(page)).toHaveText(/^\d+%$/);
      const fitted = await zoomLevel(page).textContent();
      const fittedScale = await stageScale(page);
      expect(fittedScale).toBeGreaterThan(1); // a 160 × 120 image is enlarged to fit

      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect(zoomLevel(page)).not.toHaveText(fitted!);
      expect(await stageScale(page)).toBeCloseTo(fittedScale * 1.25, 3);
      await page.getByRole('button', { name: 'Fit to the stage' }).click();
      await expect(zoomLevel(page)).toHaveText(fitted!);
      await page.getByRole('button', { name: '100 % – actual size' }).click();
      await expect(zoomLevel(page)).toHaveText('100%');
      expect(await stageScale(page)).toBeCloseTo(1, 3);

      // The wheel zooms around the pointer: the image point under it stays put.
      await page.getByTestId('stage-viewport').scrollIntoViewIfNeeded();
      const box = (await page.getByTestId('stage-viewport').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 5);
      await page.mouse.wheel(0, -200);
      await expect(zoomLevel(page)).toHaveText('156%');
      // Keys: 0 fits again.
      await page.keyboard.press('0');
      await expect(zoomLevel(page)).toHaveText(fitted!);
    });

    test('the mask painter: [ and ] size the brush, Ctrl+Z undoes a stroke, Space or the middle button pans, keys stay out of text fields', async ({
      page,
    }) => {
      await signUpViaApi(page);
      await page.goto('/tools/inpainting');
      await imageInput(page).setInputFiles(photo);
      await expect(page.getByTestId('mask-canvas')).toBeVisible(); // the painter has the image
      const size = page.getByRole('slider', { name: 'Brush size' });
      await expect(size).toHaveValue('40');
      await blur(page);
      await page.keyboard.press(']');
      await expect(size).toHaveValue('48');
      await page.keyboard.press('[');
      await page.keyboard.press('[');
      await expect(size).toHaveValue('33');
      // The cursor circle follows the pointer at the brush's size.
      await page.getByTestId('mask-canvas').scrollIntoViewIfNeeded();
      const box = (await page.getByTestId('mask-canvas').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page.getByTestId('brush-cursor')).toHaveCSS('width', '33px');

      expect((await overlayPaint(page)).painted).toBe(0);
      await paintStroke(page, [0.2, 0.5], [0.8, 0.5]);
      const one = (await overlayPaint(page)).painted;
      expect(one).toBeGreaterThan(0);
      await paintStroke(page, [0.5, 0.1], [0.5, 0.9]);
      expect((await overlayPaint(page)).painted).toBeGreaterThan(one);
      await page.keyboard.press('Control+z');
      await expect.poll(async () => (await overlayPaint(page)).painted).toBe(one);
      await page.keyboard.press('Control+z');
      await expect.poll(async () => (await overlayPaint(page)).painted).toBe(0);
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(async () => (await overlayPaint(page)).painted).toBe(one);

      // Space + drag and a middle-button drag move the image instead of painting.
      const translateX = () =>
        page
          .getByTestId('stage-content')
          .evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).e);
      const before = await translateX();
      await page.keyboard.down('Space');
      await paintStroke(page, [0.5, 0.5], [0.6, 0.5]);
      await page.keyboard.up('Space');
      const panned = await translateX();
      expect(panned).toBeGreaterThan(before + 10);
      const middle = (await page.getByTestId('stage-viewport').boundingBox())!;
      await page.mouse.move(middle.x + middle.width / 2, middle.y + middle.height / 2);
      await page.mouse.down({ button: 'middle' });
      await page.mouse.move(middle.x + middle.width / 2 - 30, middle.y + middle.height / 2, { steps: 4 });
      await page.mouse.up({ button: 'middle' });
      expect(await translateX()).toBeLessThan(panned - 10);
      expect((await overlayPaint(page)).painted).toBe(one);

      // E picks the eraser, B the brush; typed into the prompt they are only letters.
      await page.keyboard.press('e');
      await expect(page.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true');
      const prompt = page.getByLabel('Describe what should fill the marked area');
      await prompt.fill('a b');
      await prompt.press('b');
      await expect(prompt).toHaveValue('a bb');
      await expect(page.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true');
      await prompt.press('Backspace');
      await expect.poll(async () => (await overlayPaint(page)).painted).toBe(one);
    });

    test('an uploaded mask shows on the painter, a stroke adds to it, and both are sent', async ({ page }) => {
      test.setTimeout(90_000);
      await signUpViaApi(page);
      await page.goto('/tools/inpainting');
      await imageInput(page).setInputFiles(photo);
      await expect(page.getByTestId('mask-canvas')).toBeVisible(); // the painter has the image
      const uploadMask = page.getByLabel('Upload a mask');

      // Another shape, or not an image: refused, with the reason.
      await uploadMask.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: makeMaskPng(100, 80) });
      await expect(toast(page, "The mask's shape (100 × 80) does not match the image's (160 × 120)")).toBeVisible();
      await uploadMask.setInputFiles({ name: 'mask.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await expect(toast(page, 'The mask could not be read as an image')).toBeVisible();
      expect((await overlayPaint(page)).painted).toBe(0);

      // The same shape at half the resolution: scaled to the image, shown as the overlay.
      await uploadMask.setInputFiles({ name: 'mask.png', mimeType: 'image/png', buffer: makeMaskPng(80, 60) });
      await expect.poll(async () => (await overlayPaint(page, [[0.5, 0.5]])).at).toEqual([true]);
      expect((await overlayPaint(page, [[0.1, 0.5]])).at).toEqual([false]);
      await paintStroke(page, [0.06, 0.2], [0.06, 0.8]); // a stroke along the left edge
      expect(
        (
          await overlayPaint(page, [
            [0.5, 0.5],
            [0.06, 0.5],
            [0.95, 0.05],
          ])
        ).at,
      ).toEqual([true, true, false]);

      await page.getByLabel('Describe what should fill the marked area').fill('a window');
      await page.getByLabel('Describe what should fill the marked area').press('Control+Enter');
      await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });

      // What the server stored as the run's mask: the uploaded square and the stroke, black elsewhere.
      const { profile } = (await (await page.request.get('/api/me')).json()) as { profile: { userId: string } };
      const { runs } = (await (await page.request.get('/api/runs')).json()) as { runs: { id: string }[] };
      const stored = await page.evaluate(async (url) => {
        const bitmap = await createImageBitmap(await (await fetch(url)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        const red = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[0]!;
        return {
          width: bitmap.width,
          height: bitmap.height,
          centre: red(80, 60),
          stroke: red(10, 60),
          corner: red(150, 8),
        };
      }, `/files/runs/${profile.userId}/${runs[0]!.id}/input-mask.png`);
      expect(stored).toMatchObject({ width: 160, height: 120 });
      expect(stored.centre).toBeGreaterThan(200);
      expect(stored.stroke).toBeGreaterThan(200);
      expect(stored.corner).toBeLessThan(30);

      // The mask sent is on the stage too.
      await page.getByRole('button', { name: 'Mask', exact: true }).click();
      await expect(page.getByRole('img', { name: 'The mask: white marks the inpainted area' })).toBeVisible();
    });

    test('downloads as JPEG and as WebP, converted in the browser, under the spec name; copies as PNG', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signUpViaApi(page);
      await page.goto('/tools/ai-photo-editor');
      await imageInput(page).setInputFiles(photo);
      await page.getByRole('button', { name: 'Edit photo' }).click();
      await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
      const format = page.getByRole('combobox', { name: 'Format' });
      await expect(format.locator('option')).toHaveText(['PNG', 'JPEG', 'WebP']);

      for (const [label, name, magic] of [
        ['JPEG', /^edited-photo-\d+\.jpg$/, (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
        [
          'WebP',
          /^edited-photo-\d+\.webp$/,
          (b: Buffer) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP',
        ],
      ] as const) {
        await format.selectOption({ label });
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download Result' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(name);
        const chunks: Buffer[] = [];
        for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
        expect(magic(Buffer.concat(chunks)), `${label} bytes`).toBe(true);
      }

      // Copy puts the result on the clipboard as PNG.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Copy' }).click();
      await expect(toast(page, 'Image copied to the clipboard')).toBeVisible();
      expect(await page.evaluate(async () => (await navigator.clipboard.read())[0]?.types)).toContain('image/png');
    });
  });
}

const RUN_TEXTS = { en: enRun, 'zh-TW': zhTwRun, 'zh-CN': zhCnRun, ja: jaRun } as const;

test('the shortcut list opens with "?" in all four languages', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/');
  for (const language of Object.keys(RUN_TEXTS) as Language[]) {
    const texts = RUN_TEXTS[language].shortcuts;
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: language,
    });
    await page.goto('/tools/inpainting');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await blur(page);
    const dialog = page.getByRole('dialog', { name: texts.title });
    // A key pressed before the page is hydrated reaches no handler (only presses on controls
    // are held, ADR 0030): pressed again until the list shows; opening it twice is opening it.
    await expect(async () => {
      await page.keyboard.press('Shift+?');
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass();
    for (const action of [texts.actions.run, texts.actions.undo, texts.actions.brushSize, texts.actions.fit])
      await expect(dialog.getByText(action, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: texts.groups.mask })).toBeVisible();
    await expect(dialog.locator('kbd').getByText(texts.keys.space, { exact: true })).toBeVisible();
    if (language === 'en') await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

test('leaving during a run asks first; the run goes on and is in the history', async ({ page }) => {
  await signUpViaApi(page);
  // The progress stream never answers, so the page stays "in progress" as long as the test needs.
  await page.route('**/api/runs/*/events', () => {});
  await page.goto('/tools/image-generation');
  // A keyboard shortcut is the app's: it works once the app has started (its scripts load after
  // the page's first paint); a press on a button before then is held and made (server-rendering.spec.ts).
  await expectHydratedByReact(page);
  await page.getByLabel('Prompt', { exact: true }).fill('a quiet harbour');
  await page.getByLabel('Prompt', { exact: true }).press('Control+Enter');
  await expect(page.getByRole('progressbar')).toBeVisible();

  await page.getByRole('link', { name: 'Gallery' }).first().click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave while the run is in progress?' });
  await expect(dialog).toContainText('its result will be in your History');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/tools\/image-generation$/);
  await expect(page.getByRole('progressbar')).toBeVisible();

  await page.getByRole('link', { name: 'Gallery' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect
    .poll(async () => {
      const { runs } = (await (await page.request.get('/api/runs')).json()) as { runs: { status: string }[] };
      return runs[0]?.status;
    })
    .toBe('succeeded');
});

test('a tool page with a result, the painter and the empty stage pass axe in both themes', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  await page.goto('/tools/inpainting');
  await page.getByRole('button', { name: 'Try the sample: Coffee' }).click();
  await expect(page.getByTestId('mask-canvas')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Describe what should fill the marked area').fill('saucer');
  await page.getByRole('button', { name: 'Start inpainting' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousAxeViolations(page);
});
