import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { makePng } from './support/png.ts';

// Replace background with no AI provider: the page offers what Atelier's own engine makes — a
// colour, a gradient, a blur, an uploaded background — with no prompt, and the run says `local`.

/** A dark red disc on light grey: a subject ISNet cuts out clearly. */
const disc = {
  name: 'disc.png',
  mimeType: 'image/png',
  buffer: makePng(256, 192, (x, y) => ((x - 128) ** 2 + (y - 96) ** 2 < 56 ** 2 ? [176, 24, 24] : [232, 232, 232])),
};
const meadow = { name: 'meadow.png', mimeType: 'image/png', buffer: makePng(320, 200, () => [40, 160, 60]) };

async function signUp(page: Page, baseURL: string | undefined) {
  const email = `replacebg${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: 'replacebg' },
    headers: { origin: baseURL! },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function latestRun(page: Page) {
  const { runs } = (await (await page.request.get('/api/runs')).json()) as {
    runs: { tool: string; credits: number; engine: string }[];
  };
  return runs[0];
}

test('replace background puts the subject on a colour and on an uploaded background, on the local engine', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUp(page, baseURL);
  await page.goto('/tools/replace-background');
  await expect(page.getByTestId('engine-notice')).toContainText("Runs on Atelier's own engine");
  // No provider here: no prompt, and no background from one.
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveCount(0);
  const choice = page.getByRole('combobox', { name: 'Background' });
  await expect(choice.locator('option')).toHaveText([
    'Solid colour',
    'Gradient',
    'Blur of the original',
    'Uploaded image',
  ]);
  await expect(page.getByTestId('run-cost')).toHaveText('this run costs 1 credit');
  await page.locator('input[type=file]').first().setInputFiles(disc);
  await page.getByLabel('Colour', { exact: true }).fill('#2050e0');
  await expect(page.getByLabel('Soft shadow under the subject')).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Replace background' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 180_000 });
  expect(await latestRun(page)).toMatchObject({ tool: 'replace-background', engine: 'local', credits: 1 });

  await choice.selectOption('image');
  await expect(page.getByLabel('Colour', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Replace background' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Please select a background image' }),
  ).toBeVisible();
  await page.locator('input[type=file]').nth(1).setInputFiles(meadow);
  await page.getByRole('button', { name: 'Replace background' }).click();
  const runs = async () =>
    (
      (await (await page.request.get('/api/runs')).json()) as {
        runs: { engine: string; credits: number; status: string; options: { background: string } }[];
      }
    ).runs;
  await expect
    .poll(async () => (await runs()).map((r) => r.status), { timeout: 180_000 })
    .toEqual(['succeeded', 'succeeded']);
  expect((await runs())[0]).toMatchObject({ engine: 'local', credits: 1, options: { background: 'image' } });
  await expect(
    page
      .getByRole('img', { name: 'Result image 1' })
      .or(page.getByRole('heading', { name: 'Result' }))
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/You have 28 credits/)).toBeVisible();
});
