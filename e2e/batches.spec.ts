import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signUpViaApi, subscribeToProViaApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { pngFile } from './support/png.ts';
import { VIEWPORTS } from './support/viewports.ts';

// Power use on the tool pages, against the built server and its local engines:
// a batch of three images with its cost, tiles, real progress and one ZIP; a result carried
// into another tool without an upload; History's Open in tool and Run again.

const images = [pngFile('shoe.png', 10), pngFile('bag.png', 90), pngFile('hat.png', 170)];
const imageInput = (page: Page) => page.locator('input[type=file]').first();
const tiles = (page: Page) => page.getByTestId('batch-tile');
/** The tool names heading History's rows. */
const runHeadings = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

interface ApiRun {
  id: string;
  tool: string;
  status: string;
  credits: number;
  batchId: string | null;
  source: { runId: string; outputIndex: number } | null;
  inputs: { field: string; name: string | null }[];
}
const myRuns = async (page: Page) => ((await (await page.request.get('/api/runs')).json()) as { runs: ApiRun[] }).runs;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} × ${viewport.height} (${size})`, () => {
    test.use({ viewport });

    test('three images upscale as one batch, tile by tile, and download as one ZIP', async ({ page }, info) => {
      test.setTimeout(120_000);
      await signUpViaApi(page);
      await subscribeToProViaApi(page);
      await page.goto('/tools/image-upscale');
      await imageInput(page).setInputFiles(images);

      // The cost before anything starts: three runs of one credit, covered by the 430 of a new Pro account.
      await expect(page.getByRole('heading', { name: 'Batch · 3 images' })).toBeVisible();
      await expect(page.getByTestId('batch-cost')).toHaveText(/3 images × 1 = 3 credits\s*Your balance covers it\./);
      await expect(page.getByText('This run costs 3 credits')).toBeVisible();
      await expect(tiles(page)).toHaveCount(3);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('button', { name: 'Upscale', exact: true }).click();
      await expect(tiles(page).and(page.locator('[data-status=succeeded]'))).toHaveCount(3, { timeout: 60_000 });
      await expect(page.getByText('3 of 3 done')).toBeVisible();
      await expect(page.getByText(/You have 427 credits/)).toBeVisible();
      await expect(page.getByRole('img', { name: 'Result for bag.png' })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`batch-${size}.png`) });
      await expectNoSeriousAxeViolations(page);

      // Three ordinary runs of one batch, in History's data too.
      const runs = await myRuns(page);
      const batchRuns = runs.filter((run) => run.batchId !== null);
      expect(batchRuns).toHaveLength(3);
      expect(new Set(batchRuns.map((run) => run.batchId)).size).toBe(1);
      expect(batchRuns.every((run) => run.tool === 'image-upscale' && run.status === 'succeeded')).toBe(true);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download all' }).click();
      const zipPath = info.outputPath('batch.zip');
      await (await download).saveAs(zipPath);
      const entries = unzipSync(new Uint8Array(fs.readFileSync(zipPath)));
      expect(Object.keys(entries).sort()).toEqual(['bag.png', 'hat.png', 'shoe.png']);
      // Each entry is the upscaled PNG (twice the input's 96 px width).
      for (const bytes of Object.values(entries)) {
        expect(Buffer.from(bytes.subarray(1, 4)).toString()).toBe('PNG');
        expect(Buffer.from(bytes).readUInt32BE(16)).toBe(192);
      }
    });
  });
}

test('more than 50 images are refused with a clear message and nothing is lost', async ({ page }) => {
  await signUpViaApi(page);
  await subscribeToProViaApi(page);
  await page.goto('/tools/vectorization');
  await imageInput(page).setInputFiles(images.slice(0, 2));
  await expect(tiles(page)).toHaveCount(2);
  const many = Array.from({ length: 49 }, (_, i) => pngFile(`many-${i}.png`, i));
  await imageInput(page).setInputFiles(many);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'At most 50 images at once' })).toBeVisible();
  await expect(tiles(page)).toHaveCount(2);
  // Removing one of two leaves the single-image page as it always was.
  await page.getByRole('button', { name: 'Remove bag.png' }).click();
  await expect(tiles(page)).toHaveCount(0);
  await expect(page.getByText('shoe.png — drop, paste or click to replace it')).toBeVisible();
});

test('a result continues into another tool with no upload, and History opens and reruns runs', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await page.goto('/tools/image-upscale');
  await imageInput(page).setInputFiles(images[0]!);
  await page.getByRole('button', { name: 'Upscale', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
  const [upscale] = await myRuns(page);

  // Continue with… → Vectorization: the page shows the stored output as its input.
  await page.getByRole('button', { name: 'Continue with…' }).click();
  await page.getByRole('menuitem', { name: 'Vectorization' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/vectorization\\?fromRun=${upscale!.id}&output=0$`));
  await expect(page.getByTestId('input-source')).toContainText('Image Upscale');
  await expect(page.getByRole('img', { name: 'The original image' })).toBeVisible();

  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/runs'));
  await page.getByRole('button', { name: 'Vectorize' }).click();
  const body = (await sent).postDataBuffer() ?? Buffer.alloc(0);
  expect(body.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false); // no PNG bytes uploaded
  expect(body.toString()).toContain(upscale!.id);
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
  const [vector] = await myRuns(page);
  expect(vector).toMatchObject({
    tool: 'vectorization',
    status: 'succeeded',
    source: { runId: upscale!.id, outputIndex: 0 },
  });

  // History: Open in tool fills the upscale page with the stored input and its options.
  await page.goto('/history');
  const upscaleRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Image Upscale' }) });
  await upscaleRow.getByRole('link', { name: 'Open in tool: Image Upscale' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/image-upscale\\?openRun=${upscale!.id}$`));
  await expect(page.getByText('shoe.png — drop, paste or click to replace it')).toBeVisible();
  await expect(page.getByLabel('Upscale type')).toHaveValue('crisp');

  // Run again: a new run of the same input appears at the top, charged once more.
  await page.goto('/history');
  await expect(runHeadings(page)).toHaveCount(2);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Image Upscale' }) })
    .getByRole('button', { name: 'Run again: Image Upscale, 1 credit' })
    .click();
  await expect(runHeadings(page)).toHaveCount(3);
  await expect(runHeadings(page).first()).toHaveText('Image Upscale');
  await expect(page.getByText('Done')).toHaveCount(3, { timeout: 60_000 });
  const runs = await myRuns(page);
  expect(runs[0]).toMatchObject({ tool: 'image-upscale', status: 'succeeded', credits: 1 });
  expect(runs[0]!.id).not.toBe(upscale!.id);
  await expectNoSeriousAxeViolations(page);
});

test('a background-removal batch runs in the browser, one run per image, and zips there', async ({ page }, info) => {
  test.setTimeout(300_000);
  await signUpViaApi(page);
  await subscribeToProViaApi(page);
  const multipart: string[] = [];
  page.on('request', (request) => {
    const type = request.headers()['content-type'] ?? '';
    if (/multipart/.test(type) || request.postDataBuffer()?.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47])))
      multipart.push(request.url());
  });
  await page.goto('/tools/background-removal');
  await imageInput(page).setInputFiles(images.slice(0, 2));
  await expect(page.getByTestId('batch-cost')).toHaveText(/2 images × 1 = 2 credits/);
  await page.getByRole('button', { name: 'Remove background' }).click();
  await expect(tiles(page).and(page.locator('[data-status=succeeded]'))).toHaveCount(2, { timeout: 240_000 });
  await expect(page.getByText(/You have 428 credits/)).toBeVisible();
  expect(multipart, 'no image left the browser').toEqual([]);

  // Two ordinary browser runs, no server batch.
  const runs = await myRuns(page);
  expect(runs.map((run) => [run.tool, run.batchId, run.inputs.length])).toEqual([
    ['background-removal', null, 0],
    ['background-removal', null, 0],
  ]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all' }).click();
  const zipPath = info.outputPath('cut-outs.zip');
  await (await download).saveAs(zipPath);
  const entries = unzipSync(new Uint8Array(fs.readFileSync(zipPath)));
  expect(Object.keys(entries).sort()).toEqual(['bag.png', 'shoe.png']);
  expect(Buffer.from(entries['shoe.png']!).readUInt32BE(16)).toBe(96);

  // A cut-out goes on to another tool: it is uploaded as its run's result first (as saving
  // does, the cut-out only), then the upscale reads it from there.
  await page.getByRole('button', { name: 'Continue with the result of bag.png…' }).click();
  await page.getByRole('menuitem', { name: 'Image Upscale' }).click();
  await expect(page.getByTestId('input-source')).toContainText('Background Removal');
  await page.getByRole('button', { name: 'Upscale', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
  const [upscale] = await myRuns(page);
  expect(upscale).toMatchObject({ tool: 'image-upscale', status: 'succeeded' });
  expect(upscale!.source).toMatchObject({ outputIndex: 0 });
  expect(runs.map((run) => run.id)).toContain(upscale!.source!.runId);

  // Into the same tool again: the page starts afresh with the new result as its input.
  await page.getByRole('button', { name: 'Continue with…' }).click();
  await page.getByRole('menuitem', { name: 'Image Upscale' }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/image-upscale\\?fromRun=${upscale!.id}&output=0$`));
  await expect(page.getByTestId('input-source')).toContainText('Image Upscale');
  await expect(page.getByRole('heading', { name: 'Result' })).toHaveCount(0);
});
